import * as z from 'zod/mini';

/** Texts of payments (CONTRACT section 7 and the specification's cart toasts). */
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
} as const;

/** Local test gateway keys (used only when the Razorpay variables are unset). */
export const LOCAL_RAZORPAY = {
  keyId: 'rzp_test_local',
  keySecret: 'local_key_secret',
  webhookSecret: 'local_webhook_secret',
} as const;

/** At most this many subjects in one order (one transaction grants them all). */
export const MAX_ORDER_ITEMS = 25;

const requiredString = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

export const RecordPaymentInput = z.object({
  razorpay_order_id: requiredString('razorpay_order_id is required.'),
  razorpay_payment_id: requiredString('razorpay_payment_id is required.'),
  razorpay_signature: requiredString('razorpay_signature is required.'),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInput>;

export const LocalPayInput = z.object({
  order_id: requiredString('order_id is required.'),
});

export interface OrderAnswer {
  order_id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  key_id: string;
}
