import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isNewPaymentRow, isRefundedPaymentRow, wantsRecord } from './handler.ts';

const record = (eventName: 'INSERT' | 'MODIFY', image: Record<string, unknown>) =>
  ({ eventName, dynamodb: { NewImage: image } }) as unknown as DynamoDBRecord;
const payment = { type: { S: 'payment' }, id: { S: 'row1' }, user_id: { S: 'u1' } };
const refund = (fields: Record<string, unknown>) => ({ ...payment, refund: { M: fields } });

describe('the records the invoice function takes from the stream', () => {
  it('takes a new payment row for its invoice', () => {
    expect(isNewPaymentRow(record('INSERT', payment))).toBe(true);
    expect(wantsRecord(record('INSERT', payment))).toBe(true);
    expect(wantsRecord(record('INSERT', { type: { S: 'grant' } }))).toBe(false);
  });

  it('takes a payment row whose refund is processed and has no credit note yet', () => {
    const processed = record('MODIFY', refund({ status: { S: 'processed' } }));
    expect(isRefundedPaymentRow(processed)).toBe(true);
    expect(wantsRecord(processed)).toBe(true);
  });

  it('leaves a pending refund, a row with its credit note, and other changes alone', () => {
    expect(wantsRecord(record('MODIFY', refund({ status: { S: 'pending' } })))).toBe(false);
    expect(
      wantsRecord(
        record(
          'MODIFY',
          refund({ status: { S: 'processed' }, credit_note_url: { S: '/media/private/x.pdf' } }),
        ),
      ),
    ).toBe(false);
    expect(wantsRecord(record('MODIFY', payment))).toBe(false);
  });
});
