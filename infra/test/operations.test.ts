import type { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GiaStack } from '../src/gia-stack.ts';
import { HEAVY, SYNTH_TIMEOUT, deployedGroups, ofType, synthesized } from './template.ts';

let app: App;
let stack: GiaStack;
let template: Template;

beforeAll(() => {
  ({ app, stack, template } = synthesized());
}, SYNTH_TIMEOUT);

describe('operations', () => {
  it('alarms on API 5xx and on every function’s errors and throttles, by e-mail', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.filter((a) => a.MetricName === '5xx')).toHaveLength(1);
    const functions = deployedGroups.length + 2; // the groups, reconciliation, origin check
    expect(alarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(functions);
    expect(alarms.filter((a) => a.MetricName === 'Throttles')).toHaveLength(functions);
    for (const a of alarms) expect(a.AlarmActions).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@gia.example',
    });
  });

  it('keeps the provider keys and CloudFront’s origin header value in Secrets Manager', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 3);
  });

  it('outputs what create-admin and the deploy guide need', () => {
    for (const name of [
      'SiteUrl',
      'WebhookUrl',
      'TableName',
      'MediaBucketName',
      'LearnerPoolId',
      'LearnerClientId',
      'AdminPoolId',
      'AdminClientId',
      'RazorpaySecretArn',
      'OpenAiSecretArn',
    ])
      template.hasOutput(name, Match.anyValue());
  });

  it('has no cdk-nag AwsSolutions finding left unacknowledged', { timeout: HEAVY }, () => {
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName} ${JSON.stringify(v.violatingResources.map((x) => x.constructPath))}`,
      ),
    ).toEqual([]);
  });
});
