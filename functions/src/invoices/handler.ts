import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { issueInvoice } from './service.ts';

/*
 * The invoice function (issue 18): the table's stream, filtered to new payment history rows
 * (in AWS by the event source's filter; on the local stack by the stream poller's), issues each
 * captured payment's tax invoice. A record that fails is reported back (`batchItemFailures`) and
 * retried from there; issuing is idempotent, so a retry never numbers a payment twice. Kept out
 * of the payments function, whose bundle it would grow (pdf-lib, fontkit, fonts).
 */

type Image = Record<string, { S?: string } | undefined>;

/** Whether a stream record is a new payment history row (what this function is for). */
export const isNewPaymentRow = (r: DynamoDBStreamEvent['Records'][number]) => {
  const image = r.dynamodb?.NewImage as Image | undefined;
  return r.eventName === 'INSERT' && image?.type?.S === 'payment';
};

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    if (!isNewPaymentRow(record)) continue;
    const image = record.dynamodb!.NewImage as Image;
    const userId = image.user_id?.S ?? '';
    const rowId = image.id?.S ?? '';
    try {
      const outcome = await issueInvoice(userId, rowId);
      if (typeof outcome === 'string') logger.info('no invoice', { payment_row: rowId, outcome });
    } catch (err) {
      logger.error('invoice failed', { payment_row: rowId, error: err as Error });
      // Records after a failed one are retried with it, in order.
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      break;
    }
  }
  return { batchItemFailures: failures };
}
