import { describe, expect, it } from 'vitest';
import { ValidationError } from '../lib/errors.ts';
import { parseWebhook } from './webhook.ts';

describe('a Razorpay webhook body (parseWebhook)', () => {
  it('reads the event and the ids it is about, and drops the rest', () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      account_id: 'acc_1',
      payload: {
        payment: { entity: { id: 'pay_1', order_id: 'order_1', amount: 45050, notes: {} } },
      },
    });

    expect(parseWebhook(body)).toEqual({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_1', order_id: 'order_1' } } },
    });
  });

  it('gives an event without a payload an empty one (ignored, not refused)', () => {
    expect(parseWebhook('{"event":"order.paid"}')).toEqual({ event: 'order.paid', payload: {} });
  });

  it.each([
    ['not JSON', '{'],
    ['JSON that is not an object', 'null'],
    ['no event name', '{"payload":{}}'],
    [
      'an id that is not text',
      '{"event":"payment.captured","payload":{"payment":{"entity":{"id":5}}}}',
    ],
    [
      'a refund amount that is not a number',
      '{"event":"refund.processed","payload":{"refund":{"entity":{"id":"rfnd_1","amount":"all"}}}}',
    ],
  ])('refuses %s with the verification message', (_, body) => {
    expect(() => parseWebhook(body)).toThrow(ValidationError);
    expect(() => parseWebhook(body)).toThrow('Payment verification failed.');
  });
});
