import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** The dashboard's counts, as `admin.dashboard` answers them. */
export interface DashboardCounts {
  learners: number;
  /** Payments that granted subjects in the last 7 days (`since` is when that span starts). */
  paid_orders: { count: number; amount: number; since: string };
  unanswered_questions: number;
}

export const dashboardKeys = { counts: () => ['admin-dashboard'] as const };

/** The dashboard's counts (read again whenever the dashboard is shown). */
export const useDashboardCounts = () =>
  useQuery({
    queryKey: dashboardKeys.counts(),
    queryFn: async () =>
      (await api<{ data: DashboardCounts }>('GET', apiPath('admin.dashboard'))).data,
    staleTime: 0,
  });
