import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { OrderPricing } from '@gia/shared/selling-rules.ts';
import type { SellerSettings } from '@gia/shared/selling.ts';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { CAPTURED_PAYMENTS, sortKeyPrefixes, UNPAID_ORDERS, withoutKeys } from './keys.ts';
import { couponRelease, couponReservation, type OrderCoupon } from './selling.ts';
import { tableName } from './table-name.ts';
import { cancellationCodes, type TransactItem } from './transact.ts';

/** An unpaid order stays open (reusable, checked at Razorpay) this long after its creation. */
export const ORDER_LIFETIME_MS = 60 * 60_000;
/** At most this many open orders per learner: each is a Razorpay order that reconciliation polls. */
export const MAX_OPEN_ORDERS = 3;

/** One subject of an order, as priced when the order was made. */
export interface OrderItem {
  subject_id: string;
  subject_name: string;
  /** The subject's name in the buyer's language when they bought it (issue 33), where it has one. */
  local_name?: string;
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
  /** Paid after its coupon's use went back, with none left: nothing granted, all to refund. */
  coupon_refused?: boolean;
  /** How it was priced (paise): what its invoice prints. Orders before issue 18 have none. */
  pricing?: OrderPricing;
  /** The coupon it reserved a use of (given back when it expires unpaid). */
  coupon?: OrderCoupon;
  /** The seller's GST details when it was made (none saved: none). */
  seller?: SellerSettings;
  /** The buyer as the invoice names them. */
  buyer?: { name: string; email: string; state: string | null };
}

/** A coupon's reservation was refused when the order was stored. */
export class CouponRefused extends Error {
  constructor(readonly reason: 'used-up' | 'used-by-you') {
    super(reason);
  }
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
      ExpressionAttributeValues: {
        ':pk': keys.userProfile(userId).pk,
        ':prefix': sortKeyPrefixes.checkoutSlot,
      },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys(i) as unknown as CheckoutSlot);
}

/**
 * Stores a new order and takes checkout slot `order.slot` for it, in one transaction. The slot
 * must be free: never used, expired, or held by `staleOrderId` (an order no longer open). An
 * order with a coupon reserves a use of it in the same transaction (`CouponRefused` when none is
 * left, in all or for this learner).
 * Unpaid orders are listed on gsi1 by their next check time for reconciliation.
 */
export async function putOrder(
  order: Order & { slot: number; expires_at: string; cart_key: string },
  firstCheckAt: string,
  staleOrderId?: string,
): Promise<void> {
  const t = tableName();
  const reservation = order.coupon ? couponReservation(order.user_id, order.coupon) : [];
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: t,
              Item: {
                ...keys.order(order.order_id),
                gsi1pk: UNPAID_ORDERS,
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
          ...reservation,
        ],
      }),
    );
  } catch (err) {
    const codes = cancellationCodes(err);
    if (codes[1] === 'ConditionalCheckFailed') throw new CheckoutSlotTaken();
    if (codes[2] === 'ConditionalCheckFailed') throw new CouponRefused('used-up');
    if (codes[3] === 'ConditionalCheckFailed') throw new CouponRefused('used-by-you');
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
        ExpressionAttributeValues: { ':pk': UNPAID_ORDERS, ':due': isoTime },
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
          ':unpaid': UNPAID_ORDERS,
        },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

/**
 * Takes an order that was never paid off the reconciliation list, gives back its coupon
 * reservation (same transaction) and frees its checkout slot.
 */
export async function expireOrder(order: Order): Promise<void> {
  const t = tableName();
  const expire: TransactItem = {
    Update: {
      TableName: t,
      Key: keys.order(order.order_id),
      UpdateExpression: 'SET #s = :expired REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#s = :created',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':expired': 'expired', ':created': 'created' },
    },
  };
  const release = order.coupon ? couponRelease(order.user_id, order.coupon.code) : [];
  const expired = await ddb
    .send(new TransactWriteCommand({ TransactItems: [expire, ...release] }))
    .then(() => true)
    .catch((err: unknown) => {
      if (cancellationCodes(err)[0] !== 'ConditionalCheckFailed') throw err;
      return false;
    });
  if (expired && order.slot !== undefined)
    await releaseCheckoutSlot(order.user_id, order.slot, order.order_id);
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

/** The payments that granted subjects since a moment: how many, and the rupees kept. */
export interface Sales {
  count: number;
  /** Rupees paid, less what is to be refunded for subjects already owned. */
  amount: number;
}

/**
 * Payments that granted subjects since `isoTime` (a range Query of gsi2, page by page: it reads
 * only those payments, however many came before).
 */
export async function capturedPaymentsSince(isoTime: string): Promise<Sales> {
  const sales: Sales = { count: 0, amount: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :since',
        ExpressionAttributeValues: { ':pk': CAPTURED_PAYMENTS, ':since': isoTime },
        ProjectionExpression: 'payment_amount, refund_amount',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      sales.count += 1;
      sales.amount += Number(item.payment_amount ?? 0) - Number(item.refund_amount ?? 0);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  sales.amount = Math.round(sales.amount * 100) / 100;
  return sales;
}
