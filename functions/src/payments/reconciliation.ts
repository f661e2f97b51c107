import {
  deferOrderCheck,
  dueUnpaidOrders,
  expireOrder,
  ORDER_LIFETIME_MS,
  type Order,
} from '../db/orders.ts';
import { logger } from '../lib/logger.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';
import { recheckAfterMs } from './reconcile-schedule.ts';
import { settle } from './settle.ts';

const iso = (ms: number) => new Date(ms).toISOString();

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
