import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { HEAVY, deployedGroups, ofType, givenStacks } from './template.ts';

const given = givenStacks();

describe('operations', () => {
  it('alarms on API 5xx and on every function’s errors and throttles, by e-mail', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.filter((a) => a.MetricName === '5xx')).toHaveLength(1);
    // The groups, reconciliation, invoices, the insights' stream consumer, the origin check, the
    // learner pool's custom-auth triggers.
    const functions = deployedGroups.length + 5;
    expect(alarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(functions);
    expect(alarms.filter((a) => a.MetricName === 'Throttles')).toHaveLength(functions);
    for (const a of alarms) expect(a.AlarmActions).toHaveLength(1);
    given.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@gia.example',
    });
  });

  it('keeps the provider keys, the HLS signing key and CloudFront’s origin header value in Secrets Manager', () => {
    given.template.resourceCountIs('AWS::SecretsManager::Secret', 4);
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
      'HlsSigningSecretArn',
    ])
      given.template.hasOutput(name, Match.anyValue());
  });

  it('has no cdk-nag AwsSolutions finding left unacknowledged', { timeout: HEAVY }, () => {
    const report = new AwsSolutionsChecks(given.app).validateScope(given.stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName} ${JSON.stringify(v.violatingResources.map((x) => x.constructPath))}`,
      ),
    ).toEqual([]);
  });
});
