import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import {
  MAX_ORDER_ITEMS,
  MIN_ORDER_PAISE,
  PAYMENT_MESSAGES as M,
  type OrderAnswer,
  type RecordPaymentInput,
} from '@gia/shared';
import { cartItems } from '../db/learner.ts';
import { COUPON_MESSAGES as C } from '@gia/shared/selling-rules.ts';
import { setLearnerState } from '../db/accounts.ts';
import {
  checkoutSlots,
  CheckoutSlotTaken,
  CouponRefused,
  deferOrderCheck,
  dueUnpaidOrders,
  expireOrder,
  getOrder,
  getOrders,
  MAX_OPEN_ORDERS,
  ORDER_LIFETIME_MS,
  putOrder,
  releaseCheckoutSlot,
  type Order,
  type OrderItem,
} from '../db/orders.ts';
import {
  CouponUseRefused,
  grantedSubjects,
  PaymentRaced,
  recordOrderPayment,
  type PaymentOutcome,
} from '../db/payments.ts';
import { couponError, pricedCart } from '../lib/cart.ts';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  ValidationError,
} from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';
import { refundProcessed, type RefundEntity } from './refunds.ts';

/** Reconciliation first asks Razorpay about an unpaid order this long after its creation. */
const FIRST_CHECK_AFTER_MS = 15 * 60_000;
/** Then again after 5, 10, 20, 20… minutes (back-off), and once more when it expires. */
const recheckAfterMs = (checks: number) => Math.min(5 * 2 ** Math.max(checks - 1, 0), 20) * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What an order is for: its subjects and their prices, its coupon, and the buyer's state (the
 * invoice's tax split). The same cart (nothing added, removed or repriced, the same code) gives
 * the same key, so its open order is reused rather than a second one made.
 */
export function cartFingerprint(
  items: Pick<OrderItem, 'subject_id' | 'subject_price'>[],
  terms: { coupon?: string; state?: string } = {},
): string {
  const canonical = items
    .map((i) => `${i.subject_id}:${i.subject_price}`)
    .sort()
    .join('|');
  // Without a coupon or a state, the key of a cart is what it always was.
  const extra = terms.coupon || terms.state ? `#${terms.coupon ?? ''}#${terms.state ?? ''}` : '';
  return createHash('sha256')
    .update(canonical + extra)
    .digest('base64url');
}

/**
 * Starts a payment: prices the caller's cart with the one pricing rule (current prices, the
 * cart's coupon, the seller's GST and the buyer's state; anything the client sends as an amount
 * is ignored) and snapshots it in an order. The learner's open order for the same cart is handed
 * out again; otherwise a Razorpay order is created in a free checkout slot (at most
 * `MAX_OPEN_ORDERS` open at once, else 429 until the oldest expires). An order with a coupon
 * reserves a use of it as it is stored: none left is `409` with the reason.
 *
 * `state` is the buyer's state when their profile has none yet (the cart asks for it); it is
 * saved to the profile. Without one, the place of supply is the seller's state (IGST Act s.
 * 12(2)(b): the recipient's address is not on record), so the tax is CGST + SGST.
 */
export async function processPayment(userId: string, state?: string): Promise<OrderAnswer> {
  if (state) await setLearnerState(userId, state, new Date().toISOString());
  const cart = await pricedCart(userId);
  const listTotal = cart.items.reduce((sum, i) => sum + i.subject_price, 0);
  if (!cart.items.length || !(listTotal > 0)) throw new ValidationError(M.emptyCart);
  if (cart.items.length > MAX_ORDER_ITEMS) throw new ValidationError(M.tooManyItems);
  const { pricing, coupon, problem, seller, buyerState, profile } = cart.order;
  // A code that no longer applies is not silently dropped: the learner sees why, and decides.
  if (problem) throw couponError(problem);
  // Razorpay counts paise and refuses less than ₹1; check what is actually charged.
  const amount = pricing.total;
  if (amount < MIN_ORDER_PAISE) throw new ValidationError(M.belowMinimum);
  const items: OrderItem[] = cart.items.map((i) => ({
    subject_id: i.subject_id,
    subject_name: i.subject_name,
    subject_price: i.subject_price,
    class_id: i.class_id,
    board_id: i.board_id,
  }));
  const cartKey = cartFingerprint(items, { coupon: coupon?.code, state: buyerState });
  const orderCoupon = coupon && {
    code: coupon.code,
    max_uses: coupon.max_uses ?? null,
    per_learner: coupon.per_learner,
  };
  const terms = {
    pricing,
    ...(orderCoupon ? { coupon: orderCoupon } : {}),
    ...(seller ? { seller } : {}),
    buyer: {
      name: profile?.user_name ?? '',
      email: profile?.email ?? '',
      state: buyerState ?? null,
    },
  };
  const gateway = paymentGateway();
  const answer = (orderId: string, paise: number): OrderAnswer => ({
    order_id: orderId,
    amount: paise,
    currency: 'INR',
    key_id: gateway.keyId,
  });

  // A concurrent checkout (a double click) may take the slot we chose: read again, then the
  // winner's order is the one reused.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const open = (await checkoutSlots(userId)).filter((s) => s.expires_at > iso(now));
    const same = open.find((s) => s.cart_key === cartKey);
    if (same) {
      const order = await getOrder(same.order_id);
      if (order?.status === 'created') return answer(order.order_id, order.amount);
    }
    const taken = new Set(open.map((s) => s.slot));
    let slot = [...Array(MAX_OPEN_ORDERS).keys()].find((n) => !taken.has(n));
    let staleOrderId: string | undefined;
    if (slot === undefined) {
      // Every slot looks open: one may hold an order paid or expired a moment ago.
      const closed = (await getOrders(open.map((s) => s.order_id))).find(
        (o) => o.status !== 'created',
      );
      slot = open.find((s) => s.order_id === closed?.order_id)?.slot;
      staleOrderId = closed?.order_id;
    }
    if (slot === undefined) {
      const firstFree = Math.min(...open.map((s) => Date.parse(s.expires_at)));
      throw new RateLimitedError(M.tooManyOpenOrders, Math.ceil((firstFree - now) / 1000));
    }

    const { id: orderId } = await gateway.createOrder(amount, ulid(), { user_id: userId });
    try {
      await putOrder(
        {
          order_id: orderId,
          user_id: userId,
          amount,
          currency: 'INR',
          items,
          status: 'created',
          created_at: iso(now),
          expires_at: iso(now + ORDER_LIFETIME_MS),
          cart_key: cartKey,
          slot,
          checks: 0,
          ...terms,
        },
        iso(now + FIRST_CHECK_AFTER_MS),
        staleOrderId,
      );
      return answer(orderId, amount);
    } catch (err) {
      if (err instanceof CouponRefused) {
        if (err.reason === 'used-up') throw new ConflictError(C.usedUp);
        // The learner's own open orders with this code (an older cart) hold their uses: those
        // carts are gone from the screen, so their orders are closed and the uses given back.
        const mine = (await getOrders(open.map((s) => s.order_id))).filter(
          (o) => o.status === 'created' && o.coupon?.code === orderCoupon?.code,
        );
        if (!mine.length) throw new ConflictError(C.usedByYou);
        await Promise.all(mine.map((o) => expireOrder(o)));
        continue;
      }
      if (!(err instanceof CheckoutSlotTaken)) throw err;
    }
  }
  throw new UnavailableError(M.busy);
}

/**
 * Records a captured payment of an order, exactly once per payment id, whoever reports it first
 * (browser, webhook, reconciliation). Subjects owned already are flagged for refund, never
 * granted twice. A webhook's event id is remembered in the same transaction, so a failed write
 * leaves the event unseen and Razorpay's retry grants.
 */
async function settle(order: Order, paymentId: string, eventId?: string): Promise<PaymentOutcome> {
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
      if (outcome !== 'seen' && order.slot !== undefined)
        await releaseCheckoutSlot(order.user_id, order.slot, order.order_id);
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

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: RefundEntity };
  };
}

/**
 * Razorpay's webhook: the raw body must carry the webhook secret's signature. `payment.captured`
 * and `order.paid` grant the order exactly like the browser's report, `refund.processed` takes a
 * refunded payment's subjects back; a repeated delivery (same event id, same payment or refund)
 * changes nothing.
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
  if (event.event === 'refund.processed')
    return refundProcessed(event.payload?.refund?.entity, eventId);
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return M.webhookIgnored;
  const payment = event.payload?.payment?.entity;
  const orderId = event.payload?.order?.entity?.id ?? payment?.order_id;
  if (!orderId || !payment?.id) return M.webhookIgnored;
  const order = await getOrder(orderId);
  if (!order) return M.webhookIgnored;
  await settle(order, payment.id, eventId || undefined);
  return M.webhookProcessed;
}

/** Reconciliation asks Razorpay about this many orders at once. */
const RECONCILE_CONCURRENCY = 8;

/**
 * Every unpaid order whose check is due is asked about at Razorpay (all of them, page by page)
 * and granted if paid; otherwise its next check backs off, and once the order has expired (an
 * hour) it leaves the list. A run stops starting new checks at `deadline`; the orders it did not
 * reach are still due, first in line, at the next run.
 */
export async function reconcileUnpaidOrders(now = new Date(), deadline = Infinity) {
  const nowIso = now.toISOString();
  const result = { checked: 0, granted: 0, expired: 0 };
  const check = async (order: Order) => {
    result.checked++;
    const paymentIds = await paymentGateway().capturedPayments(order.order_id);
    for (const paymentId of paymentIds)
      if ((await settle(order, paymentId)) === 'granted') result.granted++;
    if (paymentIds.length) return;
    const expiresAt = order.expires_at ?? iso(Date.parse(order.created_at) + ORDER_LIFETIME_MS);
    if (expiresAt <= nowIso) {
      await expireOrder(order);
      result.expired++;
      return;
    }
    const checks = (order.checks ?? 0) + 1;
    const next = iso(Math.min(now.getTime() + recheckAfterMs(checks), Date.parse(expiresAt)));
    await deferOrderCheck(order.order_id, next, checks);
  };
  for await (const page of dueUnpaidOrders(nowIso)) {
    for (let i = 0; i < page.length; i += RECONCILE_CONCURRENCY) {
      if (Date.now() >= deadline) return result;
      const batch = page.slice(i, i + RECONCILE_CONCURRENCY);
      // One order's failure (Razorpay down for it) must not stop the others.
      const settled = await Promise.allSettled(batch.map(check));
      for (const [n, s] of settled.entries())
        if (s.status === 'rejected')
          logger.error('reconciling an order failed', {
            order_id: batch[n]?.order_id,
            error: s.reason as Error,
          });
    }
  }
  return result;
}
