import { withRetries } from './aws-calls.ts';
import { resetEnvForTests } from './env.ts';

/**
 * Provider keys kept in Secrets Manager in AWS, read once per cold start into the variables the
 * code reads (locally those variables are set directly and nothing is fetched):
 * - `RAZORPAY_SECRET_ARN` → JSON `{key_id, key_secret, webhook_secret}`;
 * - `OPENAI_SECRET_ARN` → JSON `{api_key}` (or the plain key);
 * - `HLS_SIGNING_SECRET_ARN` → JSON `{private_key}` (PEM; the CloudFront key group's key).
 *
 * They are read through the AWS Parameters and Secrets Lambda Extension (the layer infra gives
 * every function that has a secret ARN): a plain HTTP call to localhost, authenticated by the
 * function's session token, instead of bundling `@aws-sdk/client-secrets-manager` (13 KB
 * minified) into every route group that signs HLS cookies. The extension caches and refreshes.
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

/** The extension's default port; its own variable overrides it (as it does for the extension). */
const EXTENSION_PORT = 2773;

/** One secret's `SecretString` from the extension (it answers GetSecretValue's JSON). */
async function readSecret(secretId: string): Promise<string | undefined> {
  const port = Number(process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT) || EXTENSION_PORT;
  // In the clients' time budget: a stalled extension ends as a 503 to retry, not a killed function.
  return withRetries('secrets', async (signal) => {
    const res = await fetch(
      `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
      {
        headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
        signal,
      },
    );
    if (!res.ok) {
      await res.body?.cancel();
      // The body may echo the request; the status is enough to find the cause in the logs.
      throw Object.assign(new Error(`Secrets extension answered ${res.status} for ${secretId}`), {
        $metadata: { httpStatusCode: res.status },
      });
    }
    const body = (await res.json()) as { SecretString?: string };
    return body.SecretString;
  });
}

let loading: Promise<void> | undefined;

/** Loads the configured secrets once; an empty or placeholder secret leaves the provider off. */
export function loadSecrets(): Promise<void> {
  loading ??= (async () => {
    const wanted = SECRETS.filter((s) => process.env[s.arnVar]);
    if (!wanted.length) return;
    for (const s of wanted) {
      const value = await readSecret(process.env[s.arnVar]!);
      if (!value) continue;
      try {
        for (const [k, v] of Object.entries(s.fill(value))) {
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
