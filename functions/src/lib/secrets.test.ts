import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ENV } from '../../test/tokens.ts';
import { secretsExtension } from '../../test/secrets-extension.ts';

const extension = await secretsExtension();
afterAll(() => extension.close());

const FILLED = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'HLS_PRIVATE_KEY',
];

beforeEach(() => {
  extension.reset();
  vi.resetModules(); // a fresh module is a fresh cold start
  for (const k of [...FILLED, 'RAZORPAY_SECRET_ARN', 'OPENAI_SECRET_ARN', 'HLS_SIGNING_SECRET_ARN'])
    delete process.env[k];
  Object.assign(process.env, TEST_ENV, {
    RAZORPAY_SECRET_ARN: 'arn:rzp',
    OPENAI_SECRET_ARN: 'arn:openai',
  });
});

const razorpay = JSON.stringify({ key_id: 'rzp_live_1', key_secret: 's', webhook_secret: 'w' });

describe('provider secrets (through the Parameters and Secrets extension)', () => {
  it('reads each secret once per cold start, with the session token, into the environment', async () => {
    extension.set('arn:rzp', razorpay);
    extension.set('arn:openai', '{"api_key":"sk-test"}');
    const { loadSecrets } = await import('./secrets.ts');
    await loadSecrets();
    await loadSecrets();
    expect(extension.requests).toEqual([
      { secretId: 'arn:rzp', token: 'session-token' },
      { secretId: 'arn:openai', token: 'session-token' },
    ]);
    expect(process.env.RAZORPAY_KEY_ID).toBe('rzp_live_1');
    expect(process.env.RAZORPAY_KEY_SECRET).toBe('s');
    expect(process.env.OPENAI_API_KEY).toBe('sk-test');
    const { env } = await import('./env.ts');
    expect(env().RAZORPAY_WEBHOOK_SECRET).toBe('w');
  });

  it('takes a plain OpenAI key and the HLS private key from its JSON', async () => {
    process.env.HLS_SIGNING_SECRET_ARN = 'arn:hls';
    extension.set('arn:rzp', razorpay);
    extension.set('arn:openai', '  sk-plain\n');
    extension.set('arn:hls', JSON.stringify({ private_key: '-----BEGIN PRIVATE KEY-----\nx' }));
    const { loadSecrets } = await import('./secrets.ts');
    await loadSecrets();
    expect(process.env.OPENAI_API_KEY).toBe('sk-plain');
    expect(process.env.HLS_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nx');
  });

  it('leaves a provider off while its secret is a REPLACE_ME placeholder or not JSON', async () => {
    extension.set(
      'arn:rzp',
      JSON.stringify({ key_id: 'REPLACE_ME', key_secret: 'REPLACE_ME', webhook_secret: '' }),
    );
    extension.set('arn:openai', '{"api_key":"REPLACE_ME_WITH_THE_KEY"}');
    process.env.HLS_SIGNING_SECRET_ARN = 'arn:hls';
    extension.set('arn:hls', 'not json');
    const { loadSecrets } = await import('./secrets.ts');
    await loadSecrets();
    for (const k of FILLED) expect(process.env[k]).toBeUndefined();
  });

  it('does not keep a failed read: the next call asks the extension again', async () => {
    extension.set('arn:rzp', { status: 500 });
    extension.set('arn:openai', '{"api_key":"sk-test"}');
    const { loadSecrets } = await import('./secrets.ts');
    await expect(loadSecrets()).rejects.toThrow('Secrets extension answered 500 for arn:rzp');
    expect(process.env.RAZORPAY_KEY_ID).toBeUndefined();
    extension.set('arn:rzp', razorpay);
    await loadSecrets();
    expect(process.env.RAZORPAY_KEY_ID).toBe('rzp_live_1');
    expect(process.env.OPENAI_API_KEY).toBe('sk-test');
    // A 5xx is tried three times (the clients' retry budget), then the next call asks again.
    expect(extension.requests.map((r) => r.secretId)).toEqual([
      'arn:rzp',
      'arn:rzp',
      'arn:rzp',
      'arn:rzp',
      'arn:openai',
    ]);
  });

  it('fetches nothing when no secret ARN is set (the local stack sets the keys directly)', async () => {
    delete process.env.RAZORPAY_SECRET_ARN;
    delete process.env.OPENAI_SECRET_ARN;
    const { loadSecrets } = await import('./secrets.ts');
    await loadSecrets();
    expect(extension.requests).toEqual([]);
  });
});
