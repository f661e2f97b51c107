import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { BaseFunction, type BaseFunctionProps } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

export interface StreamConsumerProps extends BaseFunctionProps {
  readonly resources: ApiResources;
  /** What the function may do with the table and the media bucket. */
  readonly needs: Needs;
  /** Records per invocation. */
  readonly batchSize: number;
  /** The table's stream records the function is given (`lambda.FilterCriteria.filter`). */
  readonly filters: Record<string, unknown>[];
  /** How long records are gathered into one invocation (none: as soon as they come). */
  readonly maxBatchingWindow?: Duration;
}

/**
 * A function run by the table's stream (from its oldest record), given only the records of
 * `filters`. A batch reports which records failed; a record that keeps failing goes, after 10
 * attempts, to a dead-letter queue (its stream position) for an operator. Every consumer is
 * idempotent, so replaying a record is safe.
 */
export class StreamConsumer extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: StreamConsumerProps) {
    super(scope, id);
    const { resources, needs, batchSize, filters, maxBatchingWindow, ...fn } = props;
    this.fn = new BaseFunction(this, 'Function', fn).fn;
    grantNeeds(this.fn, needs, resources);
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.fn.addEventSource(
      new DynamoEventSource(resources.table.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize,
        maxBatchingWindow,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters,
      }),
    );
    acceptFindings(this.deadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason: `This queue is itself the dead-letter queue of a stream consumer (${fn.entry}).`,
      },
    ]);
  }
}
