import { indiaDay } from '@gia/shared/insights-rules.ts';
import type { PaymentHistoryRow } from '@gia/shared';
import { dayAttr, type DayChange } from '../db/insights.ts';

/*
 * What a change of a payment row adds to its day's insights (issue 18): a captured payment is a
 * sale (gross, tax, an order, its subjects and coupon), a refund that became `processed` is a
 * refund on the day it was processed. Pure, so the stream consumer stays a thin loop.
 */

/** A payment row as the stream carries it (only what the insights read). */
export type PaymentRow = Pick<
  PaymentHistoryRow,
  'id' | 'payment_status' | 'paid_at' | 'subjects' | 'pricing' | 'refund' | 'payment_amount'
> & { type?: string };

/** One event for the day items: the guard's name, its day and what it adds. */
export interface InsightEvent {
  event: `SALE#${string}` | `REFUND#${string}`;
  day: string;
  change: DayChange;
}

/**
 * Shares `total` out in proportion to `weights`, in whole paise that add up to `total` exactly
 * (the remainder goes to the largest fractions, earlier ones first on a tie).
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!weights.length) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** The sale a new payment row records, or undefined when it granted nothing (not captured). */
export function saleOf(row: PaymentRow): InsightEvent | undefined {
  if (row.payment_status !== 'captured' || !row.paid_at) return undefined;
  const pricing = row.pricing;
  const gross = pricing ? pricing.total : Math.round(row.payment_amount * 100);
  const tax = pricing ? pricing.tax.cgst + pricing.tax.sgst + pricing.tax.igst : 0;
  const subjects = row.subjects ?? [];
  const paise = shareOut(
    gross,
    subjects.map((s) => s.subject_price),
  );
  const add: Record<string, number> = { gross, tax, orders: 1 };
  const set: Record<string, string> = {};
  subjects.forEach((s, i) => {
    add[dayAttr.subjectCount(s.subject_id)] = (add[dayAttr.subjectCount(s.subject_id)] ?? 0) + 1;
    add[dayAttr.subjectPaise(s.subject_id)] =
      (add[dayAttr.subjectPaise(s.subject_id)] ?? 0) + paise[i]!;
    set[dayAttr.subjectName(s.subject_id)] = s.subject_name;
  });
  const coupon = pricing?.coupon;
  if (coupon) {
    add[dayAttr.couponUses(coupon.code)] = 1;
    add[dayAttr.couponDiscount(coupon.code)] = coupon.discount;
  }
  return { event: `SALE#${row.id}`, day: indiaDay(row.paid_at), change: { add, set } };
}

/**
 * The refund a change of a payment row records: its refund became `processed` (it was absent or
 * pending before), counted on the day it was processed.
 */
export function refundOf(
  before: PaymentRow | undefined,
  after: PaymentRow,
): InsightEvent | undefined {
  const refund = after.refund;
  if (refund?.status !== 'processed' || before?.refund?.status === 'processed') return undefined;
  return {
    event: `REFUND#${refund.refund_id}`,
    day: indiaDay(refund.processed_at ?? refund.requested_at),
    change: { add: { refunds: refund.amount, refund_count: 1 } },
  };
}
