import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartAnswer } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** Query keys of the learner's cart. */
export const cartKeys = {
  all: () => ['cart'] as const,
};

/** The cart's items with current prices, and their total in rupees (`enabled`: only with a session). */
export const useCartItems = (enabled = true) =>
  useQuery({
    queryKey: cartKeys.all(),
    enabled,
    queryFn: () => api<CartAnswer>('GET', apiPath('cart.get')),
  });

/** Adds a subject to the cart. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      api<{ message: string }>('POST', apiPath('cart.insert'), {
        body: { subject_id: subjectId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
  });
}

/** Takes an item out of the cart. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartId: string) =>
      api<{ message: string }>('DELETE', apiPath('cart.delete', { cart_id: cartId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
  });
}
