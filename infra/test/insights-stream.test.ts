import { describe, expect, it } from 'vitest';
import { givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('the insights stream consumer', () => {
  it('reads the table’s stream, captured payments and processed refunds only, with failures retried and then kept', () => {
    const fnId = idOf(given.stack.api.insightsStream.fn);
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
      {
        eventName: ['INSERT'],
        dynamodb: { NewImage: { type: { S: ['payment'] }, payment_status: { S: ['captured'] } } },
      },
      {
        eventName: ['MODIFY'],
        dynamodb: {
          NewImage: { type: { S: ['payment'] }, refund: { M: { status: { S: ['processed'] } } } },
        },
      },
    ]);
    expect(JSON.stringify(mapping.DestinationConfig)).toContain(
      idOf(given.stack.api.insightsStream.deadLetters),
    );
  });

  it('may only put and update items (the guard and the day), besides reading its stream', () => {
    const roleId = idOf(given.stack.api.insightsStream.fn.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    const actions = [...new Set(statements.flatMap((s) => [s.Action].flat()))].sort();
    expect(actions).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
  });
});
