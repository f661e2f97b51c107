import { describe, expect, it } from 'vitest';
import { refundKey } from './refunds.ts';

describe('a refund’s idempotency key', () => {
  it('is one per payment, in the characters and length Razorpay accepts', () => {
    expect(refundKey('pay_29QQoUBi66xm2f')).toBe('refund_pay_29QQoUBi66xm2f');
    expect(refundKey('pay_29QQoUBi66xm2f')).toBe(refundKey('pay_29QQoUBi66xm2f'));
    expect(refundKey('pay_a')).not.toBe(refundKey('pay_b'));
    for (const id of ['pay_1', 'pay.with:odd/chars'])
      expect(refundKey(id)).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });
});
