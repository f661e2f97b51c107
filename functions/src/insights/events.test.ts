import { describe, expect, it } from 'vitest';
import { refundOf, saleOf, shareOut, type PaymentRow } from './events.ts';

const pricing = {
  subtotal: 45_050,
  discount: 4_505,
  taxable: 34_361,
  tax: { cgst: 3_092, sgst: 3_092, igst: 0 },
  total: 40_545,
  rate_percent: 18,
  coupon: { code: 'DIWALI10', discount: 4_505 },
};

const row = (over: Partial<PaymentRow> = {}): PaymentRow => ({
  type: 'payment',
  id: 'row1',
  payment_status: 'captured',
  payment_amount: 405.45,
  // 20:00 UTC is 01:30 the next day in India.
  paid_at: '2026-11-26T20:00:00.000Z',
  subjects: [
    { subject_id: 'phy', subject_name: 'Physics', subject_price: 300 },
    { subject_id: 'bio', subject_name: 'Biology', subject_price: 150.5 },
  ],
  pricing,
  ...over,
});

describe('a sale', () => {
  it('adds the paid total, its GST, one order, each subject and the coupon to the India day', () => {
    const sale = saleOf(row())!;
    expect(sale.event).toBe('SALE#row1');
    expect(sale.day).toBe('2026-11-27');
    expect(sale.change.add).toEqual({
      gross: 40_545,
      tax: 6_184,
      orders: 1,
      'subject_count#phy': 1,
      'subject_paise#phy': 27_000,
      'subject_count#bio': 1,
      'subject_paise#bio': 13_545,
      'coupon_uses#DIWALI10': 1,
      'coupon_discount#DIWALI10': 4_505,
    });
    expect(sale.change.set).toEqual({
      'subject_name#phy': 'Physics',
      'subject_name#bio': 'Biology',
    });
  });

  it('counts a payment priced before GST by its amount, without tax', () => {
    const sale = saleOf(row({ pricing: undefined, payment_amount: 99.5 }))!;
    expect(sale.change.add).toMatchObject({ gross: 9_950, tax: 0, orders: 1 });
  });

  it('is nothing for a payment that granted nothing', () => {
    expect(saleOf(row({ payment_status: 'duplicate' }))).toBeUndefined();
  });
});

describe('a refund', () => {
  const refund = {
    refund_id: 'rfnd_1',
    amount: 40_545,
    requested_at: '2026-11-28T10:00:00.000Z',
    processed_at: '2026-11-29T19:00:00.000Z',
  };

  it('counts on the India day it was processed when it turns processed', () => {
    const before = row({ refund: { ...refund, status: 'pending', processed_at: undefined } });
    const after = row({ refund: { ...refund, status: 'processed' } });
    expect(refundOf(before, after)).toEqual({
      event: 'REFUND#rfnd_1',
      day: '2026-11-30',
      change: { add: { refunds: 40_545, refund_count: 1 } },
    });
    expect(refundOf(row(), after)?.event).toBe('REFUND#rfnd_1');
  });

  it('is nothing while pending, or for a later change of a row already refunded', () => {
    const processed = row({ refund: { ...refund, status: 'processed' } });
    expect(refundOf(row(), row({ refund: { ...refund, status: 'pending' } }))).toBeUndefined();
    expect(refundOf(processed, { ...processed, type: 'payment' })).toBeUndefined();
  });
});

describe('sharing a total out', () => {
  it('gives whole paise in proportion that add up to the total exactly', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(40_545, [300, 150.5])).toEqual([27_000, 13_545]);
    expect(shareOut(7, [0, 0])).toEqual([7, 0]);
    expect(shareOut(5, [])).toEqual([]);
  });
});
