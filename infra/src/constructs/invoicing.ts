import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { INVOICE_FONT_FILES, INVOICE_PREFIX } from '@gia/functions';
import type { ApiResources, Needs } from './api-route-group.ts';
import { StreamConsumer } from './stream-consumer.ts';

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

const payment = { type: { S: lambda.FilterRule.isEqual('payment') } };
const FONT_FOLDER = 'fonts';

/**
 * The invoice function (issue 18): the table's stream, filtered to new payment rows and to
 * refunds just processed, runs `functions/src/invoices/handler.ts`, which issues each captured
 * payment's tax invoice and each refund's credit note (pdf-lib, fontkit and Noto fonts: in this
 * function only, never in the payments function); issuing is idempotent.
 */
export class Invoicing extends StreamConsumer {
  constructor(scope: Construct, id: string, props: InvoicingProps) {
    super(scope, id, {
      ...props,
      entry: 'src/invoices/handler.ts',
      description: 'GIA School: issue the tax invoice of each paid order',
      environment: { ...props.environment, INVOICE_FONT_DIR: `/var/task/${FONT_FOLDER}` },
      timeout: Duration.minutes(1),
      copyFiles: { folder: FONT_FOLDER, files: Object.values(INVOICE_FONT_FILES) },
      needs: INVOICING_NEEDS,
      batchSize: 10,
      // New payment rows (their invoices), and payment rows whose refund is processed and has
      // no credit note yet: the same records `wantsRecord` picks.
      filters: [
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: payment },
        }),
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('MODIFY'),
          dynamodb: {
            NewImage: {
              ...payment,
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
    });
  }
}
