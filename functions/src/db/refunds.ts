import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { PaymentRefund } from '@gia/shared/learner-answers.ts';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { CAPTURED_PAYMENTS, sortKeyPrefixes, withoutKeys } from './keys.ts';
import type { PaymentRecord } from './invoices.ts';
import { decodeCursor, encodeCursor, startKeyError, type Page } from './paging.ts';
import { webhookEventGuard } from './payments.ts';
import { tableName } from './table-name.ts';
import { cancellationCodes, type TransactItem } from './transact.ts';

/*
 * Refunds (issue 18). A whole captured payment is refunded: its history row carries `refund`,
 * `pending` from the admin's request (a conditional write: one request wins) until the gateway's
 * `refund.processed`, then `processed` in the transaction that takes back the subjects the payment
 * granted. The row stays (the learner's history shows the refund, the credit note hangs off it).
 */

/** A payment history row, as a refund needs it: the stored row and the subjects it paid for. */
export interface RefundableRow extends PaymentRecord {
  subjects?: { subject_id: string; subject_name: string }[];
}

const getRow = async (userId: string, rowId: string) => {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.payment(userId, rowId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? (withoutKeys(res.Item) as unknown as RefundableRow) : undefined;
};

/**
 * The history row of a Razorpay payment. Its guard (`RZPAYMENT#`) names the learner and, for
 * payments recorded since refunds exist, the row; an older payment's row is found among the
 * learner's own payment rows (one Query of their partition).
 */
export async function paymentRowOf(paymentId: string): Promise<RefundableRow | undefined> {
  const guard = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.razorpayPayment(paymentId),
      ConsistentRead: true,
    }),
  );
  const userId = guard.Item?.user_id as string | undefined;
  if (!userId) return undefined;
  const rowId = guard.Item?.history_id as string | undefined;
  if (rowId) return getRow(userId, rowId);
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :payment)',
      FilterExpression: 'transaction_id = :pid',
      ExpressionAttributeValues: {
        ':pk': keys.payment(userId, '').pk,
        ':payment': sortKeyPrefixes.payment,
        ':pid': paymentId,
      },
      ConsistentRead: true,
    }),
  );
  const item = res.Items?.[0];
  return item ? (withoutKeys(item) as unknown as RefundableRow) : undefined;
}

/** What keeps a refund request from being made. */
export type RefundRefusal = 'missing' | 'not-captured' | 'refunded';

/**
 * Marks a captured payment's refund as requested (`pending`, no refund id yet), only if it has
 * none: of two requests at the same moment, one wins. Answers why not otherwise.
 */
export async function claimRefund(
  row: RefundableRow,
  refund: PaymentRefund,
): Promise<RefundRefusal | undefined> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.payment(row.user_id, row.id),
        UpdateExpression: 'SET refund = :refund',
        ConditionExpression:
          'attribute_exists(pk) AND payment_status = :captured AND attribute_not_exists(refund)',
        ExpressionAttributeValues: { ':refund': refund, ':captured': 'captured' },
      }),
    );
    return undefined;
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    const now = await getRow(row.user_id, row.id);
    return !now ? 'missing' : now.payment_status !== 'captured' ? 'not-captured' : 'refunded';
  }
}

const stillUnsent = 'refund.refund_id = :none AND refund.#s = :pending';

/** The gateway's id of a requested refund (unless its webhook has recorded it already). */
export async function noteRefundId(row: RefundableRow, refundId: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.payment(row.user_id, row.id),
        UpdateExpression: 'SET refund.refund_id = :id',
        ConditionExpression: stillUnsent,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':id': refundId, ':none': '', ':pending': 'pending' },
      }),
    )
    .catch(ignoreConditionFailure);
}

/** Withdraws a request the gateway refused or never answered (the admin may ask again). */
export async function releaseRefundClaim(row: RefundableRow): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.payment(row.user_id, row.id),
        UpdateExpression: 'REMOVE refund',
        ConditionExpression: stillUnsent,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':none': '', ':pending': 'pending' },
      }),
    )
    .catch(ignoreConditionFailure);
}

const ignoreConditionFailure = (err: unknown) => {
  if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
};

/** The subject grants a payment's order gave, of those its row lists, still held by the learner. */
export async function grantsOfOrder(row: RefundableRow): Promise<string[]> {
  const subjectIds = [...new Set((row.subjects ?? []).map((s) => s.subject_id))];
  if (!subjectIds.length) return [];
  const grants = await batchGet(
    subjectIds.map((id) => keys.grant(row.user_id, id)),
    'subject_id, order_id',
    true,
  );
  return grants.filter((g) => g.order_id === row.order_id).map((g) => g.subject_id as string);
}

/** A grant changed between reading and writing: read again and retry. */
export class RefundRaced extends Error {}

/**
 * Records a processed refund in one transaction: the webhook event once (when one reports it),
 * the row's refund `processed` (unless it is already: then `seen`, nothing changes), and the
 * grants of `subjectIds` deleted, each only while this payment's order is what granted it.
 */
export async function recordRefundProcessed(p: {
  row: RefundableRow;
  refund: PaymentRefund;
  subjectIds: string[];
  eventId?: string;
  now: string;
}): Promise<'processed' | 'seen'> {
  const t = tableName();
  const guards = p.eventId ? [webhookEventGuard(p.eventId, p.now)] : [];
  const items: TransactItem[] = [
    ...guards,
    {
      Update: {
        TableName: t,
        Key: keys.payment(p.row.user_id, p.row.id),
        UpdateExpression: 'SET refund = :refund',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(refund) OR refund.#s = :pending)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':refund': p.refund, ':pending': 'pending' },
      },
    },
    ...p.subjectIds.map((subjectId): TransactItem => ({
      Delete: {
        TableName: t,
        Key: keys.grant(p.row.user_id, subjectId),
        ConditionExpression: 'order_id = :order',
        ExpressionAttributeValues: { ':order': p.row.order_id },
      },
    })),
  ];
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return 'processed';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes.length) throw err;
    // This event, or this refund, was recorded before.
    if (codes.slice(0, guards.length + 1).includes('ConditionalCheckFailed')) return 'seen';
    throw new RefundRaced('a grant changed while the refund was recorded', { cause: err });
  }
}

/**
 * The local test gateway's refund of a payment (one per payment, as Razorpay's full refund): the
 * first request with a key makes it; the same key answers it again; another key is refused
 * (`undefined`). Its creation is what the local stack's stream turns into the signed
 * `refund.processed` webhook.
 */
export async function putLocalGatewayRefund(refund: {
  id: string;
  payment_id: string;
  amount: number;
  idempotency_key: string;
  created_at: string;
}): Promise<{ id: string } | undefined> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.localGatewayRefund(refund.payment_id), type: 'local-refund', ...refund },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { id: refund.id };
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    const res = await ddb.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.localGatewayRefund(refund.payment_id),
        ConsistentRead: true,
      }),
    );
    const made = res.Item;
    return made?.idempotency_key === refund.idempotency_key && made.amount === refund.amount
      ? { id: made.id as string }
      : undefined;
  }
}

/** A captured payment as the admin's list shows it. */
export type CapturedRow = RefundableRow & { pricing?: { total: number } };

/** Captured payments, newest first (gsi2 `PAYMENTS#CAPTURED`), a page at a time. */
export async function capturedPaymentsPage(
  limit: number,
  cursor?: string,
): Promise<Page<CapturedRow>> {
  const start = decodeCursor(cursor, { index: 'gsi2', partition: CAPTURED_PAYMENTS });
  const res = await ddb
    .send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': CAPTURED_PAYMENTS },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: start,
      }),
    )
    .catch((err: unknown) => {
      throw startKeyError(err, start);
    });
  return {
    items: (res.Items ?? []).map((i) => withoutKeys(i) as unknown as CapturedRow),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}

/** Learners' names and e-mails, by user id (one BatchGet; at most 100 ids). */
export async function learnerNames(
  userIds: string[],
): Promise<Map<string, { name: string; email: string }>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const profiles = await batchGet(
    ids.map((id) => keys.userProfile(id)),
    'user_id, user_name, email',
  );
  return new Map(
    profiles.map((p) => [
      p.user_id as string,
      { name: String(p.user_name ?? ''), email: String(p.email ?? '') },
    ]),
  );
}

/** Items by key (at most 100), until DynamoDB has answered every key. */
async function batchGet(
  itemKeys: { pk: string; sk: string }[],
  projection: string,
  consistent = false,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pending: { pk: string; sk: string }[] | undefined = itemKeys;
  while (pending?.length) {
    const res: BatchGetCommandOutput = await ddb.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: pending,
            ConsistentRead: consistent,
            ProjectionExpression: projection,
          },
        },
      }),
    );
    found.push(...(res.Responses?.[tableName()] ?? []));
    pending = res.UnprocessedKeys?.[tableName()]?.Keys as typeof pending;
  }
  return found;
}
