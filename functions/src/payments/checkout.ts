import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import {
  MAX_ORDER_ITEMS,
  MIN_ORDER_PAISE,
  PAYMENT_MESSAGES as M,
  type OrderAnswer,
} from '@gia/shared';
import { COUPON_MESSAGES as C } from '@gia/shared/selling-rules.ts';
import { setLearnerState } from '../db/accounts.ts';
import {
  checkoutSlots,
  CheckoutSlotTaken,
  CouponRefused,
  expireOrder,
  getOrder,
  getOrders,
  MAX_OPEN_ORDERS,
  ORDER_LIFETIME_MS,
  putOrder,
  type OrderItem,
} from '../db/orders.ts';
import { couponError, pricedCart } from '../domain/pricing/index.ts';
import {
  ConflictError,
  RateLimitedError,
  UnavailableError,
  ValidationError,
} from '../lib/errors.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';
import { FIRST_CHECK_AFTER_MS } from './reconcile-schedule.ts';

/*
 * Checkout: the learner's cart priced once and snapshotted in an order, in one of their checkout
 * slots, with its coupon's use reserved. Paying it is settle.ts; checking it later, reconcile.ts.
 */

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
    ...(i.local_name ? { local_name: i.local_name } : {}),
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
