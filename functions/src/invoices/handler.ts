import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { paymentRowChange } from '../db/payment-stream.ts';
import { logger } from '../lib/logger.ts';
import { issueCreditNote, issueInvoice } from './service.ts';

/*
 * The invoice function (issue 18): the table's stream, filtered to new payment history rows and
 * to rows whose refund has just been processed (in AWS by the event source's filter; on the
 * local stack by the stream poller's), issues each captured payment's tax invoice and each
 * refunded payment's credit note. A record that fails is reported back (`batchItemFailures`) and
 * retried from there; issuing is idempotent, so a retry never numbers a document twice. Kept out
 * of the payments function, whose bundle it would grow (pdf-lib, fontkit, fonts).
 */

type StreamRecord = DynamoDBStreamEvent['Records'][number];

/** Whether a stream record is a new payment history row (its invoice is due). */
export const isNewPaymentRow = (r: StreamRecord) => paymentRowChange(r)?.change === 'INSERT';

/** Whether a stream record is a payment row whose refund is processed without a credit note. */
export const isRefundedPaymentRow = (r: StreamRecord) => {
  const row = paymentRowChange(r);
  return (
    row?.change === 'MODIFY' &&
    row.after.refund?.status === 'processed' &&
    !row.after.refund.credit_note_url
  );
};

/** The records this function is for (the event source mapping's filter says the same). */
export const wantsRecord = (r: StreamRecord) => isNewPaymentRow(r) || isRefundedPaymentRow(r);

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const credit = isRefundedPaymentRow(record);
    if (!credit && !isNewPaymentRow(record)) continue;
    const { user_id: userId, id: rowId } = paymentRowChange(record)!.after;
    try {
      const outcome = credit
        ? await issueCreditNote(userId, rowId)
        : await issueInvoice(userId, rowId);
      if (typeof outcome === 'string')
        logger.info(credit ? 'no credit note' : 'no invoice', { payment_row: rowId, outcome });
    } catch (err) {
      logger.error(credit ? 'credit note failed' : 'invoice failed', {
        payment_row: rowId,
        error: err as Error,
      });
      // Records after a failed one are retried with it, in order.
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      break;
    }
  }
  return { batchItemFailures: failures };
}
