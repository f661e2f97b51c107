import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartAnswer } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * A cart write's query: the language its answer (the whole cart) names things in, as the cart's
 * read does (none in English).
 */
const answerIn = () => {
  const { language } = useLanguage.getState();
  return language === 'en' ? undefined : { lang: language };
};

/** Query keys of the learner's cart. */
export const cartKeys = {
  all: () => ['cart'] as const,
};

/** The cart's items with current prices, and their total in rupees (`enabled`: only with a session). */
export const useCartItems = (enabled = true) =>
  useQuery({
    queryKey: cartKeys.all(),
    enabled,
    queryFn: () => call('cart.get'),
  });

/**
 * Adds a subject to the cart. The answer carries the whole cart, which replaces the cached one:
 * no second request to read it again (issue 30).
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      call('cart.insert', { body: { subject_id: subjectId }, query: answerIn() }),
    onSuccess: (added) =>
      queryClient.setQueryData(cartKeys.all(), { message: added.message, ...added.cart }),
  });
}

/** Takes an item out of the cart. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartId: string) => call('cart.delete', { params: { cart_id: cartId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
  });
}

/** The cart answered by a coupon change: it replaces the cached cart at once. */
function useCartChange<A>(request: (arg: A) => Promise<CartAnswer & { message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.all(), cart),
  });
}

/** Sets a coupon code on the cart (the server checks it against the cart and prices it). */
export const useApplyCoupon = () =>
  useCartChange((code: string) => call('cart.applyCoupon', { body: { code }, query: answerIn() }));

/** Takes the coupon off the cart. */
export const useRemoveCoupon = () =>
  useCartChange(() => call('cart.removeCoupon', { query: answerIn() }));

/** Saves the learner's state (it splits the GST), then prices the cart again. */
export function useSaveState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: string) => call('profile.updateState', { body: { state } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}
