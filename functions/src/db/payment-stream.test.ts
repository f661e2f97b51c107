import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { paymentRowChange } from './payment-stream.ts';

const image = (item: Record<string, unknown>) =>
  marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue>;

const record = (
  eventName: DynamoDBRecord['eventName'],
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): DynamoDBRecord =>
  ({
    eventName,
    dynamodb: {
      NewImage: image(after),
      ...(before ? { OldImage: image(before) } : {}),
    },
  }) as DynamoDBRecord;

const row = { type: 'payment', id: 'h1', user_id: 'u1', payment_status: 'captured', subjects: [] };

describe('a payment row read from the table stream (paymentRowChange)', () => {
  it('is the stored row, unmarshalled, for a payment written or changed', () => {
    expect(paymentRowChange(record('INSERT', row))).toEqual({ change: 'INSERT', after: row });
    const refunded = { ...row, refund: { status: 'processed', amount: 100 } };
    expect(paymentRowChange(record('MODIFY', refunded, row))).toEqual({
      change: 'MODIFY',
      after: refunded,
      before: row,
    });
  });

  it('is nothing for another item, or a removal', () => {
    expect(paymentRowChange(record('INSERT', { type: 'grant', id: 'g1' }))).toBeUndefined();
    expect(paymentRowChange(record('REMOVE', row))).toBeUndefined();
  });

  it('never throws on another item’s image it could not unmarshall (a filter sees every record)', () => {
    const odd = {
      eventName: 'MODIFY',
      dynamodb: { NewImage: { type: { S: 'progress' }, weird: {} } },
    } as unknown as DynamoDBRecord;
    expect(paymentRowChange(odd)).toBeUndefined();
  });
});
