import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { generateKeyPairSync } from 'node:crypto';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { BASES, MESSAGES, routePath, type RouteGroup, type RouteNameOf } from '@gia/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { accessClaims, signJwt, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('./auth.ts');
const { caller, createGroupHandler, MAX_JSON_BODY_BYTES, ok } = await import('./http.ts');
const { parse } = await import('./validation.ts');

/**
 * Some routes of a group only (a map the type checker refuses, to see the router answer 501),
 * answering what the router's tests look at rather than the routes' answers.
 */
const some = <G extends RouteGroup>(
  handlers: Partial<Record<RouteNameOf<G>, (req: ApiRequest) => Promise<ApiResult>>>,
) => handlers as RouteHandlers<G>;

const issuer = testIssuer();

const admins = createGroupHandler(
  'admins',
  some({
    'admin.getAdmins': async (req) => ok('who', caller(req)),
    'admin.insertAdmin': async (req) =>
      ok('parsed', parse(z.object({ name: z.string({ error: 'Name please.' }) }), req.body)),
    'admin.deleteAdmin': async () => {
      throw new Error('secret table name leaked in stack');
    },
  }),
);
const cart = createGroupHandler(
  'cart',
  some({ 'cart.get': async (req) => ok('mine', caller(req)) }),
);
const health = createGroupHandler('health', some({}));
const throttled = createGroupHandler(
  'cart',
  some({
    'cart.get': async () => {
      // What the SDK throws when DynamoDB throttling outlasts its retries.
      throw new ProvisionedThroughputExceededException({
        message: 'The level of configured provisioned throughput for the table was exceeded.',
        $metadata: { httpStatusCode: 400, attempts: 3 },
      });
    },
  }),
);

const call = async (
  handler: typeof admins,
  method: string,
  path: string,
  options: Parameters<typeof httpEvent>[2] = {},
) => {
  const res = await handler(httpEvent(method, path, options), lambdaContext);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null'), headers: res.headers };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const adminToken = () => issuer.sign(accessClaims('admin', 'admin-1'));
const learnerToken = () => issuer.sign(accessClaims('learner', 'learner-1'));

beforeAll(() => {
  cacheJwksForTests(issuer.jwks);
  // The admin's account record exists (the session check reads it beside the sign-out
  // records); no session was logged out.
  mockClient(DynamoDBDocumentClient)
    .on(GetCommand)
    .resolves({})
    .on(BatchGetCommand)
    .resolves({
      Responses: { [TEST_ENV.TABLE_NAME]: [{ pk: 'ADMIN#admin-1', sk: 'ADMIN' }] },
    });
});

describe('the HTTP plumbing of every route group', () => {
  it('gives the handler the caller taken from a valid token', async () => {
    const res = await call(admins, 'GET', routePath('admin.getAdmins'), {
      headers: bearer(adminToken()),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: 'admin-1', pool: 'admin' });
    expect(res.body.data.issuedAt).toEqual(expect.any(Number));
  });

  it('answers 401 without a token', async () => {
    const res = await call(admins, 'GET', routePath('admin.getAdmins'));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 for a token signed by another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = signJwt(accessClaims('admin', 'admin-1'), privateKey, 'test-key');
    const res = await call(admins, 'GET', routePath('admin.getAdmins'), {
      headers: bearer(forged),
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = issuer.sign(accessClaims('admin', 'admin-1', { iat: past, exp: past + 60 }));
    const res = await call(admins, 'GET', routePath('admin.getAdmins'), {
      headers: bearer(expired),
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 for a malformed token and for an id token', async () => {
    const idToken = issuer.sign(accessClaims('admin', 'admin-1', { token_use: 'id' }));
    for (const token of ['not-a-jwt', idToken]) {
      const res = await call(admins, 'GET', routePath('admin.getAdmins'), {
        headers: bearer(token),
      });
      expect(res.status).toBe(401);
    }
  });

  it('answers 403 to a learner token on an admin route, and to an admin token on a learner route', async () => {
    const onAdmin = await call(admins, 'GET', routePath('admin.getAdmins'), {
      headers: bearer(learnerToken()),
    });
    expect(onAdmin.status).toBe(403);
    expect(onAdmin.body.code).toBe('FORBIDDEN');
    const onLearner = await call(cart, 'GET', routePath('cart.get'), {
      headers: bearer(adminToken()),
    });
    expect(onLearner.status).toBe(403);
    const own = await call(cart, 'GET', routePath('cart.get'), {
      headers: bearer(learnerToken()),
    });
    expect(own.body.data).toMatchObject({ userId: 'learner-1', pool: 'learner' });
  });

  it('answers 400 with the contract code for malformed JSON', async () => {
    const res = await call(admins, 'POST', routePath('admin.insertAdmin'), {
      headers: bearer(adminToken()),
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers 413 for a JSON body over 64 KiB', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const res = await call(admins, 'POST', routePath('admin.insertAdmin'), {
      headers: bearer(adminToken()),
      body,
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 with the schema message and details when validation fails', async () => {
    const res = await call(admins, 'POST', routePath('admin.insertAdmin'), {
      headers: bearer(adminToken()),
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Name please.',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'name', message: 'Name please.' }],
    });
  });

  it('answers a plain 500 without internals when a handler fails unexpectedly', async () => {
    const res = await call(admins, 'DELETE', routePath('admin.deleteAdmin', { admin_id: 'abc' }), {
      headers: bearer(adminToken()),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong.', code: 'INTERNAL' });
  });

  it('answers 503 without the provider error when AWS throttling outlasts the retries', async () => {
    const res = await call(throttled, 'GET', routePath('cart.get'), {
      headers: bearer(learnerToken()),
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES.unavailable, code: 'UNAVAILABLE' });
  });

  it('answers JSON 404 for an unknown route and 405 for a known path with another method', async () => {
    const unknown = await call(health, 'GET', `${BASES.learner}/data/nothingHere`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const wrongMethod = await call(health, 'POST', routePath('health'));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers?.allow).toBe('GET');
  });

  it('answers 501 for a declared route whose handler is not built yet', async () => {
    const res = await call(health, 'GET', routePath('health'));
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('NOT_IMPLEMENTED');
  });
});
