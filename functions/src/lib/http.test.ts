import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { generateKeyPairSync } from 'node:crypto';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import {
  BASES,
  LEARNER_MESSAGES,
  MESSAGES,
  routePath,
  type RouteGroup,
  type RouteNameOf,
} from '@gia/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { accessClaims, signJwt, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('./auth.ts');
const { caller, createGroupHandler, MAX_JSON_BODY_BYTES, ok } = await import('./http.ts');
const { parse } = await import('./validation.ts');
const { ConflictError, NotFoundError } = await import('./errors.ts');

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
/** Refusals of the catalogues, to see the codes their answers carry. */
const refusing = createGroupHandler(
  'cart',
  some({
    'cart.insert': async () => {
      throw new ConflictError(LEARNER_MESSAGES.cartDuplicate);
    },
    'cart.delete': async () => {
      throw new NotFoundError(LEARNER_MESSAGES.favouriteRemoved('Physics'));
    },
    'cart.applyCoupon': async (req) =>
      ok('parsed', parse(z.object({ user_name: z.string().check(z.maxLength(3)) }), req.body)),
  }),
);
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
    // A schema's own text that no catalogue holds answers its kind's generic code.
    expect(res.body).toEqual({
      message: 'Name please.',
      code: 'VALIDATION_FAILED',
      message_code: 'validation_failed.generic',
      details: [
        { field: 'name', message: 'Name please.', message_code: 'validation_failed.generic' },
      ],
    });
  });

  it('names a catalogue message by its code beside the contract English and the kind', async () => {
    const res = await call(refusing, 'POST', routePath('cart.insert'), {
      headers: bearer(learnerToken()),
      body: '{"subject_id":"s1"}',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Already in your cart.',
      code: 'CONFLICT',
      message_code: 'learner.cart_duplicate',
    });
  });

  it('gives a template message its code and the values that filled it', async () => {
    const res = await call(refusing, 'DELETE', routePath('cart.delete', { cart_id: 'c1' }), {
      headers: bearer(learnerToken()),
    });
    expect(res.body).toEqual({
      message: 'Physics has been removed from favorites.',
      code: 'NOT_FOUND',
      message_code: 'learner.favourite_removed',
      message_params: { subject: 'Physics' },
    });
  });

  it('codes each validation detail, a plain sentence with its field and limit', async () => {
    const res = await call(refusing, 'POST', routePath('cart.applyCoupon'), {
      headers: bearer(learnerToken()),
      body: JSON.stringify({ user_name: 'Asha Rao' }),
    });
    const coded = {
      message_code: 'validation.at_most_chars',
      message_params: { field: 'User Name', max: '3' },
    };
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'User Name must be at most 3 characters.',
      code: 'VALIDATION_FAILED',
      ...coded,
      details: [
        { field: 'user_name', message: 'User Name must be at most 3 characters.', ...coded },
      ],
    });
  });

  it('answers a plain 500 without internals when a handler fails unexpectedly', async () => {
    const res = await call(admins, 'DELETE', routePath('admin.deleteAdmin', { admin_id: 'abc' }), {
      headers: bearer(adminToken()),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: 'Something went wrong.',
      code: 'INTERNAL',
      message_code: 'app.internal',
    });
  });

  it('answers 503 without the provider error when AWS throttling outlasts the retries', async () => {
    const res = await call(throttled, 'GET', routePath('cart.get'), {
      headers: bearer(learnerToken()),
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: MESSAGES.unavailable,
      code: 'UNAVAILABLE',
      message_code: 'app.unavailable',
    });
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
