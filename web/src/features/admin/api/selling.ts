import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsertCouponInput, SellerSettings } from '@gia/shared/selling.ts';
import { call } from '../../../lib/api-call.ts';

/** The seller's GST settings and the coupons (docs/api.md §8c). */

export const sellingKeys = {
  settings: () => ['admin-seller-settings'] as const,
  coupons: () => ['admin-coupons'] as const,
};

/** The seller's settings: the defaults with `saved: false` until they are first saved. */
export const useSellerSettings = () =>
  useQuery({
    queryKey: sellingKeys.settings(),
    queryFn: async () => (await call('admin.selling.settings')).data,
  });

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerSettings) => call('admin.selling.settings.update', { body }),
    onSuccess: (res) => queryClient.setQueryData(sellingKeys.settings(), res.data),
  });
}

/** Every coupon, by code. */
export const useCoupons = () =>
  useQuery({
    queryKey: sellingKeys.coupons(),
    queryFn: async () => (await call('admin.coupons.get')).data,
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
    call(update ? 'admin.coupons.update' : 'admin.coupons.insert', { body: coupon }),
  );

export const useDeleteCoupon = () =>
  useCouponChange((code: string) => call('admin.coupons.delete', { params: { id: code } }));
