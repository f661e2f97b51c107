import { describe, expect, it } from 'vitest';
import { givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('the invoice function', () => {
  it('reads the table’s stream, new payment rows and processed refunds only, with failures retried and then kept', () => {
    const table = ofType('AWS::DynamoDB::GlobalTable')[0]?.[1];
    expect(table?.Properties.StreamSpecification).toEqual({
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    });
    const fnId = idOf(given.stack.api.invoicing.fn);
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]![1].Properties;
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern) as unknown,
    );
    expect(filters).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['payment'] } } } },
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: {
            type: { S: ['payment'] },
            refund: {
              M: { status: { S: ['processed'] }, credit_note_url: [{ exists: false }] },
            },
          },
        },
      },
    ]);
    expect(JSON.stringify(mapping.DestinationConfig)).toContain(
      idOf(given.stack.api.invoicing.deadLetters),
    );
  });

  it('may read and update items and store invoices, nothing more, with the fonts beside it', () => {
    const roleId = idOf(given.stack.api.invoicing.fn.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    const actions = [...new Set(statements.flatMap((s) => [s.Action].flat()))].sort();
    expect(actions).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetItem',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:UpdateItem',
      's3:PutObject',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    const puts = JSON.stringify(
      statements.filter((s) => [s.Action].flat().includes('s3:PutObject')),
    );
    expect(puts).toContain('/private/invoices/*');
    const fn = ofType('AWS::Lambda::Function').find(
      ([id]) => id === idOf(given.stack.api.invoicing.fn),
    );
    expect(
      (fn?.[1].Properties.Environment as { Variables: Record<string, string> }).Variables
        .INVOICE_FONT_DIR,
    ).toBe('/var/task/fonts');
  });
});
