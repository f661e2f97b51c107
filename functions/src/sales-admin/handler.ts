import {
  COUPON_MESSAGES as C,
  InsertCouponInput,
  PageQuery,
  REFUND_MESSAGES as R,
  SELLING_MESSAGES as M,
  SellerSettings,
  UpdateCouponInput,
} from '@gia/shared';
import { created, createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import {
  deleteCoupon,
  getSellerSettings,
  insertCoupon,
  listCoupons,
  listPayments,
  updateCoupon,
  updateSellerSettings,
} from './service.ts';

/** Coupons, the seller's settings and the captured payments, for admins (docs/api.md §8c). */
export const handler = createGroupHandler('sales-admin', {
  'admin.selling.settings': async () => ok(M.settingsLoaded, await getSellerSettings()),
  'admin.selling.settings.update': async (req) =>
    ok(M.settingsSaved, await updateSellerSettings(parse(SellerSettings, req.body))),
  'admin.coupons.get': async () => ok(C.loaded, await listCoupons()),
  'admin.coupons.insert': async (req) =>
    created(C.created, await insertCoupon(parse(InsertCouponInput, req.body))),
  'admin.coupons.update': async (req) =>
    ok(C.updated, await updateCoupon(parse(UpdateCouponInput, req.body))),
  'admin.coupons.delete': async (req) => {
    await deleteCoupon(req.params.id ?? '');
    return ok(C.deleted);
  },
  'admin.payments.get': async (req) => {
    const { limit, cursor } = parse(PageQuery, req.query);
    const page = await listPayments(limit, cursor);
    return ok(R.loaded, page.items, { next_cursor: page.nextCursor });
  },
});
