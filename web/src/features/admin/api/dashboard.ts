import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export const dashboardKeys = { counts: () => ['admin-dashboard'] as const };

/** The dashboard's counts (read again whenever the dashboard is shown). */
export const useDashboardCounts = () =>
  useQuery({
    queryKey: dashboardKeys.counts(),
    queryFn: async () => (await call('admin.dashboard')).data,
    staleTime: 0,
  });
