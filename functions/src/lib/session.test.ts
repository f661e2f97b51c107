import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routePath, type RouteGroup, type RouteNameOf } from '@gia/shared';
import { accessClaims, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';

Object.assign(process.env, TEST_ENV);
const { ADMIN_CHECK_TTL_MS, assertSessionStands, cacheJwksForTests, forgetAdmin } =
  await import('./auth.ts');
const { caller, createGroupHandler, ok } = await import('./http.ts');

/**
 * Some routes of a group only (a map the type checker refuses, to see the router answer 501),
 * answering what the router's tests look at rather than the routes' answers.
 */
const some = <G extends RouteGroup>(
  handlers: Partial<Record<RouteNameOf<G>, (req: ApiRequest) => Promise<ApiResult>>>,
) => handlers as RouteHandlers<G>;

const issuer = testIssuer();
const ddbMock = mockClient(DynamoDBDocumentClient);
const admins = createGroupHandler(
  'admins',
  some({
    'admin.getAdmins': async (req) => ok('who', caller(req)),
    'admin.insertAdmin': async () => ok('created'),
  }),
);
const cart = createGroupHandler(
  'cart',
  some({ 'cart.get': async (req) => ok('mine', caller(req)) }),
);
const catalogue = createGroupHandler(
  'catalogue',
  some({ 'catalogue.getBoards': async (req) => ok('boards', req.identity ?? null) }),
);

const call = async (handler: typeof admins, method: string, path: string, token: string) => {
  const event = httpEvent(method, path, { headers: { authorization: `Bearer ${token}` } });
  const res = await handler(event, lambdaContext);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
};
const adminRecord = (id: string) => ({ Key: { pk: `ADMIN#${id}`, sk: 'ADMIN' } });

/** The table as the session check's BatchGet sees it: these records exist, no others. */
const standing = (records: Record<string, unknown>[]) =>
  ddbMock
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: { pk: string }[] }> }) => {
      const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
      const wanted = new Set(Keys.map((k) => k.pk));
      return { Responses: { [table]: records.filter((r) => wanted.has(r.pk as string)) } };
    });

beforeAll(() => cacheJwksForTests(issuer.jwks));
beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({});
  standing([]);
});

describe('a removed admin', () => {
  it('gets 401 on every admin route, insertAdmin included, once the account record is gone', async () => {
    const token = issuer.sign(accessClaims('admin', 'gone-admin'));
    for (const [method, path] of [
      ['GET', routePath('admin.getAdmins')],
      ['POST', routePath('admin.insertAdmin')],
    ] as const) {
      const res = await call(admins, method, path, token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });
    }
    const check = ddbMock.commandCalls(GetCommand, adminRecord('gone-admin'))[0];
    expect(check?.args[0].input).toMatchObject({ ConsistentRead: true });
  });

  it('is trusted for a few seconds after a successful check, and checked again after that', async () => {
    ddbMock.on(GetCommand, adminRecord('admin-2')).resolves({ Item: { pk: 'ADMIN#admin-2' } });
    const identity = { userId: 'admin-2', pool: 'admin' as const };
    const t0 = 1_000_000;
    await assertSessionStands(identity, t0);
    await assertSessionStands(identity, t0 + ADMIN_CHECK_TTL_MS - 1);
    expect(ddbMock.commandCalls(GetCommand, adminRecord('admin-2'))).toHaveLength(1);

    ddbMock.on(GetCommand, adminRecord('admin-2')).resolves({});
    await expect(assertSessionStands(identity, t0 + ADMIN_CHECK_TTL_MS)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(ddbMock.commandCalls(GetCommand, adminRecord('admin-2'))).toHaveLength(2);
  });

  it('is refused at once by the function that removed them', async () => {
    ddbMock.on(GetCommand, adminRecord('admin-3')).resolves({ Item: { pk: 'ADMIN#admin-3' } });
    const identity = { userId: 'admin-3', pool: 'admin' as const };
    await assertSessionStands(identity);
    ddbMock.on(GetCommand, adminRecord('admin-3')).resolves({});
    forgetAdmin('admin-3');
    await expect(assertSessionStands(identity)).rejects.toMatchObject({ status: 401 });
  });

  it('is treated as anonymous on a public route', async () => {
    const token = issuer.sign(accessClaims('admin', 'gone-admin'));
    const res = await call(catalogue, 'GET', routePath('catalogue.getBoards'), token);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });
});

describe('a public route', () => {
  it('treats a token it cannot check right now as none, rather than failing', async () => {
    ddbMock
      .on(BatchGetCommand)
      .rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const token = issuer.sign(accessClaims('learner', 'learner-1', { jti: 'any' }));
    const res = await call(catalogue, 'GET', routePath('catalogue.getBoards'), token);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });
});

describe('a logged-out session', () => {
  it('gets 401 with an access token of the session, and other sessions keep working', async () => {
    standing([{ pk: 'REVOKED#session-out' }]);
    const out = issuer.sign(
      accessClaims('learner', 'learner-1', { origin_jti: 'session-out', jti: 'a' }),
    );
    const res = await call(cart, 'GET', routePath('cart.get'), out);
    expect(res.status).toBe(401);

    const other = issuer.sign(
      accessClaims('learner', 'learner-1', { origin_jti: 'session-on', jti: 'b' }),
    );
    const ok2 = await call(cart, 'GET', routePath('cart.get'), other);
    expect(ok2.status).toBe(200);
  });

  it('is named by the token id where the token has no origin_jti (the local stand-in)', async () => {
    standing([{ pk: 'REVOKED#jti-only' }]);
    const token = issuer.sign(accessClaims('learner', 'learner-1', { jti: 'jti-only' }));
    expect((await call(cart, 'GET', routePath('cart.get'), token)).status).toBe(401);
  });
});

describe('a sign-out everywhere', () => {
  it('refuses every token of the user issued before it, and none issued after', async () => {
    const at = Math.floor(Date.now() / 1000) * 1000 - 9_500;
    standing([{ pk: 'SIGNEDOUT#learner#learner-1', at }]);
    const before = issuer.sign(
      accessClaims('learner', 'learner-1', { jti: 'old', iat: Math.floor(at / 1000) }),
    );
    expect((await call(cart, 'GET', routePath('cart.get'), before)).status).toBe(401);
    const after = issuer.sign(
      accessClaims('learner', 'learner-1', { jti: 'new', iat: Math.ceil(at / 1000) }),
    );
    expect((await call(cart, 'GET', routePath('cart.get'), after)).status).toBe(200);
    // Another learner's tokens are not touched.
    const other = issuer.sign(
      accessClaims('learner', 'learner-2', { jti: 'x', iat: Math.floor(at / 1000) - 60 }),
    );
    expect((await call(cart, 'GET', routePath('cart.get'), other)).status).toBe(200);
  });
});
