import { describe, expect, it } from 'vitest';
import { groupVariables, loadConfig } from '../src/config.ts';

describe('the configuration', () => {
  it('defaults to dev in Mumbai', () => {
    expect(loadConfig({})).toMatchObject({ stage: 'dev', region: 'ap-south-1' });
  });

  it('prefers CDK context to the environment', () => {
    const context = (key: string) => ({ stage: 'prod', region: 'eu-west-1' })[key];
    expect(loadConfig({ GIA_STAGE: 'dev' }, context)).toMatchObject({
      stage: 'prod',
      region: 'eu-west-1',
    });
  });

  it('sets no function setting unless configured, and reads them from context first', () => {
    expect(groupVariables(loadConfig({}))).toEqual({ ai: {}, auth: {} });
    const context = (key: string) => ({ aiDailyBudget: '0', openAiTimeoutMs: '12000' })[key];
    const env = { GIA_AI_DAILY_BUDGET: '300', GIA_SIGNUP_MAX_PER_CLIENT: '1000' };
    expect(groupVariables(loadConfig(env, context))).toEqual({
      ai: { AI_DAILY_BUDGET: '0', OPENAI_TIMEOUT_MS: '12000' },
      auth: { SIGNUP_MAX_PER_CLIENT: '1000' },
    });
  });

  it('refuses function settings the functions would refuse at their first request', () => {
    for (const [variable, value, key] of [
      ['GIA_AI_DAILY_BUDGET', '-1', 'aiDailyBudget'],
      ['GIA_AI_DAILY_BUDGET', '2.5', 'aiDailyBudget'],
      ['GIA_AI_DAILY_BUDGET', 'lots', 'aiDailyBudget'],
      ['GIA_OPENAI_TIMEOUT_MS', '99', 'openAiTimeoutMs'],
      ['GIA_OPENAI_TIMEOUT_MS', '12001', 'openAiTimeoutMs'],
      ['GIA_SIGNUP_MAX_PER_CLIENT', '0', 'signupMaxPerClient'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).toThrow(key);
    }
  });

  it('refuses an unknown stage, and a domain without its us-east-1 certificate', () => {
    expect(() => loadConfig({ GIA_STAGE: 'staging' })).toThrow(/stage/);
    expect(() => loadConfig({ GIA_DOMAIN_NAME: 'gia.school' })).toThrow(/certificateArn/);
    expect(() =>
      loadConfig({
        GIA_DOMAIN_NAME: 'gia.school',
        GIA_CERTIFICATE_ARN: 'arn:aws:acm:ap-south-1:123456789012:certificate/x',
      }),
    ).toThrow(/us-east-1/);
  });
});
