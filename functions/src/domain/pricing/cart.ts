import {
  COUPON_MESSAGES as C,
  couponProblem,
  couponProblemStatus,
  pricingCouponOf,
  priceOrder,
  rupees,
  type CartPricing,
  type OrderPricing,
  type PricedItem,
} from '@gia/shared/selling-rules.ts';
import type { Coupon } from '@gia/shared/admin-answers.ts';
import { isTranslationLanguage } from '@gia/shared/languages.ts';
import {
  cartAndCoupon,
  cartPricingKeys,
  cartPricingRecords,
  coupon as readCoupon,
  couponUsesBy,
} from '../../db/selling.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { subjectCardsAnd, type SubjectCard } from '../entitlement/index.ts';

/** Why a code does not apply, as the contract's answer: 404 unknown, 409 used up, else 400. */
export function couponError(problem: string): Error {
  const status = couponProblemStatus(problem);
  if (status === 404) return new NotFoundError(problem);
  if (status === 409) return new ConflictError(problem);
  return new ValidationError(problem, [{ field: 'code', message: problem }]);
}

/** The cart's items as the pricing rule takes them (prices in paise). */
export const pricedItemsOf = (
  items: { subject_id: string; subject_price: number; board_id?: string; class_id?: string }[],
): PricedItem[] =>
  items.map((i) => ({
    subject_id: i.subject_id,
    price_paise: Math.round(i.subject_price * 100),
    board_id: i.board_id,
    class_id: i.class_id,
  }));

/** A code set on a cart, read with this learner's redemptions of it and checked against the cart. */
export async function checkedCoupon(
  userId: string,
  code: string,
  items: readonly PricedItem[],
): Promise<{ coupon?: Coupon; problem?: string }> {
  const [c, usedByLearner] = await Promise.all([readCoupon(code), couponUsesBy(userId, code)]);
  if (!c) return { problem: C.unknown };
  return { coupon: c, problem: couponProblem(c, { items, now: new Date(), usedByLearner }) };
}

/** The coupon read with the cart, with this learner's uses of it, checked against the cart. */
function couponChecked(
  c: Coupon | undefined,
  usedByLearner: number,
  items: readonly PricedItem[],
): { coupon?: Coupon; problem?: string } {
  if (!c) return { problem: C.unknown };
  return { coupon: c, problem: couponProblem(c, { items, now: new Date(), usedByLearner }) };
}

/**
 * A learner's cart with current prices and names, priced by the one pricing rule (`priceOrder`)
 * with the coupon set on it (when it applies), the seller's GST settings and the learner's
 * state: what the cart screen shows and what a payment charges.
 */
/** A subject's name in a learner's language, where it has one (`{}` in English or without). */
function localName(card: SubjectCard, language: string | undefined): { local_name?: string } {
  const name = isTranslationLanguage(language)
    ? card.translations?.[language]?.subject_name
    : undefined;
  return name ? { local_name: name } : {};
}

export async function pricedCart(userId: string, buyerStateOverride?: string) {
  // Two requests: the items with the cart's code (one Query), then their subjects, the profile,
  // the seller's settings and the coupon with this learner's uses of it (one BatchGet).
  const { items: rows, code } = await cartAndCoupon(userId);
  const { cards, extras } = await subjectCardsAnd(rows, cartPricingKeys(userId, code));
  const read = cartPricingRecords(extras, userId, code);
  const { profile, seller } = read;
  const items = rows.flatMap((i) => {
    const card = cards.get(i.subject_id);
    if (!card) return [];
    return [
      {
        cart_id: i.cart_id,
        user_id: userId,
        subject_id: card.subject_id,
        subject_name: card.subject_name,
        // The name in the learner's language, which their order and invoice keep (issue 33).
        ...localName(card, profile?.language),
        subject_price: card.subject_price,
        subject_image_url: card.subject_image_url,
        board_name: card.board_name,
        class_name: card.class_name,
        class_id: card.class_id,
        board_id: card.board_id,
        added_at: i.added_at,
        updated_at: i.updated_at,
      },
    ];
  });
  const priced = pricedItemsOf(items);
  const checked =
    code && items.length ? couponChecked(read.coupon, read.usedByLearner, priced) : {};
  const applied = checked.coupon && !checked.problem ? checked.coupon : undefined;
  const buyerState = buyerStateOverride ?? profile?.state;
  // Without the buyer's state on record, the place of supply is the seller's (IGST Act s. 12(2)(b)).
  const pricing: OrderPricing = priceOrder(
    priced,
    applied ? pricingCouponOf(applied) : null,
    seller ?? { state: '', gst_rate_percent: 0 },
    buyerState ?? seller?.state ?? '',
  );
  const view: CartPricing = {
    subtotal: rupees(pricing.subtotal),
    discount: rupees(pricing.discount),
    tax: seller
      ? {
          cgst: rupees(pricing.tax.cgst),
          sgst: rupees(pricing.tax.sgst),
          igst: rupees(pricing.tax.igst),
        }
      : null,
    total: rupees(pricing.total),
    gst_rate_percent: seller ? seller.gst_rate_percent : null,
    coupon: code
      ? { code, discount: rupees(pricing.discount), problem: checked.problem ?? null }
      : null,
    buyer_state: buyerState ?? null,
  };
  return {
    items,
    ...view,
    /** For the order: the pricing in paise, the coupon applied, the seller and the buyer. */
    order: { pricing, coupon: applied, problem: checked.problem, seller, buyerState, profile },
  };
}

export type PricedCart = Awaited<ReturnType<typeof pricedCart>>;

/** What `getUSER_CART` answers beside its items. */
export const cartPricingView = (cart: PricedCart): CartPricing => ({
  subtotal: cart.subtotal,
  discount: cart.discount,
  tax: cart.tax,
  total: cart.total,
  gst_rate_percent: cart.gst_rate_percent,
  coupon: cart.coupon,
  buyer_state: cart.buyer_state,
});
