import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { PaymentHistoryRow } from '@gia/shared';

/*
 * The table's stream, read like the table: a record's images are unmarshalled into the stored
 * item's shape here, so the stream consumers (invoices, insights) never read raw attribute values
 * (`image.type.S`) or know how a payment row is recognised.
 */

/** A payment history row (`USER#<id>` / `PAYMENT#<id>`) as stored. */
export type StoredPaymentRow = PaymentHistoryRow & { type: 'payment'; user_id: string };

/** What a stream record did to a payment history row. */
export interface PaymentRowChange {
  /** INSERT: the row was written (a payment recorded); MODIFY: it changed (e.g. its refund). */
  change: 'INSERT' | 'MODIFY';
  after: StoredPaymentRow;
  /** The row before a MODIFY. */
  before?: StoredPaymentRow;
}

/**
 * The payment row an image holds, or undefined. Told by its raw `type` before anything is
 * unmarshalled: a filter sees every record of the table, and must not throw on an image it has no
 * use for (DynamoDB Local's stream gives some attributes no type, which `unmarshall` refuses).
 */
function paymentRow(image: unknown): StoredPaymentRow | undefined {
  const raw = image as Record<string, AttributeValue> | undefined;
  if (raw?.type?.S !== 'payment') return undefined;
  return unmarshall(raw) as unknown as StoredPaymentRow;
}

/** The payment history row a stream record wrote or changed, or undefined for any other item. */
export function paymentRowChange(record: DynamoDBRecord): PaymentRowChange | undefined {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return undefined;
  const after = paymentRow(record.dynamodb?.NewImage);
  if (!after) return undefined;
  const before = paymentRow(record.dynamodb?.OldImage);
  return { change: record.eventName, after, ...(before ? { before } : {}) };
}
