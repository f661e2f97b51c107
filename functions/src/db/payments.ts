import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { refundShare } from '@gia/shared/selling-rules.ts';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { REFUNDS_DUE } from './keys.ts';
import { grants } from './learner.ts';
import type { Order } from './orders.ts';
import { clearCartCouponItem, couponRedemption } from './selling.ts';
import { tableName } from './table-name.ts';
import { cancellationCodes, type TransactItem } from './transact.ts';

/** How long a webhook event id is remembered. */
const WEBHOOK_EVENT_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Remembers a webhook event id, in the transaction of what the event does: the transaction fails
 * (as a redelivery) when the id was seen before, and the id is kept for a week.
 */
export const webhookEventGuard = (eventId: string, now: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.webhookEvent(eventId),
      ttl: Math.floor(Date.parse(now) / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

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
  /**
   * Nothing granted: the order was paid after its coupon's use went back, and no use is left
   * under the coupon's limits. The whole payment is to refund.
   */
  | 'refused'
  /** This payment (or this webhook event) was recorded before: nothing changed. */
  | 'seen';

/** The order, a subject or the cart changed between reading and writing: read again and retry. */
export class PaymentRaced extends Error {}

/**
 * A late payment's order could not take a use of its coupon under the coupon's limits: record
 * it again with `couponRefused`.
 */
export class CouponUseRefused extends Error {}

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
  /** The order's coupon has no use left for this late payment: grant nothing, refund it all. */
  couponRefused?: boolean;
}

/**
 * Records a captured payment in one transaction: the payment once (a guard per Razorpay payment
 * id, and per webhook event id when a webhook reports it), the order paid, one payment history
 * row, a grant for each subject of the order's snapshot not already owned, and those subjects
 * out of the cart. A subject owned through another order is never granted twice: it is listed
 * in `duplicate_subjects` with a `refund_amount`, on the order (then on gsi1 `REFUNDS#DUE`) and
 * on the history row. A second payment of an order already paid is recorded the same way, as a
 * duplicate to refund. A late payment of an order whose coupon use went back takes a use under
 * the coupon's limits, or throws `CouponUseRefused`; recorded again with `couponRefused`, it
 * grants nothing and the whole amount is to refund (`refused`). Throws `PaymentRaced` when what
 * was read changed meanwhile.
 */
export async function recordOrderPayment(p: PaymentToRecord): Promise<PaymentOutcome> {
  const t = tableName();
  const { order } = p;
  const alreadyPaid = order.status === 'paid';
  const refused = !alreadyPaid && p.couponRefused === true;
  const fresh =
    alreadyPaid || refused ? [] : order.items.filter((i) => !isOwnedElsewhere(p, i.subject_id));
  const duplicates = alreadyPaid
    ? order.items
    : refused
      ? []
      : order.items.filter((i) => isOwnedElsewhere(p, i.subject_id));
  const refundPaise =
    alreadyPaid || refused ? order.amount : refundShare(order.amount, order.items, duplicates);
  const toRefund = duplicates.length > 0 || refused;
  const refund = toRefund ? { refund_amount: refundPaise / 100 } : {};
  const guards: TransactItem[] = [
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.razorpayPayment(p.paymentId),
          order_id: order.order_id,
          user_id: order.user_id,
          // Where a refund of this payment finds its history row.
          history_id: p.historyId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (p.eventId) guards.push(webhookEventGuard(p.eventId, p.now));
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
            ':refunds': REFUNDS_DUE,
            ':now': p.now,
            ':paid': 'paid',
          },
        },
      }
    : {
        Update: {
          TableName: t,
          Key: keys.order(order.order_id),
          UpdateExpression: refused
            ? 'SET #s = :paid, payment_id = :pid, paid_at = :now, coupon_refused = :yes, ' +
              'refund_amount = :refund, gsi1pk = :refunds, gsi1sk = :now'
            : duplicates.length
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
            ...(duplicates.length ? { ':dups': duplicates } : {}),
            ...(refused ? { ':yes': true } : {}),
            ...(toRefund ? { ':refund': refundPaise / 100, ':refunds': REFUNDS_DUE } : {}),
          },
        },
      };
  const inOrder = new Set(order.items.map((i) => i.subject_id));
  // The coupon's reservation becomes a use (a late payment of an expired order takes one, if
  // one is left under its limits).
  const coupon: TransactItem[] =
    order.coupon && !alreadyPaid && !refused
      ? [
          ...couponRedemption(order.user_id, order.coupon, order.status === 'created'),
          clearCartCouponItem(order.user_id),
        ]
      : [];
  const items: TransactItem[] = [
    ...guards,
    orderUpdate,
    {
      Put: {
        TableName: t,
        Item: {
          ...keys.payment(order.user_id, p.historyId),
          // Listed for the admin dashboard's sales when it granted subjects.
          ...(fresh.length ? keys.capturedPayment(p.now, p.historyId) : {}),
          type: 'payment',
          id: p.historyId,
          user_id: order.user_id,
          payment_amount: order.amount / 100,
          transaction_id: p.paymentId,
          payment_status: fresh.length ? 'captured' : refused ? 'refused' : 'duplicate',
          order_id: order.order_id,
          subjects: fresh,
          ...(order.pricing && !alreadyPaid ? { pricing: order.pricing } : {}),
          ...(duplicates.length ? { duplicate: true, duplicate_subjects: duplicates } : {}),
          ...(refused ? { refund_reason: 'coupon_used_up' } : {}),
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
    // A refused payment bought nothing: the cart stays as it is.
    ...p.cartItems
      .filter((c) => !refused && inOrder.has(c.subject_id))
      .flatMap((c): TransactItem[] => [
        { Delete: { TableName: t, Key: keys.cartItem(order.user_id, c.cart_id) } },
        { Delete: { TableName: t, Key: keys.cartSubject(order.user_id, c.subject_id) } },
      ]),
    ...coupon,
  ];
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return fresh.length ? 'granted' : refused ? 'refused' : 'duplicate';
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes.length) throw err;
    // The payment, or this webhook event, was recorded before: it happened once, earlier.
    if (codes.slice(0, guards.length).includes('ConditionalCheckFailed')) return 'seen';
    const couponAt = items.length - coupon.length;
    if (codes.slice(couponAt, couponAt + 2).includes('ConditionalCheckFailed'))
      throw new CouponUseRefused('no use of the coupon is left for this late payment');
    throw new PaymentRaced('the order changed while its payment was recorded', { cause: err });
  }
}

const isOwnedElsewhere = (p: PaymentToRecord, subjectId: string) => {
  const by = p.owned.get(subjectId);
  return by !== undefined && by !== p.order.order_id;
};
