import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { tableName } from './client.ts';
import { keys, withoutKeys } from './keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
  status: 'created' | 'paid';
  created_at: string;
  payment_id?: string;
  paid_at?: string;
}

/** Stores a new order; unpaid orders are listed on gsi1 for reconciliation. */
export async function putOrder(order: Order): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.order(order.order_id),
        gsi1pk: 'ORDERS#UNPAID',
        gsi1sk: order.created_at,
        type: 'order',
        ...order,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getOrder(orderId: string): Promise<Order | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }),
  );
  return res.Item ? (withoutKeys(res.Item) as unknown as Order) : undefined;
}

/** Unpaid orders created before a moment, oldest first. */
export async function unpaidOrdersBefore(isoTime: string, limit = 100): Promise<Order[]> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': 'ORDERS#UNPAID', ':before': isoTime },
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys(i) as unknown as Order);
}

/** Takes an order that was never paid off the reconciliation list. */
export async function expireOrder(orderId: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(orderId),
        UpdateExpression: 'SET #s = :expired REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#s = :created',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':expired': 'expired', ':created': 'created' },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

/**
 * Grants a paid order in one transaction: the payment is recorded once (a guard per Razorpay
 * payment id), the order is marked paid (only from `created`), a payment history row is written,
 * every subject of the order's snapshot is granted and taken out of the cart. Returns false when
 * the payment or the order was already granted (nothing changes then).
 */
export async function grantPaidOrder(
  order: Order,
  paymentId: string,
  historyId: string,
  cartItems: { cart_id: string; subject_id: string }[],
  now: string,
): Promise<boolean> {
  const t = tableName();
  const rupees = order.amount / 100;
  const inOrder = new Set(order.items.map((i) => i.subject_id));
  const items: TransactItem[] = [
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.razorpayPayment(paymentId),
          order_id: order.order_id,
          user_id: order.user_id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: t,
        Key: keys.order(order.order_id),
        UpdateExpression: 'SET #s = :paid, payment_id = :pid, paid_at = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#s = :created',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':paid': 'paid',
          ':created': 'created',
          ':pid': paymentId,
          ':now': now,
        },
      },
    },
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.payment(order.user_id, historyId),
          type: 'payment',
          id: historyId,
          user_id: order.user_id,
          payment_amount: rupees,
          transaction_id: paymentId,
          payment_status: 'captured',
          order_id: order.order_id,
          subjects: order.items,
          paid_at: now,
        },
      },
    },
    ...order.items.map((i): TransactItem => ({
      Put: {
        TableName: t,
        Item: {
          ...keys.grant(order.user_id, i.subject_id),
          type: 'grant',
          user_id: order.user_id,
          subject_id: i.subject_id,
          order_id: order.order_id,
          purchased_at: now,
        },
      },
    })),
    ...cartItems
      .filter((c) => inOrder.has(c.subject_id))
      .flatMap((c): TransactItem[] => [
        { Delete: { TableName: t, Key: keys.cartItem(order.user_id, c.cart_id) } },
        { Delete: { TableName: t, Key: keys.cartSubject(order.user_id, c.subject_id) } },
      ]),
  ];
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (err) {
    if ((err as Error).name !== 'TransactionCanceledException') throw err;
    const codes = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    // Already recorded, or the order already paid: the grant happened once, before.
    if (
      codes[0]?.Code === 'ConditionalCheckFailed' ||
      codes[1]?.Code === 'ConditionalCheckFailed'
    ) {
      return false;
    }
    throw err;
  }
}

/** Records a webhook event id once; false when it was seen before. */
export async function firstDelivery(eventId: string, now: number): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.webhookEvent(eventId), ttl: Math.floor(now / 1000) + 7 * 24 * 3600 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** The local test gateway's own record of an order it issued (only used without Razorpay keys). */
export const localGatewayKey = (orderId: string) => ({ pk: `RZPLOCAL#${orderId}`, sk: 'RZPLOCAL' });

export async function putLocalGatewayOrder(item: Record<string, unknown> & { id: string }) {
  await ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...localGatewayKey(item.id), ...item } }),
  );
}

export async function getLocalGatewayOrder(orderId: string) {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: localGatewayKey(orderId), ConsistentRead: true }),
  );
  return res.Item ? withoutKeys(res.Item) : undefined;
}
