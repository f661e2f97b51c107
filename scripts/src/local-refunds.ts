import type { DynamoDBRecord } from 'aws-lambda';
import { LOCAL_RAZORPAY, routePath } from '@gia/shared';
import { webhookSignature } from '@gia/functions/lib/payment-gateway.ts';
import type { StreamConsumer } from './table-stream.ts';

/*
 * The local test gateway's refunds reach the product as Razorpay's do: a moment after the
 * refund is made, a signed `refund.processed` webhook is posted to the stack's webhook route.
 * The gateway's refund record (`RZPLOCALREFUND#<payment_id>`, written by the payments function)
 * is read from the table's stream; a delivery that fails is retried, as Razorpay retries.
 */

type Image = Record<string, { S?: string; N?: string } | undefined>;

const isLocalRefund = (r: DynamoDBRecord) =>
  r.eventName === 'INSERT' &&
  (r.dynamodb?.NewImage as Image | undefined)?.type?.S === 'local-refund';

/** The webhook body Razorpay sends when a refund is processed (the fields the product reads). */
export function refundProcessedEvent(refund: {
  id: string;
  payment_id: string;
  amount: number;
  created_at: string;
}): string {
  const seconds = Math.floor(Date.parse(refund.created_at) / 1000);
  return JSON.stringify({
    entity: 'event',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: refund.id,
          entity: 'refund',
          amount: refund.amount,
          currency: 'INR',
          payment_id: refund.payment_id,
          status: 'processed',
          speed_processed: 'normal',
          created_at: seconds,
        },
      },
    },
    created_at: seconds,
  });
}

/** The consumer that delivers each local refund's webhook to the stack at `stackUrl()`. */
export function refundWebhooks(stackUrl: () => string | undefined): StreamConsumer {
  return {
    filter: isLocalRefund,
    handler: async (event) => {
      for (const record of event.Records) {
        const image = record.dynamodb?.NewImage as Image;
        const url = stackUrl();
        const body = refundProcessedEvent({
          id: image.id?.S ?? '',
          payment_id: image.payment_id?.S ?? '',
          amount: Number(image.amount?.N ?? 0),
          created_at: image.created_at?.S ?? new Date().toISOString(),
        });
        const res = url
          ? await fetch(`${url}${routePath('payments.webhook')}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-razorpay-signature': webhookSignature(LOCAL_RAZORPAY.webhookSecret, body),
                'x-razorpay-event-id': `evt_${image.id?.S ?? ''}`,
              },
              body,
            }).catch(() => undefined)
          : undefined;
        if (!res?.ok)
          return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
      return { batchItemFailures: [] };
    },
  };
}
