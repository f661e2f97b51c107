import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { BaseFunction } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

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

/**
 * The insights' stream consumer (issue 18): the table's stream, filtered to payment rows that
 * were captured (INSERT) or changed (MODIFY) with a processed refund, runs
 * `functions/src/insights/stream.ts`, which adds each sale and refund to its day's numbers. A
 * record that keeps failing goes, after 10 attempts, to a dead-letter queue (its stream position)
 * for an operator; the consumer is idempotent (a guard per sale or refund), so a replay is safe.
 */
export class InsightsStream extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: InsightsStreamProps) {
    super(scope, id);
    this.fn = new BaseFunction(this, 'Function', {
      entry: 'src/insights/stream.ts',
      description: 'GIA School: add each sale and refund to the insights of its day',
      environment: props.environment,
      timeout: Duration.seconds(30),
      logRetention: props.logRetention,
    }).fn;
    grantNeeds(this.fn, INSIGHTS_STREAM_NEEDS, props.resources);
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    const payment = { type: { S: lambda.FilterRule.isEqual('payment') } };
    this.fn.addEventSource(
      new DynamoEventSource(props.resources.table.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: {
              NewImage: {
                ...payment,
                payment_status: { S: lambda.FilterRule.isEqual('captured') },
              },
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
      }),
    );
    acceptFindings(this.deadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter queue of the insights stream consumer.',
      },
    ]);
  }
}
