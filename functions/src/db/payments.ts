import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { tableName } from './table-name.ts';
import { keys, withoutKeys } from './keys.ts';
import { grants } from './learner.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An unpaid order stays open (reusable, checked at Razorpay) this long after its creation. */
export const ORDER_LIFETIME_MS = 60 * 60_000;
/** At most this many open orders per learner: each is a Razorpay order that reconciliation polls. */
export const MAX_OPEN_ORDERS = 3;
/** How long a webhook event id is remembered. */
const WEBHOOK_EVENT_TTL_SECONDS = 7 * 24 * 3600;

/** One subject of an order, as priced when the order was made. */
export interface OrderItem {
  subject_id: string;
  subject_name: string;
  subject_price: number;
  class_id?: string;
  board_id?: string;
}

export interface Order {
  order_id: string;
  user_id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  items: OrderItem[];
  /** `expired`: no longer reused nor polled, yet still granted if its payment is reported. */
  status: 'created' | 'paid' | 'expired';
  created_at: string;
  /** When the order stops being reused and reconciliation gives up on it. */
  expires_at?: string;
  /** The subjects and prices the order was made for (see `cartFingerprint`). */
  cart_key?: string;
  /** The learner's checkout slot the order holds while open. */
  slot?: number;
  /** How many times reconciliation asked Razorpay about the order. */
  checks?: number;
  payment_id?: string;
  paid_at?: string;
  /** Subjects paid for again although already owned: to refund. */
  duplicate_subjects?: OrderItem[];
  /** Further payments captured for an order already paid: to refund. */
  duplicate_payments?: string[];
  /** Rupees to refund (duplicates); the order is then listed on gsi1 `REFUNDS#DUE`. */
  refund_amount?: number;
}

/** A learner's open order, as held in one of their `MAX_OPEN_ORDERS` checkout slots. */
export interface CheckoutSlot {
  slot: number;
  order_id: string;
  cart_key: string;
  expires_at: string;
}

/** An open order's slot was taken by a concurrent checkout: read the slots again. */
export class CheckoutSlotTaken extends Error {}

/** The learner's checkout slots (open orders, some possibly expired), read consistently. */
export async function checkoutSlots(userId: string): Promise<CheckoutSlot[]> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CHECKOUT#' },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys(i) as unknown as CheckoutSlot);
}

/**
 * Stores a new order and takes checkout slot `order.slot` for it, in one transaction. The slot
 * must be free: never used, expired, or held by `staleOrderId` (an order no longer open).
 * Unpaid orders are listed on gsi1 by their next check time for reconciliation.
 */
export async function putOrder(
  order: Order & { slot: number; expires_at: string; cart_key: string },
  firstCheckAt: string,
  staleOrderId?: string,
): Promise<void> {
  const t = tableName();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: t,
              Item: {
                ...keys.order(order.order_id),
                gsi1pk: 'ORDERS#UNPAID',
                gsi1sk: firstCheckAt,
                type: 'order',
                ...order,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: t,
              Item: {
                ...keys.checkoutSlot(order.user_id, order.slot),
                slot: order.slot,
                order_id: order.order_id,
                cart_key: order.cart_key,
                expires_at: order.expires_at,
              },
              ConditionExpression: staleOrderId
                ? 'attribute_not_exists(pk) OR expires_at <= :now OR order_id = :stale'
                : 'attribute_not_exists(pk) OR expires_at <= :now',
              ExpressionAttributeValues: {
                ':now': order.created_at,
                ...(staleOrderId ? { ':stale': staleOrderId } : {}),
              },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if (reasonCodes(err)[1] === 'ConditionalCheckFailed') throw new CheckoutSlotTaken();
    throw err;
  }
}

/** Frees a learner's checkout slot if it still holds this order (else nothing changes). */
export async function releaseCheckoutSlot(userId: string, slot: number, orderId: string) {
  await ddb
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.checkoutSlot(userId, slot),
        ConditionExpression: 'order_id = :oid',
        ExpressionAttributeValues: { ':oid': orderId },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

export async function getOrder(orderId: string): Promise<Order | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }),
  );
  return res.Item ? toOrder(res.Item) : undefined;
}

/** Several orders by id (a learner's checkout slots), read consistently. */
export async function getOrders(orderIds: string[]): Promise<Order[]> {
  return (await Promise.all(orderIds.map((id) => getOrder(id)))).filter((o) => o !== undefined);
}

const toOrder = (item: Record<string, unknown>) => withoutKeys(item) as unknown as Order;

/**
 * Unpaid orders whose next check is due at a moment, earliest due first, page by page (every
 * due order, however many). Checking an order moves its next check forward (`deferOrderCheck`),
 * so a run that stops early resumes with the orders it did not reach.
 */
export async function* dueUnpaidOrders(isoTime: string, pageSize = 100): AsyncGenerator<Order[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :due',
        ExpressionAttributeValues: { ':pk': 'ORDERS#UNPAID', ':due': isoTime },
        Limit: pageSize,
        ExclusiveStartKey: start,
      }),
    );
    const page = (res.Items ?? []).map(toOrder);
    if (page.length) yield page;
    start = res.LastEvaluatedKey;
  } while (start);
}

/** Backs off an unpaid order: its next check at reconciliation is `nextCheckAt`. */
export async function deferOrderCheck(orderId: string, nextCheckAt: string, checks: number) {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(orderId),
        UpdateExpression: 'SET gsi1sk = :next, checks = :checks',
        ConditionExpression: '#s = :created AND gsi1pk = :unpaid',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':next': nextCheckAt,
          ':checks': checks,
          ':created': 'created',
          ':unpaid': 'ORDERS#UNPAID',
        },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** Takes an order that was never paid off the reconciliation list and frees its checkout slot. */
export async function expireOrder(order: Order): Promise<void> {
  const expired = await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(order.order_id),
        UpdateExpression: 'SET #s = :expired REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#s = :created',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':expired': 'expired', ':created': 'created' },
      }),
    )
    .then(() => true)
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
      return false;
    });
  if (expired && order.slot !== undefined)
    await releaseCheckoutSlot(order.user_id, order.slot, order.order_id);
}

/** Which of a learner's subjects are granted, and by which order (read consistently). */
export async function grantedSubjects(userId: string): Promise<Map<string, string>> {
  return new Map(
    (await grants(userId, { consistent: true })).map((g) => [g.subject_id, g.order_id]),
  );
}

/** What recording a payment did. */
export type PaymentOutcome =
  /** Subjects were granted (any already owned are flagged for refund). */
  | 'granted'
  /** Nothing to grant: every subject was owned, or the order was paid by another payment. */
  | 'duplicate'
  /** This payment (or this webhook event) was recorded before: nothing changed. */
  | 'seen';

/** The order, a subject or the cart changed between reading and writing: read again and retry. */
export class PaymentRaced extends Error {}

export interface PaymentToRecord {
  /** The order as read just before (its status decides what the write expects). */
  order: Order;
  paymentId: string;
  historyId: string;
  /** Subjects the learner owns, with the order that granted each. */
  owned: Map<string, string>;
  cartItems: { cart_id: string; subject_id: string }[];
  now: string;
  /** A webhook delivery: its event id is remembered in the same transaction. */
  eventId?: string;
}

/**
 * Records a captured payment in one transaction: the payment once (a guard per Razorpay payment
 * id, and per webhook event id when a webhook reports it), the order paid, one payment history
 * row, a grant for each subject of the order's snapshot not already owned, and those subjects
 * out of the cart. A subject owned through another order is never granted twice: it is listed
 * in `duplicate_subjects` with a `refund_amount`, on the order (then on gsi1 `REFUNDS#DUE`) and
 * on the history row. A second payment of an order already paid is recorded the same way, as a
 * duplicate to refund. Throws `PaymentRaced` when what was read changed meanwhile.
 */
export async function recordOrderPayment(p: PaymentToRecord): Promise<PaymentOutcome> {
  const t = tableName();
  const { order } = p;
  const alreadyPaid = order.status === 'paid';
  const fresh = alreadyPaid ? [] : order.items.filter((i) => !isOwnedElsewhere(p, i.subject_id));
  const duplicates = alreadyPaid
    ? order.items
    : order.items.filter((i) => isOwnedElsewhere(p, i.subject_id));
  const refundPaise = alreadyPaid
    ? order.amount
    : Math.round(duplicates.reduce((sum, i) => sum + i.subject_price, 0) * 100);
  const refund = duplicates.length ? { refund_amount: refundPaise / 100 } : {};
  const guards: TransactItem[] = [
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.razorpayPayment(p.paymentId),
          order_id: order.order_id,
          user_id: order.user_id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (p.eventId)
    guards.push({
      Put: {
        TableName: t,
        Item: {
          ...keys.webhookEvent(p.eventId),
          ttl: Math.floor(Date.parse(p.now) / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  const orderUpdate: TransactItem = alreadyPaid
    ? {
        Update: {
          TableName: t,
          Key: keys.order(order.order_id),
          UpdateExpression:
            'SET duplicate_payments = list_append(if_not_exists(duplicate_payments, :none), :pid), ' +
            'refund_amount = if_not_exists(refund_amount, :zero) + :refund, gsi1pk = :refunds, gsi1sk = :now',
          ConditionExpression: '#s = :paid AND payment_id <> :onePid',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':none': [],
            ':pid': [p.paymentId],
            ':onePid': p.paymentId,
            ':zero': 0,
            ':refund': refundPaise / 100,
            ':refunds': 'REFUNDS#DUE',
            ':now': p.now,
            ':paid': 'paid',
          },
        },
      }
    : {
        Update: {
          TableName: t,
          Key: keys.order(order.order_id),
          UpdateExpression: duplicates.length
            ? 'SET #s = :paid, payment_id = :pid, paid_at = :now, duplicate_subjects = :dups, ' +
              'refund_amount = :refund, gsi1pk = :refunds, gsi1sk = :now'
            : 'SET #s = :paid, payment_id = :pid, paid_at = :now REMOVE gsi1pk, gsi1sk',
          // From the status just read: created, or expired (a late payment still grants).
          ConditionExpression: '#s = :was',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':was': order.status,
            ':pid': p.paymentId,
            ':now': p.now,
            ...(duplicates.length
              ? { ':dups': duplicates, ':refund': refundPaise / 100, ':refunds': 'REFUNDS#DUE' }
              : {}),
          },
        },
      };
  const inOrder = new Set(order.items.map((i) => i.subject_id));
  const items: TransactItem[] = [
    ...guards,
    orderUpdate,
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.payment(order.user_id, p.historyId),
          type: 'payment',
          id: p.historyId,
          user_id: order.user_id,
          payment_amount: order.amount / 100,
          transaction_id: p.paymentId,
          payment_status: fresh.length ? 'captured' : 'duplicate',
          order_id: order.order_id,
          subjects: fresh,
          ...(duplicates.length ? { duplicate: true, duplicate_subjects: duplicates } : {}),
          ...refund,
          paid_at: p.now,
        },
      },
    },
    ...fresh.map((i): TransactItem => ({
      Put: {
        TableName: t,
        Item: {
          ...keys.grant(order.user_id, i.subject_id),
          type: 'grant',
          user_id: order.user_id,
          subject_id: i.subject_id,
          class_id: i.class_id,
          board_id: i.board_id,
          order_id: order.order_id,
          purchased_at: p.now,
        },
        // Granted meanwhile by another order: read again, this one becomes a duplicate.
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    ...p.cartItems
      .filter((c) => inOrder.has(c.subject_id))
      .flatMap((c): TransactItem[] => [
        { Delete: { TableName: t, Key: keys.cartItem(order.user_id, c.cart_id) } },
        { Delete: { TableName: t, Key: keys.cartSubject(order.user_id, c.subject_id) } },
      ]),
  ];
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return fresh.length ? 'granted' : 'duplicate';
  } catch (err) {
    const codes = reasonCodes(err);
    if (!codes.length) throw err;
    // The payment, or this webhook event, was recorded before: it happened once, earlier.
    if (codes.slice(0, guards.length).includes('ConditionalCheckFailed')) return 'seen';
    throw new PaymentRaced('the order changed while its payment was recorded', { cause: err });
  }
}

const isOwnedElsewhere = (p: PaymentToRecord, subjectId: string) => {
  const by = p.owned.get(subjectId);
  return by !== undefined && by !== p.order.order_id;
};

/** The cancellation reason code of each item of a cancelled transaction (empty otherwise). */
function reasonCodes(err: unknown): (string | undefined)[] {
  if ((err as Error).name !== 'TransactionCanceledException') return [];
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map(
    (r) => r.Code,
  );
}

/** Stores the local test gateway's own record of an order it issued (only without Razorpay keys). */
export async function putLocalGatewayOrder(item: Record<string, unknown> & { id: string }) {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.localGatewayOrder(item.id), ...item },
    }),
  );
}

export async function getLocalGatewayOrder(orderId: string) {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.localGatewayOrder(orderId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? withoutKeys(res.Item) : undefined;
}
