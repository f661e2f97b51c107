import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { ApiResources, Needs } from './api-route-group.ts';
import { StreamConsumer } from './stream-consumer.ts';

/**
 * It adds each sale or refund to its day with the event's guard in one transaction: a PutItem
 * (the guard, conditional) and an UpdateItem (the day). It reads nothing: the stream's images
 * carry the payment row.
 */
export const INSIGHTS_STREAM_NEEDS: Needs = { table: ['PutItem', 'UpdateItem'] };

export interface InsightsStreamProps {
  readonly resources: ApiResources;
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

const payment = { type: { S: lambda.FilterRule.isEqual('payment') } };

/**
 * The insights' stream consumer (issue 18): the table's stream, filtered to payment rows that
 * were captured (INSERT) or changed (MODIFY) with a processed refund, runs
 * `functions/src/insights/stream.ts`, which adds each sale and refund to its day's numbers (a
 * guard per sale or refund makes a replay safe).
 */
export class InsightsStream extends StreamConsumer {
  constructor(scope: Construct, id: string, props: InsightsStreamProps) {
    super(scope, id, {
      ...props,
      entry: 'src/insights/stream.ts',
      description: 'GIA School: add each sale and refund to the insights of its day',
      timeout: Duration.seconds(30),
      needs: INSIGHTS_STREAM_NEEDS,
      batchSize: 25,
      filters: [
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('INSERT'),
          dynamodb: {
            NewImage: { ...payment, payment_status: { S: lambda.FilterRule.isEqual('captured') } },
          },
        }),
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('MODIFY'),
          dynamodb: {
            NewImage: {
              ...payment,
              refund: { M: { status: { S: lambda.FilterRule.isEqual('processed') } } },
            },
          },
        }),
      ],
    });
  }
}
