import { SellerSettings } from '@gia/shared';
import { insertCoupon, saveSellerSettings, sellerSettings } from '@gia/functions/db/selling.ts';

/**
 * The demo seller (issue 18): a company in Karnataka, so a Karnataka buyer pays CGST + SGST and
 * a buyer elsewhere IGST. The local stack and the tests' stacks start with it, as a deployment
 * does once its admin saves the seller's settings.
 */
export const DEMO_SELLER = SellerSettings.parse({
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  state: '29',
  address: 'MG Road, Bengaluru, Karnataka 560001',
});

/** Saves the demo seller's settings unless some are saved already. */
export async function seedDemoSeller(): Promise<void> {
  if (!(await sellerSettings())) await saveSellerSettings(DEMO_SELLER, new Date().toISOString());
}

/** The demo's coupon: 10% off anything, for anyone, once each. */
export async function seedDemoCoupon(): Promise<void> {
  const at = new Date().toISOString();
  await insertCoupon({
    code: 'WELCOME10',
    coupon_id: 'WELCOME10',
    kind: 'percent',
    percent: 10,
    min_cart_paise: 0,
    valid_from: '2026-01-01T00:00:00+05:30',
    valid_to: '2030-12-31T23:59:59+05:30',
    max_uses: null,
    per_learner: 1,
    enabled: true,
    uses: 0,
    created_at: at,
    updated_at: at,
  });
}
