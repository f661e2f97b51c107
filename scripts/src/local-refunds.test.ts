import { describe, expect, it } from 'vitest';
import { refundProcessedEvent } from './local-refunds.ts';

describe('the local test gateway’s refund webhook', () => {
  it('carries Razorpay’s refund.processed shape: the refund entity with its payment and amount in paise', () => {
    const body = JSON.parse(
      refundProcessedEvent({
        id: 'rfnd_1',
        payment_id: 'pay_1',
        amount: 45050,
        created_at: '2026-11-26T10:00:00.000Z',
      }),
    );

    expect(body).toMatchObject({
      entity: 'event',
      event: 'refund.processed',
      payload: {
        refund: {
          entity: {
            id: 'rfnd_1',
            entity: 'refund',
            payment_id: 'pay_1',
            amount: 45050,
            currency: 'INR',
            status: 'processed',
            created_at: Date.parse('2026-11-26T10:00:00.000Z') / 1000,
          },
        },
      },
    });
  });
});
