import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  couponProblem,
  INDIAN_STATES,
  InsertCouponInput,
  priceOrder,
  SellerSettings,
  type PricedItem,
} from './selling.ts';
import type { Coupon } from './admin-answers.ts';
import { refundShare } from './selling-rules.ts';

const KA = { state: '29', gst_rate_percent: 18 };
const item = (subject_id: string, price_paise: number, extra: Partial<PricedItem> = {}) => ({
  subject_id,
  price_paise,
  ...extra,
});

describe('priceOrder (paise, tax-inclusive)', () => {
  it('splits the tax inside ₹499 into CGST and SGST within the seller’s state', () => {
    expect(priceOrder([item('s1', 49900)], null, KA, '29')).toEqual({
      subtotal: 49900,
      discount: 0,
      taxable: 42288,
      tax: { cgst: 3806, sgst: 3806, igst: 0 },
      total: 49900,
      rate_percent: 18,
      coupon: null,
    });
  });

  it('charges IGST to a buyer in another state, and puts an odd paisa on SGST', () => {
    const other = priceOrder([item('s1', 49900)], null, KA, '07');
    expect(other.tax).toEqual({ cgst: 0, sgst: 0, igst: 7612 });
    const odd = priceOrder([item('s1', 10001)], null, KA, '29');
    expect(odd.taxable + odd.tax.cgst + odd.tax.sgst).toBe(10001);
    expect(odd.tax.sgst - odd.tax.cgst).toBeLessThanOrEqual(1);
  });

  it('takes a percent coupon off the subjects it covers, rounded down to the paisa', () => {
    const coupon = { code: 'DIWALI', kind: 'percent' as const, value: 15, subject_ids: ['s2'] };
    const p = priceOrder([item('s1', 49900), item('s2', 29999)], coupon, KA, '29');
    expect(p.discount).toBe(4499);
    expect(p.total).toBe(49900 + 29999 - 4499);
    expect(p.coupon).toEqual({ code: 'DIWALI', discount: 4499 });
    expect(p.taxable + p.tax.cgst + p.tax.sgst).toBe(p.total);
  });

  it('caps a flat coupon at what the covered subjects cost, and matches by board or class', () => {
    const flat = { code: 'SCHOOL', kind: 'flat' as const, value: 100000, class_ids: ['c1'] };
    const p = priceOrder(
      [item('s1', 30000, { class_id: 'c1' }), item('s2', 20000, { class_id: 'c2' })],
      flat,
      KA,
      '29',
    );
    expect(p).toMatchObject({ discount: 30000, total: 20000 });
    const byBoard = { code: 'CBSE', kind: 'flat' as const, value: 5000, board_ids: ['b9'] };
    expect(priceOrder([item('s1', 30000, { board_id: 'b1' })], byBoard, KA, '29').discount).toBe(0);
  });
});

describe('refundShare (the part of a charge one refunds for some subjects)', () => {
  it('is the whole charge for every subject of the order', () => {
    const items = [{ subject_price: 300 }, { subject_price: 150.5 }];
    expect(refundShare(40_000, items, items)).toBe(40_000);
  });

  it('shares a coupon’s discount pro rata: ₹150.50 of ₹450.50 charged ₹400 is ₹133.63', () => {
    // 15050 / 45050 × 40000 = 13362.93… paise.
    expect(
      refundShare(
        40_000,
        [{ subject_price: 300 }, { subject_price: 150.5 }],
        [{ subject_price: 150.5 }],
      ),
    ).toBe(13_363);
  });

  it('is nothing for no subjects, or for an order whose list prices are all zero', () => {
    expect(refundShare(40_000, [{ subject_price: 300 }], [])).toBe(0);
    expect(refundShare(100, [{ subject_price: 0 }], [{ subject_price: 0 }])).toBe(0);
  });

  it('adds prices in paise, so rupee fractions do not drift (0.1 + 0.2)', () => {
    const items = [{ subject_price: 0.1 }, { subject_price: 0.2 }];
    expect(refundShare(30, items, [{ subject_price: 0.2 }])).toBe(20);
  });
});

describe('the seller’s settings', () => {
  const valid = {
    legal_name: 'GIA School Pvt Ltd',
    gstin: '29aabcg1234h1z5',
    state: '29',
    address: 'MG Road, Bengaluru',
  };

  it('take a GSTIN of the seller’s state (upper-cased) and default the SAC and rate', () => {
    expect(SellerSettings.parse(valid)).toEqual({
      ...valid,
      gstin: '29AABCG1234H1Z5',
      sac: '999293',
      gst_rate_percent: 18,
    });
  });

  it('refuse a GSTIN of another shape or state, an unknown state, a bad SAC or rate', () => {
    const problem = (patch: object) =>
      SellerSettings.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(problem({ gstin: '29AABCG1234H1X5' })).toMatch(/^GSTIN must be 15 characters/);
    expect(problem({ gstin: '07AABCG1234H1Z5' })).toBe(
      "The GSTIN's first two digits must be the seller's state code.",
    );
    expect(problem({ state: '99' })).toBe('Please choose a state of India.');
    expect(problem({ sac: '9992' })).toBe('SAC must be 6 digits.');
    expect(problem({ gst_rate_percent: 40 })).toBe(
      'The GST rate must be a percentage from 0 to 28.',
    );
  });

  it('know every state once, by a two-digit code', () => {
    const codes = INDIAN_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^\d{2}$/.test(c))).toBe(true);
    expect(INDIAN_STATES.find((s) => s.code === '29')?.name).toBe('Karnataka');
  });
});

describe('coupons', () => {
  it('parse to the terms a stored coupon answers with (the admin’s Coupon, less its counters)', () => {
    expectTypeOf<InsertCouponInput>().toExtend<
      Omit<Coupon, 'coupon_id' | 'uses' | 'taken' | 'created_at' | 'updated_at'>
    >();
  });

  const base = {
    code: ' diwali-25 ',
    kind: 'percent',
    percent: 25,
    valid_from: '2026-11-01T00:00:00+05:30',
    valid_to: '2026-11-30T23:59:59+05:30',
  };

  it('are written with a normalised code and defaults, and refused when they do not add up', () => {
    expect(InsertCouponInput.parse(base)).toMatchObject({
      code: 'DIWALI-25',
      min_cart_paise: 0,
      per_learner: 1,
      enabled: true,
    });
    const problem = (patch: object) =>
      InsertCouponInput.safeParse({ ...base, ...patch }).error?.issues[0]?.message;
    expect(problem({ code: 'x' })).toBe('The code must be 3 to 32 letters, digits, - or _.');
    expect(problem({ percent: 120 })).toBe('A percent coupon takes 1 to 100 percent off.');
    expect(problem({ kind: 'flat', percent: undefined, amount_paise: 50 })).toBe(
      'A flat coupon takes ₹1 to ₹10,00,000 off.',
    );
    expect(problem({ valid_to: '2026-10-01T00:00:00Z' })).toBe(
      'valid_to must be after valid_from.',
    );
  });

  it('say why they do not apply to a cart', () => {
    const coupon = {
      ...InsertCouponInput.parse({
        ...base,
        min_cart_paise: 20000,
        max_uses: 10,
        subject_ids: ['s1'],
      }),
      coupon_id: 'DIWALI-25',
      uses: 3,
      created_at: '',
      updated_at: '',
    };
    const cart = {
      items: [item('s1', 49900)],
      now: new Date('2026-11-15T12:00:00Z'),
      usedByLearner: 0,
    };
    const why = (c = coupon, k = cart) => couponProblem(c, k);
    expect(why()).toBeUndefined();
    expect(why({ ...coupon, enabled: false })).toBe('This coupon is no longer available.');
    expect(why(coupon, { ...cart, now: new Date('2026-10-15T00:00:00Z') })).toBe(
      'This coupon is not valid yet.',
    );
    expect(why(coupon, { ...cart, now: new Date('2026-12-15T00:00:00Z') })).toBe(
      'This coupon has expired.',
    );
    expect(why(coupon, { ...cart, items: [item('s1', 10000)] })).toBe(
      'Add more to your cart to use this coupon.',
    );
    expect(why(coupon, { ...cart, items: [item('s2', 49900)] })).toBe(
      'This coupon does not apply to the subjects in your cart.',
    );
    expect(why({ ...coupon, uses: 10 })).toBe('This coupon has been fully redeemed.');
    expect(why(coupon, { ...cart, usedByLearner: 1 })).toBe('You have already used this coupon.');
  });
});
