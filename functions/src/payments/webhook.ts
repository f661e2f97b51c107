import * as z from 'zod/mini';
import { PAYMENT_MESSAGES as M } from '@gia/shared';
import { getOrder } from '../db/orders.ts';
import { ValidationError } from '../lib/errors.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';
import { refundProcessed } from './refunds.ts';
import { settle } from './settle.ts';

/**
 * What this product reads of a Razorpay webhook's body (the rest is ignored): the event's name,
 * and the payment, order or refund it is about. Checked after the signature; a body that is not
 * this shape answers `400` like a bad signature, and one that lacks the ids is ignored.
 */
const RazorpayWebhook = z.object({
  event: z.string(),
  payload: z._default(
    z.object({
      payment: z.optional(
        z.object({
          entity: z.object({
            id: z.optional(z.string()),
            order_id: z.optional(z.nullable(z.string())),
          }),
        }),
      ),
      order: z.optional(z.object({ entity: z.object({ id: z.optional(z.string()) }) })),
      refund: z.optional(
        z.object({
          entity: z.object({
            id: z.optional(z.string()),
            payment_id: z.optional(z.string()),
            amount: z.optional(z.number()),
            status: z.optional(z.string()),
          }),
        }),
      ),
    }),
    {},
  ),
});

/** The webhook's body as JSON checked against {@link RazorpayWebhook}; `400` otherwise. */
export function parseWebhook(rawBody: string): z.infer<typeof RazorpayWebhook> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ValidationError(M.verificationFailed);
  }
  const parsed = RazorpayWebhook.safeParse(json);
  if (!parsed.success) throw new ValidationError(M.verificationFailed);
  return parsed.data;
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
  const event = parseWebhook(rawBody);
  if (event.event === 'refund.processed')
    return refundProcessed(event.payload.refund?.entity, eventId);
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return M.webhookIgnored;
  const payment = event.payload.payment?.entity;
  const orderId = event.payload.order?.entity.id ?? payment?.order_id;
  if (!orderId || !payment?.id) return M.webhookIgnored;
  const order = await getOrder(orderId);
  if (!order) return M.webhookIgnored;
  await settle(order, payment.id, eventId || undefined);
  return M.webhookProcessed;
}
