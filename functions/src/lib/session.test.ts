import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routePath, type RouteGroup, type RouteNameOf } from '@gia/shared';
import { accessClaims, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('./auth.ts');
const { caller, createGroupHandler, ok, sessionCheckInReads } = await import('./http.ts');
const { batchGetItems } = await import('../db/batch-get.ts');
const { NotFoundError } = await import('./errors.ts');

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
      expect(res.body).toMatchObject({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
    }
    const check = ddbMock.commandCalls(BatchGetCommand)[0]?.args[0].input;
    expect(check?.RequestItems?.[TEST_ENV.TABLE_NAME]).toMatchObject({
      Keys: expect.arrayContaining([adminRecord('gone-admin').Key]),
      ConsistentRead: true,
    });
  });

  it('is refused on the next request after the removal, with no grace period', async () => {
    standing([{ pk: 'ADMIN#admin-2' }]);
    const token = issuer.sign(accessClaims('admin', 'admin-2'));
    expect((await call(admins, 'GET', routePath('admin.getAdmins'), token)).status).toBe(200);
    standing([]);
    expect((await call(admins, 'GET', routePath('admin.getAdmins'), token)).status).toBe(401);
    // The account is read in the session check's one BatchGet, never on its own.
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(2);
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

describe('a session check carried by the route’s first read', () => {
  const subject = { pk: 'SUBJECT#s1', sk: 'SUBJECT' };
  const reading = createGroupHandler(
    'cart',
    some({
      'cart.get': sessionCheckInReads(async (req) =>
        ok('read', { who: caller(req).userId, items: await batchGetItems([subject]) }),
      ),
    }),
  );
  const lesson = createGroupHandler(
    'catalogue',
    some({
      'catalogue.getLesson': sessionCheckInReads(async (req) => {
        await batchGetItems([subject]);
        return ok('lesson', req.identity?.userId ?? null);
      }),
    }),
  );
  const learnerToken = (session: string) =>
    issuer.sign(accessClaims('learner', 'learner-9', { jti: session }));

  it('reads the session and the call’s keys in one consistent BatchGet', async () => {
    standing([{ pk: 'SUBJECT#s1', sk: 'SUBJECT', subject_name: 'Maths' }]);
    const res = await call(reading, 'GET', routePath('cart.get'), learnerToken('on'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      who: 'learner-9',
      items: [{ pk: 'SUBJECT#s1', sk: 'SUBJECT', subject_name: 'Maths' }],
    });
    const calls = ddbMock.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.RequestItems?.[TEST_ENV.TABLE_NAME]).toEqual({
      Keys: [
        { pk: 'REVOKED#on', sk: 'REVOKED' },
        { pk: 'SIGNEDOUT#learner#learner-9', sk: 'SIGNEDOUT' },
        subject,
      ],
      ConsistentRead: true,
    });
  });

  it('answers 401 for a logged-out session, and nothing of what the read found', async () => {
    standing([
      { pk: 'REVOKED#out', sk: 'REVOKED' },
      { pk: 'SUBJECT#s1', sk: 'SUBJECT', subject_name: 'Maths' },
    ]);
    const res = await call(reading, 'GET', routePath('cart.get'), learnerToken('out'));
    expect(res).toEqual({
      status: 401,
      body: {
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
        message_code: 'app.unauthenticated',
      },
    });
  });

  it('is made on its own when the handler reads nothing, and its refusal replaces the handler’s error', async () => {
    const failing = createGroupHandler(
      'cart',
      some({
        'cart.get': sessionCheckInReads(async () => {
          throw new NotFoundError('No such thing.');
        }),
      }),
    );
    standing([{ pk: 'REVOKED#gone', sk: 'REVOKED' }]);
    expect((await call(failing, 'GET', routePath('cart.get'), learnerToken('gone'))).status).toBe(
      401,
    );
    standing([]);
    const res = await call(failing, 'GET', routePath('cart.get'), learnerToken('here'));
    expect(res).toEqual({
      status: 404,
      body: { message: 'No such thing.', code: 'NOT_FOUND', message_code: 'not_found.generic' },
    });
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('is made on its own when the joined read fails, and the read’s error is answered', async () => {
    let first = true;
    ddbMock.on(BatchGetCommand).callsFake(() => {
      if (first) {
        first = false;
        throw Object.assign(new Error('throttled'), {
          name: 'ProvisionedThroughputExceededException',
        });
      }
      return { Responses: { [TEST_ENV.TABLE_NAME]: [{ pk: 'REVOKED#later', sk: 'REVOKED' }] } };
    });
    const res = await call(reading, 'GET', routePath('cart.get'), learnerToken('later'));
    // The check, made on its own after the read failed, still refuses the logged-out session.
    expect(res.status).toBe(401);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('treats a logged-out session on a public route as a visitor', async () => {
    standing([{ pk: 'REVOKED#old', sk: 'REVOKED' }]);
    const out = await call(lesson, 'GET', routePath('catalogue.getLesson'), learnerToken('old'));
    expect(out).toMatchObject({ status: 200, body: { data: null } });
    standing([]);
    const on = await call(lesson, 'GET', routePath('catalogue.getLesson'), learnerToken('new'));
    expect(on).toMatchObject({ status: 200, body: { data: 'learner-9' } });
  });
});
