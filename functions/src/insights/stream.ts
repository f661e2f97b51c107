import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { addEventOnce } from '../db/insights.ts';
import { paymentRowChange } from '../db/payment-stream.ts';
import { logger } from '../lib/logger.ts';
import { refundOf, saleOf, type InsightEvent } from './events.ts';

/*
 * The insights' stream consumer (issue 18): the table's stream, filtered to payment rows that
 * were captured (INSERT) or whose refund was processed (MODIFY), in AWS by the event source's
 * filter and on the local stack by the stream poller's. Each sale or refund is added to its day
 * together with its guard item, so a redelivered record (a retry, a replay) counts once.
 */

/** The sale or refund a stream record brings, if any. */
export function eventOf(record: DynamoDBRecord): InsightEvent | undefined {
  const row = paymentRowChange(record);
  if (!row) return undefined;
  return row.change === 'INSERT' ? saleOf(row.after) : refundOf(row.before, row.after);
}

/** Whether a stream record is one this consumer wants (the local poller's filter). */
export const isInsightsRecord = (record: DynamoDBRecord): boolean => {
  const row = paymentRowChange(record);
  return row !== undefined && (row.change === 'MODIFY' || row.after.payment_status === 'captured');
};

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const found = eventOf(record);
    if (!found) continue;
    try {
      const added = await addEventOnce(found.event, found.day, found.change);
      if (!added) logger.info('insights event seen before', { event: found.event });
    } catch (err) {
      logger.error('insights event failed', { event: found.event, error: err as Error });
      // Records after a failed one are retried with it, in order.
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      break;
    }
  }
  return { batchItemFailures: failures };
}
