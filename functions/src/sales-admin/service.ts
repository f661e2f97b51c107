import {
  COUPON_MESSAGES as C,
  normaliseCouponCode,
  type Coupon,
  type InsertCouponInput,
  type SellerSettings,
} from '@gia/shared';
import * as db from '../db/selling.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';

/** The seller's settings and the coupons, for admins (docs/api.md §8c). */

/** The stored settings, or none yet (`null`: the screen starts from the defaults). */
export const getSellerSettings = async () => (await db.sellerSettings()) ?? null;

export async function updateSellerSettings(settings: SellerSettings): Promise<SellerSettings> {
  await db.saveSellerSettings(settings, new Date().toISOString());
  return settings;
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
