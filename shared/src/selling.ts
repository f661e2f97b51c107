import * as z from 'zod/mini';
import {
  COUPON_MESSAGES,
  isStateCode,
  SELLER_DEFAULTS,
  SELLING_MESSAGES,
} from './selling-rules.ts';

export * from './selling-rules.ts';

/*
 * Selling in India (issue 18): GST state codes, the seller's settings, coupons and the one
 * pricing rule that the cart shows, the payment charges and the invoice prints. Money in new
 * fields is integer paise; prices are tax-inclusive.
 */

const M = SELLING_MESSAGES;

/** A GSTIN's shape: state code, PAN (5 letters, 4 digits, a letter), entity number, Z, check. */
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${what} is required.` }),
      z.maxLength(max, { error: `${what}: at most ${max} characters.` }),
    );

/** The seller's settings (one per deployment), printed on every invoice. */
export const SellerSettings = z
  .object({
    legal_name: text('Legal name', 200),
    gstin: z
      .string({ error: M.gstinFormat })
      .check(z.trim(), z.toUpperCase(), z.regex(GSTIN, { error: M.gstinFormat })),
    state: z
      .string({ error: M.stateUnknown })
      .check(z.refine(isStateCode, { error: M.stateUnknown })),
    address: text('Address', 500),
    sac: z._default(
      z.string().check(z.regex(/^\d{6}$/, { error: M.sacFormat })),
      SELLER_DEFAULTS.sac,
    ),
    gst_rate_percent: z._default(
      z
        .number({ error: M.rateRange })
        .check(z.minimum(0, { error: M.rateRange }), z.maximum(28, { error: M.rateRange })),
      SELLER_DEFAULTS.gst_rate_percent,
    ),
  })
  .check(
    z.refine((s) => s.gstin.slice(0, 2) === s.state, { error: M.gstinState, path: ['gstin'] }),
  );
export type SellerSettings = z.infer<typeof SellerSettings>;

const C = COUPON_MESSAGES;

const COUPON_CODE = /^[A-Z0-9_-]{3,32}$/;

const couponCode = z
  .string({ error: C.codeFormat })
  .check(z.trim(), z.toUpperCase(), z.regex(COUPON_CODE, { error: C.codeFormat }));

/** The most a flat coupon takes off, as for a cart's minimum: ₹10,00,000. */
const MAX_COUPON_PAISE = 100_000_000;

const paise = (message: string, min = 0) =>
  z
    .number({ error: message })
    .check(
      z.int({ error: message }),
      z.minimum(min, { error: message }),
      z.maximum(MAX_COUPON_PAISE, { error: message }),
    );

const isoTime = (what: string) =>
  z.string({ error: `${what} must be a date and time (ISO 8601).` }).check(
    z.refine((v) => !Number.isNaN(Date.parse(v)), {
      error: `${what} must be a date and time (ISO 8601).`,
    }),
  );

const ids = z.optional(
  z.array(z.string().check(z.maxLength(64), z.regex(/^[0-9A-Za-z_-]+$/))).check(z.maxLength(100)),
);

const couponFields = {
  kind: z.enum(['percent', 'flat'], { error: COUPON_MESSAGES.kindInvalid }),
  percent: z.optional(z.number({ error: C.percentRange })),
  amount_paise: z.optional(z.number({ error: C.amountRange })),
  min_cart_paise: z._default(paise('min_cart_paise must be a whole number of paise.'), 0),
  valid_from: isoTime('valid_from'),
  valid_to: isoTime('valid_to'),
  /** Redemptions in all; none: no limit. */
  max_uses: z.optional(z.nullable(paise('max_uses must be a whole number of 1 or more.', 1))),
  per_learner: z._default(paise('per_learner must be a whole number of 1 or more.', 1), 1),
  board_ids: ids,
  class_ids: ids,
  subject_ids: ids,
  enabled: z._default(z.boolean({ error: 'enabled must be true or false.' }), true),
};

type CouponShape = {
  kind: 'percent' | 'flat';
  percent?: number;
  amount_paise?: number;
  valid_from: string;
  valid_to: string;
};

/** What is wrong with a coupon's amount or dates, or undefined. */
export function couponShapeProblem(c: CouponShape): string | undefined {
  if (c.kind === 'percent') {
    if (!Number.isInteger(c.percent) || c.percent! < 1 || c.percent! > 100) return C.percentRange;
  } else if (
    !Number.isInteger(c.amount_paise) ||
    c.amount_paise! < 100 ||
    c.amount_paise! > MAX_COUPON_PAISE
  ) {
    return C.amountRange;
  }
  return Date.parse(c.valid_to) > Date.parse(c.valid_from) ? undefined : C.dates;
}

const shaped = z.refine<CouponShape>((c) => couponShapeProblem(c) === undefined, {
  error: (issue) => couponShapeProblem(issue.input as CouponShape) ?? 'Invalid coupon.',
});

export const InsertCouponInput = z.object({ code: couponCode, ...couponFields }).check(shaped);
export type InsertCouponInput = z.infer<typeof InsertCouponInput>;

/** An update names the coupon by its code (which never changes) and sends the whole coupon. */
export const UpdateCouponInput = InsertCouponInput;
