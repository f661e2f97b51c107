import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentRefund } from '@gia/shared/learner-answers.ts';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { withoutKeys } from './keys.ts';
import type { Order } from './orders.ts';
import { tableName } from './table-name.ts';
import { cancellationCodes } from './transact.ts';

/*
 * Tax invoices (issue 18). A number is taken from the counter of its series and financial year
 * (`COUNTER#<series>#<yy-yy>`, `n` the last number given) in the same transaction that writes it
 * on the payment row, under the condition that the counter still holds the value read: a number
 * is given once, to one row, and none is skipped. A row that has its number keeps it (the
 * function may run again for the same payment: it then renders the same invoice again).
 */

/** A payment history row, as the invoice needs it. */
export interface PaymentRecord {
  id: string;
  user_id: string;
  order_id: string;
  /** Razorpay's payment id. */
  transaction_id: string;
  /** Rupees. */
  payment_amount: number;
  payment_status: string;
  paid_at: string;
  invoice_number?: string;
  invoice_url?: string;
  invoice_issued_at?: string;
  /** Set by a refund (issue 18); its credit note is numbered and stored like an invoice. */
  refund?: PaymentRefund;
}

/** Which document of a payment row is numbered: its invoice, or its refund's credit note. */
export type NumberedDocument = 'invoice' | 'credit-note';

/** Where each document's number is written on the row, and when it may be. */
const NUMBER_FIELD = {
  invoice: {
    set: 'SET invoice_number = :number',
    condition: 'attribute_exists(pk) AND attribute_not_exists(invoice_number)',
    values: {},
    read: (r: PaymentRecord) => r.invoice_number,
  },
  'credit-note': {
    set: 'SET refund.credit_note_number = :number',
    condition: 'refund.#s = :processed AND attribute_not_exists(refund.credit_note_number)',
    values: { ':processed': 'processed' },
    read: (r: PaymentRecord) => r.refund?.credit_note_number ?? undefined,
  },
} as const;

const counterKey = keys.documentCounter;

export async function paymentRecord(userId: string, rowId: string) {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.payment(userId, rowId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (withoutKeys(res.Item) as unknown as PaymentRecord) : undefined;
}

export async function orderRecord(orderId: string) {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }),
  );
  return res.Item ? (withoutKeys(res.Item) as unknown as Order) : undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gives a payment row's invoice (or its refund's credit note) the next number of a series
 * (`format(n)`), or answers the number it has.
 * Callers elsewhere at the same moment (other function instances) retry, after a short random
 * pause, until their write lands; see {@link numberer} for callers in one process.
 */
async function numberPaymentOnce(
  row: Pick<PaymentRecord, 'id' | 'user_id'>,
  series: string,
  year: string,
  format: (n: number) => string,
  document: NumberedDocument = 'invoice',
): Promise<string> {
  const t = tableName();
  const field = NUMBER_FIELD[document];
  for (let attempt = 0; attempt < 200; attempt++) {
    const counter = await ddb.send(
      new GetCommand({ TableName: t, Key: counterKey(series, year), ConsistentRead: true }),
    );
    const last = Number(counter.Item?.n ?? 0);
    const number = format(last + 1);
    try {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: t,
                Key: counterKey(series, year),
                UpdateExpression: 'SET n = :next',
                ConditionExpression: last ? 'n = :last' : 'attribute_not_exists(n)',
                ExpressionAttributeValues: {
                  ':next': last + 1,
                  ...(last ? { ':last': last } : {}),
                },
              },
            },
            {
              Update: {
                TableName: t,
                Key: keys.payment(row.user_id, row.id),
                UpdateExpression: field.set,
                ConditionExpression: field.condition,
                ...(document === 'credit-note'
                  ? { ExpressionAttributeNames: { '#s': 'status' } }
                  : {}),
                ExpressionAttributeValues: { ':number': number, ...field.values },
              },
            },
          ],
        }),
      );
      return number;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes.length) throw err;
      if (codes[1] === 'ConditionalCheckFailed') {
        const numbered = await paymentRecord(row.user_id, row.id);
        const given = numbered && field.read(numbered);
        if (given) return given;
        throw new Error(`payment row ${row.id} is gone or not refunded`, { cause: err });
      }
      // Another invoice took this number (or touched the counter at the same moment).
      await pause(5 + Math.random() * 20 * Math.min(attempt + 1, 10));
    }
  }
  throw new Error(`no ${series} number for payment row ${row.id}: the counter is too busy`);
}

/**
 * A numbering queue: the calls made through it take their numbers one after another, so calls
 * in one process never race each other for the counter (only other processes' calls do, and
 * the counter's condition settles those). Each function instance has one ({@link numberPayment}).
 */
export function numberer(): typeof numberPaymentOnce {
  let queue: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const next = queue.then(() => numberPaymentOnce(...args));
    queue = next.catch(() => undefined);
    return next;
  };
}

/** This process's numbering queue. */
export const numberPayment = numberer();

/** Records where a numbered invoice's PDF is, once it is stored. */
export async function markInvoiceIssued(
  row: Pick<PaymentRecord, 'id' | 'user_id'>,
  url: string,
  at: string,
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.payment(row.user_id, row.id),
      UpdateExpression: 'SET invoice_url = :url, invoice_issued_at = :at',
      ConditionExpression: 'attribute_exists(invoice_number)',
      ExpressionAttributeValues: { ':url': url, ':at': at },
    }),
  );
}

/** Records where a numbered credit note's PDF is, once it is stored. */
export async function markCreditNoteIssued(
  row: Pick<PaymentRecord, 'id' | 'user_id'>,
  url: string,
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.payment(row.user_id, row.id),
      UpdateExpression: 'SET refund.credit_note_url = :url',
      ConditionExpression: 'attribute_exists(refund.credit_note_number)',
      ExpressionAttributeValues: { ':url': url },
    }),
  );
}
