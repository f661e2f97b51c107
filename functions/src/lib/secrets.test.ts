import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { TEST_ENV } from '../../test/tokens.ts';

const sm = mockClient(SecretsManagerClient);

beforeEach(() => {
  sm.reset();
  for (const k of [
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'OPENAI_API_KEY',
  ])
    delete process.env[k];
  Object.assign(process.env, TEST_ENV, {
    RAZORPAY_SECRET_ARN: 'arn:rzp',
    OPENAI_SECRET_ARN: 'arn:openai',
  });
});

describe('provider secrets', () => {
  it('reads Razorpay and OpenAI keys once per cold start into the environment', async () => {
    sm.on(GetSecretValueCommand, { SecretId: 'arn:rzp' }).resolves({
      SecretString: JSON.stringify({ key_id: 'rzp_live_1', key_secret: 's', webhook_secret: 'w' }),
    });
    sm.on(GetSecretValueCommand, { SecretId: 'arn:openai' }).resolves({
      SecretString: '{"api_key":"sk-test"}',
    });
    const { loadSecrets } = await import('./secrets.ts');
    await loadSecrets();
    await loadSecrets();
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    expect(process.env.RAZORPAY_KEY_ID).toBe('rzp_live_1');
    expect(process.env.OPENAI_API_KEY).toBe('sk-test');
    const { env } = await import('./env.ts');
    expect(env().RAZORPAY_WEBHOOK_SECRET).toBe('w');
  });
});
