import { describe, expect, it } from 'vitest';
import { givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('the AI teacher’s sources function', () => {
  it('is notified of objects created under private/notes/ and private/captions/ only', () => {
    const fnId = idOf(given.stack.api.sources);
    const configs = ofType('Custom::S3BucketNotifications').flatMap(
      ([, r]) =>
        (
          r.Properties.NotificationConfiguration as {
            LambdaFunctionConfigurations?: {
              Events: string[];
              Filter: { Key: { FilterRules: { Name: string; Value: string }[] } };
              LambdaFunctionArn: unknown;
            }[];
          }
        ).LambdaFunctionConfigurations ?? [],
    );
    const mine = configs.filter(
      (c) =>
        JSON.stringify(c.LambdaFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(mine.map((c) => [c.Events, c.Filter.Key.FilterRules])).toEqual([
      [['s3:ObjectCreated:*'], [{ Name: 'prefix', Value: 'private/notes/' }]],
      [['s3:ObjectCreated:*'], [{ Name: 'prefix', Value: 'private/captions/' }]],
    ]);
    // S3 may invoke it, for this bucket only.
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) =>
        JSON.stringify(p.Properties.FunctionName) ===
        JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(permissions.map(([, p]) => p.Properties.Principal)).toEqual(['s3.amazonaws.com']);
  });

  it('may read those prefixes and update items, nothing more', () => {
    const roleId = idOf(given.stack.api.sources.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    const actions = statements.flatMap((s) => [s.Action].flat()).sort();
    expect(actions).toEqual(['dynamodb:UpdateItem', 's3:GetObject']);
    const resources = JSON.stringify(
      statements.filter((s) => [s.Action].flat().includes('s3:GetObject')),
    );
    expect(resources).toContain('/private/notes/*');
    expect(resources).toContain('/private/captions/*');
  });

  it('runs the sources handler with two minutes to read a long PDF', () => {
    const fn = ofType('AWS::Lambda::Function').find(([id]) => id === idOf(given.stack.api.sources));
    expect(fn?.[1].Properties.Timeout).toBe(120);
    expect(fn?.[1].Properties.Description).toBe(
      'GIA School: extract the text of uploaded notes and captions',
    );
  });
});
