import * as z from 'zod/mini';
import { requiredId } from './ids.ts';
import { registerMessages } from './message-codes.ts';

/** Texts of payments (docs/api.md §7 and the specification's cart toasts). */
export const PAYMENT_MESSAGES = {
  emptyCart: 'Your cart is empty or the total amount is invalid.',
  tooManyItems: 'Please check out at most 25 subjects at a time.',
  orderCreated: 'Order created',
  verificationFailed: 'Payment verification failed.',
  success: 'Payment successful. Cart cleared.',
  orderNotFound: 'Order not found.',
  webhookIgnored: 'Event ignored.',
  webhookProcessed: 'Event processed.',
  providerDown: 'The payment provider is not reachable right now. Please try again.',
  notLocal: 'The local test gateway is off: real Razorpay keys are configured.',
  notConfigured: 'Payments are not available right now. Please try again later.',
  belowMinimum: 'The total must be at least ₹1 to pay online.',
  tooManyOpenOrders:
    'You have too many unfinished checkouts. Please complete a payment or try again later.',
  busy: 'Another checkout is in progress. Please try again.',
  duplicate: 'Payment received for subjects you already own. It will be refunded.',
  couponUsedUp:
    'This coupon was used up before your payment arrived: nothing was bought, and the payment will be refunded in full.',
} as const;

/** Local test gateway keys (used only when the Razorpay variables are unset). */
export const LOCAL_RAZORPAY = {
  keyId: 'rzp_test_local',
  keySecret: 'local_key_secret',
  webhookSecret: 'local_webhook_secret',
} as const;

/** At most this many subjects in one order (one transaction grants them all). */
export const MAX_ORDER_ITEMS = 25;

/** Razorpay's minimum charge: ₹1, in paise. */
export const MIN_ORDER_PAISE = 100;

const requiredString = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

export const RecordPaymentInput = z.object({
  razorpay_order_id: requiredId(
    'razorpay_order_id is required.',
    PAYMENT_MESSAGES.verificationFailed,
  ),
  razorpay_payment_id: requiredId(
    'razorpay_payment_id is required.',
    PAYMENT_MESSAGES.verificationFailed,
  ),
  razorpay_signature: requiredString('razorpay_signature is required.'),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInput>;

export const LocalPayInput = z.object({
  order_id: requiredId('order_id is required.', PAYMENT_MESSAGES.orderNotFound),
});

/** Texts of refunds (issue 18, docs/api.md §8c). */
export const REFUND_MESSAGES = {
  requested: 'Refund requested. It completes when Razorpay confirms it.',
  notFound: 'Payment not found.',
  notCaptured: 'Only a payment that granted subjects can be refunded.',
  alreadyRefunded: 'This payment is already refunded.',
  loaded: 'Payments loaded',
} as const;

/**
 * `refundPayment`: the Razorpay payment id (`pay_…`, the history row's `transaction_id`, what the
 * admin's Payments screen lists). The whole payment is refunded.
 */
export const RefundPaymentInput = z.object({
  payment_id: requiredId('payment_id is required.', REFUND_MESSAGES.notFound),
});
export type RefundPaymentInput = z.infer<typeof RefundPaymentInput>;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('payment', PAYMENT_MESSAGES, ['webhookIgnored', 'webhookProcessed', 'notLocal']);
registerMessages('refund', REFUND_MESSAGES, true);
