import { useCartItems } from '../features/commerce/api/cart.ts';
import { useHasSession } from '../lib/session.ts';

/**
 * The number of items in the signed-in learner's cart, for the header's cart link (`undefined`
 * for a visitor or while unknown). It reads the cart's own query, so adding or removing an item
 * (which refreshes that query) updates the count.
 */
export function useCartCount(): number | undefined {
  const signedIn = useHasSession('learner');
  const cart = useCartItems(signedIn);
  return signedIn ? cart.data?.data.length : undefined;
}
