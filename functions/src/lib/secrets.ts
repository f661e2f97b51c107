import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { AWS_CLIENT_CONFIG } from './aws-calls.ts';
import { resetEnvForTests } from './env.ts';

/**
 * Provider keys kept in Secrets Manager in AWS, read once per cold start into the variables the
 * code reads (locally those variables are set directly and nothing is fetched):
 * - `RAZORPAY_SECRET_ARN` → JSON `{key_id, key_secret, webhook_secret}`;
 * - `OPENAI_SECRET_ARN` → JSON `{api_key}` (or the plain key);
 * - `HLS_SIGNING_SECRET_ARN` → JSON `{private_key}` (PEM; the CloudFront key group's key).
 */
const SECRETS: { arnVar: string; fill: (value: string) => Record<string, string | undefined> }[] = [
  {
    arnVar: 'RAZORPAY_SECRET_ARN',
    fill: (value) => {
      const v = JSON.parse(value) as Record<string, string>;
      return {
        RAZORPAY_KEY_ID: v.key_id,
        RAZORPAY_KEY_SECRET: v.key_secret,
        RAZORPAY_WEBHOOK_SECRET: v.webhook_secret,
      };
    },
  },
  {
    arnVar: 'OPENAI_SECRET_ARN',
    fill: (value) => {
      const trimmed = value.trim();
      const key = trimmed.startsWith('{')
        ? (JSON.parse(trimmed) as { api_key?: string }).api_key
        : trimmed;
      return { OPENAI_API_KEY: key };
    },
  },
  {
    arnVar: 'HLS_SIGNING_SECRET_ARN',
    fill: (value) => ({
      HLS_PRIVATE_KEY: (JSON.parse(value) as { private_key?: string }).private_key,
    }),
  },
];

let loading: Promise<void> | undefined;

/** Loads the configured secrets once; an empty or placeholder secret leaves the provider off. */
export function loadSecrets(): Promise<void> {
  loading ??= (async () => {
    const wanted = SECRETS.filter((s) => process.env[s.arnVar]);
    if (!wanted.length) return;
    const client = new SecretsManagerClient(AWS_CLIENT_CONFIG);
    for (const s of wanted) {
      const res = await client.send(new GetSecretValueCommand({ SecretId: process.env[s.arnVar] }));
      if (!res.SecretString) continue;
      try {
        for (const [k, v] of Object.entries(s.fill(res.SecretString))) {
          if (v && !v.startsWith('REPLACE_ME')) process.env[k] = v;
        }
      } catch {
        // A secret that is not filled in yet: the provider stays off (503 / local gateway).
      }
    }
    resetEnvForTests();
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
