import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the AWS Parameters and Secrets Lambda Extension on a free local port: it answers
 * `GET /secretsmanager/get?secretId=…` with GetSecretValue's JSON for the secrets it is given,
 * 403 without the session token (as the extension does), and records every request. Starting it
 * points `PARAMETERS_SECRETS_EXTENSION_HTTP_PORT` (the extension's own variable) at it.
 */
export async function secretsExtension(token = 'session-token') {
  const secrets = new Map<string, string | { status: number }>();
  const requests: { secretId: string | null; token: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const secretId = url.searchParams.get('secretId');
    const given = req.headers['x-aws-parameters-secrets-token'];
    requests.push({ secretId, token: typeof given === 'string' ? given : undefined });
    const answer = secretId ? secrets.get(secretId) : undefined;
    if (given !== token) res.writeHead(403).end('forbidden');
    else if (url.pathname !== '/secretsmanager/get' || answer === undefined)
      res.writeHead(400).end('not found');
    else if (typeof answer !== 'string') res.writeHead(answer.status).end('failed');
    else
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ARN: secretId, Name: secretId, SecretString: answer }));
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = String(
    (server.address() as AddressInfo).port,
  );
  process.env.AWS_SESSION_TOKEN = token;
  return {
    /** Sets a secret's value, or an error status the extension answers for it. */
    set: (secretId: string, value: string | { status: number }) => secrets.set(secretId, value),
    requests,
    reset: () => {
      secrets.clear();
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
