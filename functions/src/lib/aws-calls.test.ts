import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { MESSAGES, routePath } from '@gia/shared';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import { TEST_ENV } from '../../test/tokens.ts';

/** A stalled AWS service: a TCP server on 127.0.0.1 that accepts every connection and never answers. */
const held: Socket[] = [];
const stalled = createServer((socket) => held.push(socket));
stalled.listen(0, '127.0.0.1');
await once(stalled, 'listening');
const endpoint = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;

// Every client of the functions points at it before its module creates the client.
Object.assign(process.env, TEST_ENV, {
  AWS_ENDPOINT_URL_DYNAMODB: endpoint,
  AWS_ENDPOINT_URL_S3: endpoint,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoint,
  // The Parameters and Secrets extension, stalled too.
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((stalled.address() as AddressInfo).port),
  RAZORPAY_SECRET_ARN: 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:razorpay',
});
const { handler: catalogue } = await import('../catalogue/handler.ts');
const { s3 } = await import('./s3.ts');
const { cognito } = await import('./cognito-client.ts');
const { loadSecrets } = await import('./secrets.ts');
const { isServiceUnavailable } = await import('./aws-calls.ts');
const { s3Request } = await import('./s3-presign.ts');

afterAll(() => {
  for (const socket of held) socket.destroy();
  stalled.close();
});

/** The rejection of a call, with the attempts the SDK made. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call to a stalled service succeeded');
    },
    (err: Error & { $metadata?: { attempts?: number } }) => err,
  );

// Each call gives up after 3 attempts of 5 s; the vitest timeout only stops a hang.
describe('a stalled AWS service', { timeout: 60_000 }, () => {
  it.concurrent('answers 503 with a message to retry when DynamoDB never answers', async () => {
    const res = await catalogue(httpEvent('GET', routePath('catalogue.getBoards')), lambdaContext);
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body ?? '')).toEqual({
      message: MESSAGES.unavailable,
      code: 'UNAVAILABLE',
      message_code: 'app.unavailable',
    });
  });

  it.concurrent(
    'gives up on S3 (client and presigned fetch), Cognito and the secrets extension after three attempts',
    async () => {
      const failures = await Promise.all([
        failureOf(s3.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'private/a.pdf' }))),
        // The functions' own S3 requests: a presigned URL and fetch.
        failureOf(s3Request('GET', 'private/a.pdf', {}, (res) => res.text())),
        failureOf(cognito.send(new GetUserCommand({ AccessToken: 'token' }))),
        failureOf(loadSecrets()),
      ]);
      for (const err of failures) {
        expect(err.name).toBe('TimeoutError');
        expect(err.$metadata?.attempts).toBe(3);
        expect(isServiceUnavailable(err)).toBe(true);
      }
    },
  );
});
