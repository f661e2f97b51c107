import { PAYMENT_MESSAGES as M, REFUND_MESSAGES as R, type PaymentRefund } from '@gia/shared';
import {
  claimRefund,
  grantsOfOrder,
  noteRefundId,
  paymentRowOf,
  recordRefundProcessed,
  RefundRaced,
  releaseRefundClaim,
} from '../db/refunds.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { paymentGateway } from '../lib/payment-gateway.ts';

/*
 * Refunds (issue 18): an admin refunds a whole captured payment; the gateway confirms with
 * `refund.processed`, which takes the payment's subjects back. Each step is safe to repeat.
 */

/**
 * The idempotency key of a payment's refund (Razorpay: 10+ characters of letters, digits, `-`
 * and `_`). One per payment, so a repeated or concurrent request never refunds twice.
 */
export const refundKey = (paymentId: string) => `refund_${paymentId.replace(/[^\w-]/g, '-')}`;

/** A request is long over after this (a function runs at most 29 s). */
const STUCK_AFTER_MS = 2 * 60_000;

/** A payment's amount in paise (history rows keep rupees). */
const paiseOf = (rupees: number) => Math.round(rupees * 100);

/**
 * Refunds a whole captured payment (`paymentId`: Razorpay's). The row is marked `pending`
 * first, conditionally (a second request is `409`), then the gateway is asked with the
 * payment's idempotency key; if it refuses or cannot be reached, the mark is withdrawn.
 */
export async function refundPayment(paymentId: string): Promise<PaymentRefund> {
  const row = await paymentRowOf(paymentId);
  if (!row) throw new NotFoundError(R.notFound);
  const refund: PaymentRefund = {
    refund_id: '',
    amount: paiseOf(row.payment_amount),
    status: 'pending',
    requested_at: new Date().toISOString(),
  };
  // A request that died between its mark and the gateway's answer (no refund id, long ago) is
  // taken up again: the same key answers the same refund, if one was made.
  const stuck =
    row.refund?.status === 'pending' &&
    !row.refund.refund_id &&
    Date.now() - Date.parse(row.refund.requested_at) > STUCK_AFTER_MS;
  if (stuck) Object.assign(refund, { requested_at: row.refund!.requested_at });
  const refused = stuck ? undefined : row.refund ? 'refunded' : await claimRefund(row, refund);
  if (refused === 'missing') throw new NotFoundError(R.notFound);
  if (refused === 'not-captured') throw new ConflictError(R.notCaptured);
  if (refused) throw new ConflictError(R.alreadyRefunded);
  let made: { id: string };
  try {
    made = await paymentGateway().refund(paymentId, refund.amount, refundKey(paymentId));
  } catch (err) {
    await releaseRefundClaim(row);
    throw err;
  }
  await noteRefundId(row, made.id);
  logger.info('refund requested', { payment_id: paymentId, refund_id: made.id });
  return { ...refund, refund_id: made.id };
}

/** Razorpay's refund entity (`payload.refund.entity`), amount in paise. */
export interface RefundEntity {
  id?: string;
  payment_id?: string;
  amount?: number;
  status?: string;
}

/**
 * `refund.processed`: the payment's row records the refund `processed` (with the gateway's id
 * and amount) and the subjects its order granted are taken back, in one transaction with the
 * event's id. A redelivery, or a refund recorded already, changes nothing. A refund made in
 * Razorpay's dashboard (no request here) is recorded the same way. A partial refund is not
 * something this product makes: it is logged and left alone (the subjects stay).
 */
export async function refundProcessed(entity: RefundEntity | undefined, eventId?: string) {
  if (!entity?.id || !entity.payment_id) return M.webhookIgnored;
  let row = await paymentRowOf(entity.payment_id);
  if (!row || row.payment_status !== 'captured') return M.webhookIgnored;
  const whole = paiseOf(row.payment_amount);
  const amount = typeof entity.amount === 'number' ? entity.amount : whole;
  if (amount < whole) {
    logger.warn('partial refund left alone', { payment_id: entity.payment_id, amount });
    return M.webhookIgnored;
  }
  for (let attempt = 0; ; attempt++) {
    if (row.refund?.status === 'processed') return M.webhookProcessed;
    const now = new Date().toISOString();
    try {
      await recordRefundProcessed({
        row,
        refund: {
          refund_id: entity.id,
          amount,
          status: 'processed',
          requested_at: row.refund?.requested_at ?? now,
          processed_at: now,
        },
        subjectIds: await grantsOfOrder(row),
        eventId: eventId || undefined,
        now,
      });
      logger.info('refund processed', { payment_id: entity.payment_id, refund_id: entity.id });
      return M.webhookProcessed;
    } catch (err) {
      if (!(err instanceof RefundRaced) || attempt >= 2) throw err;
    }
    row = (await paymentRowOf(entity.payment_id)) ?? row;
  }
}
