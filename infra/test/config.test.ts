import { describe, expect, it } from 'vitest';
import { groupVariables, loadConfig } from '../src/config.ts';

describe('the configuration', () => {
  it('defaults to dev in Mumbai', () => {
    expect(loadConfig({})).toMatchObject({ stage: 'dev', region: 'ap-south-1' });
  });

  it('prefers CDK context to the environment', () => {
    const context = (key: string) =>
      ({ stage: 'prod', region: 'eu-west-1', mailFrom: 'no-reply@gia.school' })[key];
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

  it('sends e-mail from mailFrom, else from no-reply@ the domain; prod needs one of them (issue 29)', () => {
    expect(loadConfig({ GIA_MAIL_FROM: 'codes@gia.school' }).mailFrom).toBe('codes@gia.school');
    const domain = {
      GIA_DOMAIN_NAME: 'gia.school',
      GIA_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
    };
    expect(loadConfig(domain).mailFrom).toBe('no-reply@gia.school');
    expect(loadConfig({ ...domain, GIA_MAIL_FROM: 'codes@gia.school' }).mailFrom).toBe(
      'codes@gia.school',
    );
    expect(loadConfig({ ...domain }, (k) => ({ mailFrom: 'ctx@gia.school' })[k]).mailFrom).toBe(
      'ctx@gia.school',
    );
    // dev without either: no sender (the stack warns that sign-in codes cannot be e-mailed).
    expect(loadConfig({}).mailFrom).toBeUndefined();
    expect(() => loadConfig({ GIA_STAGE: 'prod' })).toThrow(/mailFrom/);
    expect(loadConfig({ GIA_STAGE: 'prod', ...domain }).mailFrom).toBe('no-reply@gia.school');
    expect(() => loadConfig({ GIA_MAIL_FROM: 'GIA School' })).toThrow(/mailFrom/);
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
