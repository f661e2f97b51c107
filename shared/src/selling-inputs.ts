import * as z from 'zod/mini';
import { buyerState } from './gst-states.ts';
import { COUPON_MESSAGES as C } from './selling-rules.ts';

/*
 * The learner's selling inputs (issue 18), in a module of their own: the cart and payments
 * functions parse them without bundling the admin's seller and coupon schemas (selling.ts).
 */

/** `applyCoupon`: a code typed by the learner (trimmed, upper-cased). */
export const ApplyCouponInput = z.object({
  code: z
    .string({ error: C.codeRequired })
    .check(z.trim(), z.toUpperCase(), z.minLength(1, { error: C.codeRequired }), z.maxLength(64)),
});
export type ApplyCouponInput = z.infer<typeof ApplyCouponInput>;

export { BuyerStateInput } from './gst-states.ts';

/** `processPayment`'s optional body: the buyer's state when their profile has none yet. */
export const CheckoutInput = z.object({
  state: z.optional(buyerState),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;
