import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { INVOICE_FONT_FILES, INVOICE_PREFIX } from '@gia/functions';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { BaseFunction } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

/**
 * It reads the payment row and its order (GetItem), numbers the row's invoice or its refund's
 * credit note against the financial year's counter in one transaction (UpdateItem of each) and
 * stores the PDF (PutObject).
 */
export const INVOICING_NEEDS: Needs = {
  table: ['GetItem', 'UpdateItem'],
  mediaPut: [INVOICE_PREFIX],
};

export interface InvoicingProps {
  readonly resources: ApiResources;
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The invoice function (issue 18): the table's stream, filtered to new payment rows and to
 * refunds just processed, runs `functions/src/invoices/handler.ts`, which issues each captured
 * payment's tax invoice and each refund's credit note (pdf-lib,
 * fontkit and Noto fonts: in this function only, never in the payments function). A record that
 * keeps failing goes, after 10 attempts, to a dead-letter queue (its stream position) for an
 * operator; issuing is idempotent, so replaying it is safe.
 */
export class Invoicing extends Construct {
  readonly fn: NodejsFunction;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: InvoicingProps) {
    super(scope, id);
    const folder = 'fonts';
    this.fn = new BaseFunction(this, 'Function', {
      entry: 'src/invoices/handler.ts',
      description: 'GIA School: issue the tax invoice of each paid order',
      environment: { ...props.environment, INVOICE_FONT_DIR: `/var/task/${folder}` },
      timeout: Duration.minutes(1),
      logRetention: props.logRetention,
      copyFiles: { folder, files: Object.values(INVOICE_FONT_FILES) },
    }).fn;
    grantNeeds(this.fn, INVOICING_NEEDS, props.resources);
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.fn.addEventSource(
      new DynamoEventSource(props.resources.table.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        // New payment rows (their invoices), and payment rows whose refund is processed and
        // has no credit note yet (issue 18): the same records `wantsRecord` picks.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual('payment') } } },
          }),
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('MODIFY'),
            dynamodb: {
              NewImage: {
                type: { S: lambda.FilterRule.isEqual('payment') },
                refund: {
                  M: {
                    status: { S: lambda.FilterRule.isEqual('processed') },
                    credit_note_url: lambda.FilterRule.notExists(),
                  },
                },
              },
            },
          }),
        ],
      }),
    );
    acceptFindings(this.deadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter queue of the invoice function’s stream.',
      },
    ]);
  }
}
