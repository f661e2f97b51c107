import {
  COUPON_MESSAGES as C,
  normaliseCouponCode,
  type Coupon,
  type InsertCouponInput,
  type AdminPaymentRow,
  SELLER_DEFAULTS,
  type SellerSettings,
  type SellerSettingsAnswer,
} from '@gia/shared';
import * as refunds from '../db/refunds.ts';
import * as db from '../db/selling.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';

/** The seller's settings and the coupons, for admins (docs/api.md §8c). */

/** Before the first save: no details yet, and the SAC and rate a save applies by default. */
const UNSAVED: SellerSettingsAnswer = {
  legal_name: '',
  gstin: '',
  state: '',
  address: '',
  ...SELLER_DEFAULTS,
  saved: false,
};

/** The stored settings (`saved: true`), or the defaults not yet saved on a fresh store. */
export async function getSellerSettings(): Promise<SellerSettingsAnswer> {
  const stored = await db.sellerSettings();
  return stored ? { ...stored, saved: true } : { ...UNSAVED };
}

export async function updateSellerSettings(
  settings: SellerSettings,
): Promise<SellerSettingsAnswer> {
  await db.saveSellerSettings(settings, new Date().toISOString());
  return { ...settings, saved: true };
}

export const listCoupons = () => db.coupons();

export async function insertCoupon(input: InsertCouponInput): Promise<Coupon> {
  const at = new Date().toISOString();
  const c: Coupon = { ...input, coupon_id: input.code, uses: 0, created_at: at, updated_at: at };
  if (!(await db.insertCoupon(c))) throw new ConflictError(C.codeTaken);
  return c;
}

/** Changes a coupon's terms (named by its code); its redemptions so far are kept. */
export async function updateCoupon(input: InsertCouponInput): Promise<Coupon> {
  const c = await db.updateCoupon({ ...input, updated_at: new Date().toISOString() });
  if (!c) throw new NotFoundError(C.notFound);
  return c;
}

export async function deleteCoupon(id: string): Promise<void> {
  if (!(await db.deleteCoupon(normaliseCouponCode(id)))) throw new NotFoundError(C.notFound);
}

/** At most this many payments a page (their learners are read in one BatchGet of ≤ 100 keys). */
const PAYMENTS_PAGE_MAX = 100;

/**
 * The captured payments, newest first, a page at a time (one Query of gsi2 and one BatchGet of
 * their learners' profiles): the admin's Payments screen, where a refund starts.
 */
export async function listPayments(
  limit: number,
  cursor?: string,
): Promise<{ items: AdminPaymentRow[]; nextCursor: string | null }> {
  const page = await refunds.capturedPaymentsPage(Math.min(limit, PAYMENTS_PAGE_MAX), cursor);
  const learners = await refunds.learnerNames(page.items.map((p) => p.user_id));
  return {
    items: page.items.map((p) => ({
      id: p.id,
      payment_id: p.transaction_id,
      order_id: p.order_id,
      user_id: p.user_id,
      learner_name: learners.get(p.user_id)?.name ?? '',
      learner_email: learners.get(p.user_id)?.email ?? '',
      subjects: (p.subjects ?? []).map((s) => ({
        subject_id: s.subject_id,
        subject_name: s.subject_name,
      })),
      payment_amount: p.payment_amount,
      paid_at: p.paid_at,
      invoice_number: p.invoice_number ?? null,
      refund: p.refund ?? null,
    })),
    nextCursor: page.nextCursor,
  };
}
