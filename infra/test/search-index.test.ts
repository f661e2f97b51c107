import { describe, expect, it } from 'vitest';
import { givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('the search index function', () => {
  it('reads catalogue records and finished extractions from the table’s stream, gathered for 30 s', () => {
    const fnId = idOf(given.stack.api.searchIndex.fn);
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]![1].Properties;
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      MaximumBatchingWindowInSeconds: 30,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
      (f) => JSON.parse(f.Pattern) as unknown,
    );
    const catalogue = ['board', 'class', 'subject', 'sub-subject', 'chapter', 'topic'];
    expect(filters).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: catalogue } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { type: { S: catalogue } } } },
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { NewImage: { type: { S: ['source'] }, status: { S: ['ready', 'failed'] } } },
      },
    ]);
  });

  it('may read the table, put its source uses and outlines, delete outlines, and write and delete only under public/search/ in the bucket', () => {
    const roleId = idOf(given.stack.api.searchIndex.fn.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    const actions = [...new Set(statements.flatMap((s) => [s.Action].flat()))].sort();
    expect(
      actions.filter((a) => a.startsWith('dynamodb:') && !/Stream|Records|Shard/.test(a)),
    ).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    const puts = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    const s3Actions = puts.flatMap((s) => [s.Action].flat());
    expect(s3Actions.every((a) => /^s3:(PutObject|DeleteObject)/.test(a))).toBe(true);
    expect(s3Actions).toContain('s3:DeleteObject');
    expect(JSON.stringify(puts.map((s) => s.Resource))).toContain('/public/search/*');
  });
});
