import { beforeEach, describe, expect, it } from 'vitest';
import { routePath, type RouteGroup, type RouteNameOf } from '@gia/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { accessClaims, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';
import { NotFoundError } from './errors.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('./auth.ts');
const { createGroupHandler, ok } = await import('./http.ts');
const { PUBLIC_CACHE_CONTROL, etagOf, matchesIfNoneMatch } = await import('./http-cache.ts');

const some = <G extends RouteGroup>(
  handlers: Partial<Record<RouteNameOf<G>, (req: ApiRequest) => Promise<ApiResult>>>,
) => handlers as RouteHandlers<G>;

const issuer = testIssuer();
const ddb = mockClient(DynamoDBDocumentClient);

const catalogue = createGroupHandler(
  'catalogue',
  some({
    'catalogue.getBoards': async (req) => {
      // What a personal answer would leak: the caller, were the token read.
      return ok('Boards', [{ board_id: 'b1', caller: req.identity?.userId ?? null }]);
    },
    'catalogue.getClassById': async () => {
      throw new NotFoundError('Class not found.');
    },
    'catalogue.getMyCatalogueState': async (req) => ok('Yours', { user: req.identity?.userId }),
  }),
);
const boards = routePath('catalogue.getBoards');

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await catalogue(httpEvent('GET', path, { headers }), lambdaContext);
  return { status: res.statusCode, headers: res.headers ?? {}, body: res.body };
};

beforeEach(() => {
  cacheJwksForTests(issuer.jwks);
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(BatchGetCommand).resolves({});
});

describe('HTTP caching of the API answers', () => {
  it('marks a public catalogue read public, with an ETag that is the hash of its body', async () => {
    // When a visitor reads the boards
    const res = await get(boards);

    // Then any cache may keep the answer, for at most a minute in all
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(res.headers.etag).toBe(etagOf(res.body ?? ''));
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body when If-None-Match names the current ETag', async () => {
    // Given the ETag of a first read
    const first = await get(boards);

    // When the same read comes back with it
    const again = await get(boards, { 'if-none-match': first.headers.etag as string });

    // Then the answer is 304, still public, with the same tag and no body
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers).toMatchObject({
      etag: first.headers.etag,
      'cache-control': PUBLIC_CACHE_CONTROL,
    });
  });

  it('answers the whole body when If-None-Match names another version', async () => {
    const res = await get(boards, { 'if-none-match': '"an-old-version"' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body ?? '')).toMatchObject({ data: [{ board_id: 'b1' }] });
  });

  it('gives a learner with a token exactly what it gives a visitor, without reading the token', async () => {
    // Given a learner's valid token
    const token = issuer.sign(accessClaims('learner', 'learner-1'));

    // When the learner and a visitor read the same public path
    const learner = await get(boards, { authorization: `Bearer ${token}` });
    const visitor = await get(boards);

    // Then both answers are the same bytes, and no session was looked up for the token
    expect(learner.body).toBe(visitor.body);
    expect(learner.headers.etag).toBe(visitor.headers.etag);
    expect(JSON.parse(learner.body ?? '').data[0].caller).toBeNull();
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('never lets a cache keep an error of a public route', async () => {
    const res = await get(routePath('catalogue.getClassById', { classId: 'gone' }));
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers a personal route no-store, with no ETag', async () => {
    const token = issuer.sign(accessClaims('learner', 'learner-1'));
    const res = await get(routePath('catalogue.getMyCatalogueState'), {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('reads If-None-Match as HTTP does: a list, weak tags, or *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});
