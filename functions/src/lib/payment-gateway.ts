import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LOCAL_RAZORPAY, PAYMENT_MESSAGES, REFUND_MESSAGES } from '@gia/shared';
import type { LocalPaymentAnswer } from '@gia/shared/account-answers.ts';
import { ConflictError, UnavailableError } from './errors.ts';
import { unmetered } from './dynamo.ts';
import { getLocalGatewayOrder, putLocalGatewayOrder } from '../db/orders.ts';
import { putLocalGatewayRefund } from '../db/refunds.ts';
import { env } from './env.ts';
import { logger } from './logger.ts';
import { RazorpayError, razorpayClient, type RazorpayLimits } from './razorpay-client.ts';

/** What the product needs of a payment provider. */
export interface PaymentGateway {
  /** `razorpay` (real keys) or `local` (the built-in test gateway). */
  readonly mode: 'razorpay' | 'local';
  readonly keyId: string;
  createOrder(
    amountPaise: number,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<{ id: string }>;
  /** The ids of the captured payments of an order. */
  capturedPayments(orderId: string): Promise<string[]>;
  /** Checkout's signature: hex HMAC-SHA256(key_secret, order_id|payment_id). */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** A webhook's signature: hex HMAC-SHA256(webhook_secret, raw body). */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /**
   * Refunds a payment. The same idempotency key (and amount) answers the same refund, however
   * often it is asked; the gateway reports its completion with a `refund.processed` webhook.
   */
  refund(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<{ id: string }>;
}

const hmacHex = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Compares two hex signatures in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const paymentSignature = (secret: string, orderId: string, paymentId: string) =>
  hmacHex(secret, `${orderId}|${paymentId}`);

export const webhookSignature = (secret: string, rawBody: string) => hmacHex(secret, rawBody);

export type { RazorpayLimits };

/**
 * Each attempt times out after 5 s, and one retry follows after 0.5 s: a call ends within about
 * 11 s, well inside a function's 29 s, so a stalled Razorpay answers 503 (the client retries)
 * instead of a function killed mid-write.
 */
export const RAZORPAY_LIMITS: RazorpayLimits = { timeoutMs: 5_000, retries: 1, retryDelayMs: 500 };

/** Razorpay's own client, with a request timeout and a retry budget. */
export function razorpayGateway(config: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Tests only: a stand-in for Razorpay's API host. */
  apiBase?: string;
  limits?: RazorpayLimits;
}): PaymentGateway {
  const { keyId, keySecret, webhookSecret, limits = RAZORPAY_LIMITS } = config;
  const rzp = razorpayClient({ keyId, keySecret, apiBase: config.apiBase, limits });
  const unavailable = (what: string) => (err: unknown) => {
    logger.error(`Razorpay: ${what} failed`, { error: err as Error });
    throw new UnavailableError(PAYMENT_MESSAGES.providerDown);
  };
  return {
    mode: 'razorpay',
    keyId,
    async createOrder(amount, receipt, notes) {
      const order = await rzp.orders
        .create({ amount, currency: 'INR', receipt, notes })
        .catch(unavailable('order creation'));
      return { id: order.id };
    },
    async capturedPayments(orderId) {
      const res = await rzp.orders.fetchPayments(orderId).catch(unavailable('payments lookup'));
      return res.items.filter((p) => p.status === 'captured').map((p) => p.id);
    },
    verifyPayment: (orderId, paymentId, signature) =>
      sameSignature(paymentSignature(keySecret, orderId, paymentId), signature),
    verifyWebhook: (rawBody, signature) =>
      sameSignature(webhookSignature(webhookSecret, rawBody), signature),
    // The SDK's payments.refund sends no headers: the same call, with Razorpay's idempotency
    // header (a retry, here or by the admin, answers the refund already made).
    async refund(paymentId, amount, idempotencyKey) {
      const refund = await rzp.api
        .post<{ id: string }>({
          url: `/payments/${encodeURIComponent(paymentId)}/refund`,
          data: { amount },
          headers: { 'X-Refund-Idempotency': idempotencyKey },
        })
        .catch((err: unknown) => {
          // Razorpay refuses (400) a payment refunded already, e.g. from its dashboard.
          const status = err instanceof RazorpayError ? err.statusCode : 0;
          if (status >= 400 && status < 500 && status !== 429)
            throw new ConflictError(REFUND_MESSAGES.alreadyRefunded);
          return unavailable('refund')(err);
        });
      return { id: refund.id };
    },
  };
}

/**
 * The built-in test gateway of the local stack: orders live in the table, and
 * `POST /api/local/razorpay/pay` pays one as Razorpay would after a successful card payment.
 */
export function localGateway(): PaymentGateway & {
  pay(orderId: string): Promise<LocalPaymentAnswer | undefined>;
} {
  const { keyId, keySecret, webhookSecret } = LOCAL_RAZORPAY;
  return {
    mode: 'local',
    keyId,
    async createOrder(amount, receipt, notes) {
      const id = `order_${randomBytes(7).toString('hex')}`;
      await unmetered(() =>
        putLocalGatewayOrder({
          id,
          amount,
          currency: 'INR',
          receipt,
          notes,
          status: 'created',
          payments: [],
        }),
      );
      return { id };
    },
    async capturedPayments(orderId) {
      const order = await unmetered(() => getLocalGatewayOrder(orderId));
      return ((order?.payments as string[] | undefined) ?? []).slice();
    },
    verifyPayment: (orderId, paymentId, signature) =>
      sameSignature(paymentSignature(keySecret, orderId, paymentId), signature),
    verifyWebhook: (rawBody, signature) =>
      sameSignature(webhookSignature(webhookSecret, rawBody), signature),
    // One refund per payment, as Razorpay's full refund; the same key answers it again. The
    // local stack delivers its signed `refund.processed` webhook a moment later.
    async refund(paymentId, amount, idempotencyKey) {
      const made = await putLocalGatewayRefund({
        id: `rfnd_${randomBytes(7).toString('hex')}`,
        payment_id: paymentId,
        amount,
        idempotency_key: idempotencyKey,
        created_at: new Date().toISOString(),
      });
      if (!made) throw new ConflictError(REFUND_MESSAGES.alreadyRefunded);
      return made;
    },
    async pay(orderId) {
      const order = await getLocalGatewayOrder(orderId);
      if (!order) return undefined;
      const paymentId = `pay_${randomBytes(7).toString('hex')}`;
      await putLocalGatewayOrder({
        ...(order as Record<string, unknown>),
        id: orderId,
        status: 'paid',
        payments: [...((order.payments as string[] | undefined) ?? []), paymentId],
      });
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(keySecret, orderId, paymentId),
      };
    },
  };
}

let cached: PaymentGateway | undefined;

/**
 * Real Razorpay when all three keys are set; the local test gateway only on the local stack;
 * otherwise payments are unavailable (503).
 */
export function paymentGateway(): PaymentGateway {
  if (cached) return cached;
  const e = env();
  if (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET) {
    cached = razorpayGateway({
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiBase: e.RAZORPAY_API_BASE,
    });
  } else if (e.PAYMENTS_LOCAL_GATEWAY === '1') {
    cached = localGateway();
  } else {
    throw new UnavailableError(PAYMENT_MESSAGES.notConfigured);
  }
  return cached;
}

/** Tests that switch modes forget the cached gateway. */
export function resetGatewayForTests(): void {
  cached = undefined;
}
