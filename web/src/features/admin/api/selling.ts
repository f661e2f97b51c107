import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsertCouponInput, SellerSettings } from '@gia/shared/selling.ts';
import type { Coupon, SellerSettingsAnswer } from '@gia/shared/admin-answers.ts';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** The seller's GST settings and the coupons (docs/api.md §8c). */

export const sellingKeys = {
  settings: () => ['admin-seller-settings'] as const,
  coupons: () => ['admin-coupons'] as const,
};

/** The seller's settings: the defaults with `saved: false` until they are first saved. */
export const useSellerSettings = () =>
  useQuery({
    queryKey: sellingKeys.settings(),
    queryFn: async () =>
      (await api<{ data: SellerSettingsAnswer }>('GET', apiPath('admin.selling.settings'))).data,
  });

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerSettings) =>
      api<{ message: string; data: SellerSettingsAnswer }>(
        'POST',
        apiPath('admin.selling.settings.update'),
        { body },
      ),
    onSuccess: (res) => queryClient.setQueryData(sellingKeys.settings(), res.data),
  });
}

/** Every coupon, by code. */
export const useCoupons = () =>
  useQuery({
    queryKey: sellingKeys.coupons(),
    queryFn: async () => (await api<{ data: Coupon[] }>('GET', apiPath('admin.coupons.get'))).data,
  });

/** Every change of a coupon reads the list again (uses are counted by the server). */
function useCouponChange<V>(send: (v: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellingKeys.coupons() }),
  });
}

/** Creates a coupon, or (`update`) changes the terms of the one with this code. */
export const useSaveCoupon = () =>
  useCouponChange(({ coupon, update }: { coupon: InsertCouponInput; update: boolean }) =>
    api<{ message: string; data: Coupon }>(
      'POST',
      apiPath(update ? 'admin.coupons.update' : 'admin.coupons.insert'),
      { body: coupon },
    ),
  );

export const useDeleteCoupon = () =>
  useCouponChange((code: string) =>
    api<{ message: string }>('DELETE', apiPath('admin.coupons.delete', { id: code })),
  );
