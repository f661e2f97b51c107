import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, InsertAdminInput } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { allPages } from '../../../lib/all-pages.ts';

/** Query keys of the admin accounts. */
export const adminKeys = {
  all: () => ['admins'] as const,
};

export const useAdmins = () =>
  useQuery({ queryKey: adminKeys.all(), queryFn: () => allPages<AdminAccount>('admin.getAdmins') });

/** Creates an admin account. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InsertAdminInput) => call('admin.insertAdmin', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all() }),
  });
}

/** Removes an admin account. */
export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminId: string) => call('admin.deleteAdmin', { params: { admin_id: adminId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all() }),
  });
}
