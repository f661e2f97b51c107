import { ulid } from 'ulid';
import { LEARNER_MESSAGES as M } from '@gia/shared';
import { COUPON_MESSAGES as C, normaliseCouponCode } from '@gia/shared/selling-rules.ts';
import { addCartItem, cartItem, removeCartItem } from '../db/learner.ts';
import { clearCartCoupon, setCartCoupon } from '../db/selling.ts';
import { WriteRefused } from '../db/transact.ts';
import { checkedCoupon, couponError, pricedCart, pricedItemsOf } from '../domain/pricing/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { subjectCards } from '../domain/entitlement/index.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** A learner's cart with current prices and names, and its prices in rupees. */
export const getCart = (userId: string) => pricedCart(userId);

/**
 * Sets a coupon code on the learner's cart once it applies to the cart now (else the reason,
 * and the cart keeps the code it had); answers the cart priced with it.
 */
export async function applyCoupon(userId: string, rawCode: string) {
  const code = normaliseCouponCode(rawCode);
  const cart = await pricedCart(userId);
  if (!cart.items.length) throw new ValidationError(C.notEligible);
  const { problem } = await checkedCoupon(userId, code, pricedItemsOf(cart.items));
  if (problem) throw couponError(problem);
  await setCartCoupon(userId, code, new Date().toISOString());
  return pricedCart(userId);
}

/** Clears the cart's coupon (none set: nothing changes); answers the cart priced without it. */
export async function removeCoupon(userId: string) {
  await clearCartCoupon(userId);
  return pricedCart(userId);
}

/** Adds a subject to the cart, refusing duplicates, subjects owned and free subjects. */
export async function addToCart(userId: string, subjectId: string) {
  const card = (await subjectCards([subjectId])).get(subjectId);
  if (!card) throw new NotFoundError(M.subjectNotFound);
  if (card.free) throw new ConflictError(M.cartFree);
  const now = today();
  const item = {
    cart_id: ulid(),
    user_id: userId,
    subject_id: subjectId,
    class_id: card.class_id,
    board_id: card.board_id,
    added_at: now,
    updated_at: now,
  };
  try {
    await addCartItem(item);
  } catch (err) {
    if (!(err instanceof WriteRefused)) throw err;
    if (err.reason === 'duplicate') throw new ConflictError(M.cartDuplicate);
    if (err.reason === 'owned') throw new ConflictError(M.cartOwned);
    throw new NotFoundError(M.subjectNotFound);
  }
  return { ...item, subject_name: card.subject_name, subject_price: card.subject_price };
}

/** Removes one of the learner's own cart items; anyone else's is simply not found. */
export async function removeFromCart(userId: string, cartId: string) {
  const item = await cartItem(userId, cartId);
  if (!item) throw new NotFoundError(M.cartItemNotFound);
  await removeCartItem(userId, cartId, item.subject_id).catch((err: unknown) => {
    if (err instanceof WriteRefused) throw new NotFoundError(M.cartItemNotFound);
    throw err;
  });
}
