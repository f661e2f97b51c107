import { ulid } from 'ulid';
import {
  MAX_ORDER_ITEMS,
  PAYMENT_MESSAGES as M,
  type OrderAnswer,
  type RecordPaymentInput,
} from '@gia/shared';
import { userItems } from '../db/learner.ts';
import {
  expireOrder,
  firstDelivery,
  getOrder,
  grantPaidOrder,
  putOrder,
  unpaidOrdersBefore,
  type Order,
} from '../db/payments.ts';
import { getCart } from '../learner/cart.ts';
import { AppError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { paymentGateway } from './gateway.ts';

/**
 * Starts a payment: totals the caller's cart from current prices (anything the client sends as
 * an amount is ignored), snapshots the items in an order, and creates the Razorpay order.
 */
export async function processPayment(userId: string): Promise<OrderAnswer> {
  const cart = await getCart(userId);
  if (!cart.items.length || !(cart.total > 0)) throw new ValidationError(M.emptyCart);
  if (cart.items.length > MAX_ORDER_ITEMS) throw new ValidationError(M.tooManyItems);
  const amount = Math.round(cart.total * 100);
  const receipt = ulid();
  const gateway = paymentGateway();
  let orderId: string;
  try {
    orderId = (await gateway.createOrder(amount, receipt, { user_id: userId })).id;
  } catch (err) {
    logger.error('order creation failed', { error: err as Error });
    throw new AppError('UNAVAILABLE', M.providerDown);
  }
  await putOrder({
    order_id: orderId,
    user_id: userId,
    amount,
    currency: 'INR',
    items: cart.items.map((i) => ({
      subject_id: i.subject_id,
      subject_name: i.subject_name,
      subject_price: i.subject_price,
      class_id: i.class_id,
      board_id: i.board_id,
    })),
    status: 'created',
    created_at: new Date().toISOString(),
  });
  return { order_id: orderId, amount, currency: 'INR', key_id: gateway.keyId };
}

/** Grants an order once, whoever reports the payment first (browser, webhook, reconciliation). */
async function grant(order: Order, paymentId: string): Promise<boolean> {
  const cart = await userItems(order.user_id, 'CART#');
  return grantPaidOrder(
    order,
    paymentId,
    ulid(),
    cart.map((c) => ({ cart_id: String(c.cart_id), subject_id: String(c.subject_id) })),
    new Date().toISOString(),
  );
}

/** The browser's report after Checkout: verified, then granted (again: no change). */
export async function recordPayment(userId: string, input: RecordPaymentInput): Promise<void> {
  const order = await getOrder(input.razorpay_order_id);
  if (!order || order.user_id !== userId) throw new NotFoundError(M.orderNotFound);
  const valid = paymentGateway().verifyPayment(
    input.razorpay_order_id,
    input.razorpay_payment_id,
    input.razorpay_signature,
  );
  if (!valid) throw new ValidationError(M.verificationFailed);
  await grant(order, input.razorpay_payment_id);
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string } };
    order?: { entity?: { id?: string } };
  };
}

/**
 * Razorpay's webhook: the raw body must carry the webhook secret's signature. `payment.captured`
 * and `order.paid` grant the order exactly like the browser's report; a repeated delivery (same
 * event id) changes nothing.
 */
export async function handleWebhook(
  rawBody: string,
  signature: string,
  eventId: string | undefined,
) {
  if (!signature || !paymentGateway().verifyWebhook(rawBody, signature)) {
    throw new ValidationError(M.verificationFailed);
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody) as WebhookEvent;
  } catch {
    throw new ValidationError(M.verificationFailed);
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return M.webhookIgnored;
  if (eventId && !(await firstDelivery(eventId, Date.now()))) return M.webhookProcessed;
  const payment = event.payload?.payment?.entity;
  const orderId = event.payload?.order?.entity?.id ?? payment?.order_id;
  if (!orderId || !payment?.id) return M.webhookIgnored;
  const order = await getOrder(orderId);
  if (!order) return M.webhookIgnored;
  await grant(order, payment.id);
  return M.webhookProcessed;
}

/**
 * Orders still unpaid 15 minutes after creation are asked about at Razorpay and granted if
 * paid; after a day without payment they leave the list.
 */
export async function reconcileUnpaidOrders(now = new Date()) {
  const before = new Date(now.getTime() - 15 * 60_000).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const result = { checked: 0, granted: 0, expired: 0 };
  for (const order of await unpaidOrdersBefore(before)) {
    result.checked++;
    const [paymentId] = await paymentGateway().capturedPayments(order.order_id);
    if (paymentId) {
      if (await grant(order, paymentId)) result.granted++;
    } else if (order.created_at < dayAgo) {
      await expireOrder(order.order_id);
      result.expired++;
    }
  }
  return result;
}
