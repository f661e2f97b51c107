import { ulid } from 'ulid';
import { PAYMENT_MESSAGES as M, type RecordPaymentInput } from '@gia/shared';
import { cartItems } from '../db/learner.ts';
import { getOrder, type Order } from '../db/orders.ts';
import {
  CouponUseRefused,
  grantedSubjects,
  PaymentRaced,
  recordOrderPayment,
  type PaymentOutcome,
} from '../db/payments.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';

/*
 * Settlement: the one path by which a captured payment grants, whoever reports it (the browser
 * after Checkout, Razorpay's webhook, reconciliation).
 */

/**
 * Records a captured payment of an order, exactly once per payment id, whoever reports it first
 * (browser, webhook, reconciliation). Subjects owned already are flagged for refund, never
 * granted twice. A webhook's event id is remembered in the same transaction, so a failed write
 * leaves the event unseen and Razorpay's retry grants.
 */
export async function settle(
  order: Order,
  paymentId: string,
  eventId?: string,
): Promise<PaymentOutcome> {
  // Set once a late payment finds its coupon used up: it is then recorded for refund.
  let couponRefused = false;
  for (let attempt = 0; ; attempt++) {
    if (order.payment_id === paymentId || order.duplicate_payments?.includes(paymentId))
      return 'seen';
    const [owned, cart] = await Promise.all([
      grantedSubjects(order.user_id),
      cartItems(order.user_id),
    ]);
    try {
      const outcome = await recordOrderPayment({
        order,
        paymentId,
        historyId: ulid(),
        owned,
        cartItems: cart.map((c) => ({ cart_id: c.cart_id, subject_id: c.subject_id })),
        now: new Date().toISOString(),
        eventId,
        couponRefused,
      });
      if (outcome === 'duplicate' || outcome === 'refused')
        logger.warn(
          outcome === 'duplicate'
            ? 'payment for subjects already owned: to refund'
            : 'late payment of an order whose coupon is used up: to refund',
          { order_id: order.order_id, payment_id: paymentId },
        );
      // The order's checkout slot is left as it is: an order no longer open frees its slot by
      // itself (checkout reuses a slot whose order is paid or expired), so a Delete here would
      // be one more write on every payment (issue 30) for nothing a checkout needs.
      return outcome;
    } catch (err) {
      if (err instanceof CouponUseRefused && !couponRefused) {
        couponRefused = true;
        continue;
      }
      if (!(err instanceof PaymentRaced) || attempt >= 2) throw err;
    }
    const fresh = await getOrder(order.order_id);
    if (!fresh) throw new NotFoundError(M.orderNotFound);
    order = fresh;
  }
}

/**
 * The browser's report after Checkout: verified, then granted (again: no change). Answers what
 * happened, so a payment for subjects already owned is told as a refund to come.
 */
export async function recordPayment(
  userId: string,
  input: RecordPaymentInput,
): Promise<PaymentOutcome> {
  const order = await getOrder(input.razorpay_order_id);
  if (!order || order.user_id !== userId) throw new NotFoundError(M.orderNotFound);
  const valid = paymentGateway().verifyPayment(
    input.razorpay_order_id,
    input.razorpay_payment_id,
    input.razorpay_signature,
  );
  if (!valid) throw new ValidationError(M.verificationFailed);
  return settle(order, input.razorpay_payment_id);
}
