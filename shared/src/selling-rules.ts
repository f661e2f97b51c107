import type { Coupon } from './admin-answers.ts';
import { registerMessages } from './message-codes.ts';

/*
 * Selling in India (issue 18), the data and rules without schemas (so a function that prices a
 * cart does not bundle the admin's forms): GST state codes, messages, the one pricing rule that
 * the cart shows, the payment charges and the invoice prints, and why a coupon does not apply.
 * Money in new fields is integer paise; prices are tax-inclusive.
 */

export { INDIAN_STATES, isStateCode, SELLING_MESSAGES, type StateCode } from './gst-states.ts';

/** The SAC and GST rate a new deployment starts with (the seller's call: both configurable). */
export const SELLER_DEFAULTS = { sac: '999293', gst_rate_percent: 18 } as const;

/** A coupon as the pricing rule needs it (validity is checked before, by `couponProblem`). */
export interface PricingCoupon {
  code: string;
  kind: 'percent' | 'flat';
  /** Percent (1–100) or paise. */
  value: number;
  /** Only these boards, classes or subjects; none listed: everything. */
  board_ids?: readonly string[];
  class_ids?: readonly string[];
  subject_ids?: readonly string[];
}

/** One subject of the cart, at its tax-inclusive price. */
export interface PricedItem {
  subject_id: string;
  price_paise: number;
  board_id?: string;
  class_id?: string;
}

export interface OrderPricing {
  subtotal: number;
  discount: number;
  /** The value the tax is on: `total` without its tax. */
  taxable: number;
  tax: { cgst: number; sgst: number; igst: number };
  total: number;
  rate_percent: number;
  coupon: { code: string; discount: number } | null;
}

/** Whether a coupon applies to an item (an empty scope: to everything). */
export function couponCovers(coupon: PricingCoupon, item: PricedItem): boolean {
  const lists = [
    [coupon.board_ids, item.board_id],
    [coupon.class_ids, item.class_id],
    [coupon.subject_ids, item.subject_id],
  ] as const;
  const scoped = lists.filter(([ids]) => ids && ids.length > 0);
  return !scoped.length || scoped.some(([ids, id]) => id !== undefined && ids!.includes(id));
}

/**
 * The one pricing rule (paise): prices are tax-inclusive; the coupon takes its discount off the
 * items it covers (a percentage rounded down to the paisa; a flat amount at most what they cost);
 * the tax inside the total is split CGST + SGST when buyer and seller are in the same state
 * (CGST rounded down, SGST the rest), IGST otherwise.
 */
export function priceOrder(
  items: readonly PricedItem[],
  coupon: PricingCoupon | null,
  seller: { state: string; gst_rate_percent: number },
  buyerState: string,
): OrderPricing {
  const subtotal = items.reduce((sum, i) => sum + i.price_paise, 0);
  const eligible = coupon
    ? items.filter((i) => couponCovers(coupon, i)).reduce((sum, i) => sum + i.price_paise, 0)
    : 0;
  const discount = !coupon
    ? 0
    : coupon.kind === 'percent'
      ? Math.floor((eligible * Math.min(100, Math.max(0, coupon.value))) / 100)
      : Math.min(Math.max(0, coupon.value), eligible);
  const total = subtotal - discount;
  const rate = seller.gst_rate_percent;
  const taxable = Math.round((total * 100) / (100 + rate));
  const tax = total - taxable;
  const local = buyerState === seller.state;
  const cgst = local ? Math.floor(tax / 2) : 0;
  return {
    subtotal,
    discount,
    taxable,
    tax: { cgst, sgst: local ? tax - cgst : 0, igst: local ? 0 : tax },
    total,
    rate_percent: rate,
    coupon: coupon ? { code: coupon.code, discount } : null,
  };
}

/**
 * What to refund of an order's charge for some of its subjects (paise): their list prices' share
 * of what was charged, so each subject carries its share of the coupon's discount. Subject prices
 * are rupees (as the catalogue stores them), the charge is paise (as Razorpay counts).
 */
export function refundShare(
  charged_paise: number,
  items: readonly { subject_price: number }[],
  refunded: readonly { subject_price: number }[],
): number {
  const paise = (list: readonly { subject_price: number }[]) =>
    list.reduce((sum, i) => sum + Math.round(i.subject_price * 100), 0);
  const listPaise = paise(items);
  return listPaise > 0 ? Math.round((paise(refunded) * charged_paise) / listPaise) : 0;
}

export const COUPON_MESSAGES = {
  loaded: 'Coupons loaded.',
  created: 'Coupon created.',
  updated: 'Coupon updated.',
  deleted: 'Coupon deleted.',
  notFound: 'Coupon not found.',
  codeTaken: 'A coupon with this code already exists.',
  codeFormat: 'The code must be 3 to 32 letters, digits, - or _.',
  percentRange: 'A percent coupon takes 1 to 100 percent off.',
  amountRange: 'A flat coupon takes ₹1 to ₹10,00,000 off.',
  dates: 'valid_to must be after valid_from.',
  kindInvalid: 'kind must be percent or flat.',
  // Why a learner's code does not apply (applyCoupon, processPayment).
  unknown: 'This coupon code is not valid.',
  disabled: 'This coupon is no longer available.',
  notYet: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  belowMinimum: 'Add more to your cart to use this coupon.',
  notEligible: 'This coupon does not apply to the subjects in your cart.',
  usedUp: 'This coupon has been fully redeemed.',
  usedByYou: 'You have already used this coupon.',
  // The learner's cart (applyCoupon, removeCoupon).
  applied: 'Coupon applied.',
  removed: 'Coupon removed.',
  codeRequired: 'Please enter a coupon code.',
} as const;

const C = COUPON_MESSAGES;

/** A coupon code as stored: trimmed and upper-cased. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/** A coupon as the pricing rule takes it. */
export const pricingCouponOf = (c: Coupon): PricingCoupon => ({
  code: c.code,
  kind: c.kind,
  value: c.kind === 'percent' ? (c.percent ?? 0) : (c.amount_paise ?? 0),
  board_ids: c.board_ids,
  class_ids: c.class_ids,
  subject_ids: c.subject_ids,
});

/**
 * Why a coupon does not apply to this cart now, or undefined when it does: disabled, outside its
 * dates, below its minimum cart, covering none of the cart's subjects, used up, or already used
 * by this learner as often as it allows. It counts redemptions (`uses`); the reservation made
 * with the order (`taken`, see functions/src/db/selling.ts) is what finally guards the limits.
 */
export function couponProblem(
  c: Coupon,
  cart: { items: readonly PricedItem[]; now: Date; usedByLearner: number },
): string | undefined {
  if (!c.enabled) return C.disabled;
  const now = cart.now.getTime();
  if (now < Date.parse(c.valid_from)) return C.notYet;
  if (now > Date.parse(c.valid_to)) return C.expired;
  const subtotal = cart.items.reduce((sum, i) => sum + i.price_paise, 0);
  if (subtotal < c.min_cart_paise) return C.belowMinimum;
  if (!cart.items.some((i) => couponCovers(pricingCouponOf(c), i))) return C.notEligible;
  if (typeof c.max_uses === 'number' && c.uses >= c.max_uses) return C.usedUp;
  if (cart.usedByLearner >= c.per_learner) return C.usedByYou;
  return undefined;
}

/** What a coupon problem answers: used up (by everyone or by this learner) is a conflict. */
export const couponProblemStatus = (problem: string): 400 | 404 | 409 =>
  problem === C.unknown ? 404 : problem === C.usedUp || problem === C.usedByYou ? 409 : 400;

/** Paise as the cart's rupee fields show them (`subject_price` and `total` are rupees). */
export const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * The cart's prices beside its items (`getUSER_CART`), in rupees: the subtotal, the coupon's
 * discount, the GST inside the total and its split, and the total charged. `coupon.problem` says why a code set on the cart does not apply now.
 */
export interface CartPricing {
  subtotal: number;
  discount: number;
  /**
   * The GST inside the total, split by the buyer's state (none on record: the seller's, so CGST
   * + SGST); null until the seller's GST details are saved.
   */
  tax: { cgst: number; sgst: number; igst: number } | null;
  total: number;
  gst_rate_percent: number | null;
  coupon: { code: string; discount: number; problem: string | null } | null;
  /** The learner's state (GST code) from their profile, or null: the cart asks for it. */
  buyer_state: string | null;
}

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('coupon', COUPON_MESSAGES, [
  'loaded',
  'created',
  'updated',
  'deleted',
  'notFound',
  'codeTaken',
  'codeFormat',
  'percentRange',
  'amountRange',
  'dates',
  'kindInvalid',
]);
