import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PUBLIC_CACHE, type RouteDef } from '@gia/shared';

/**
 * HTTP caching of the API's answers (issue 30, item 4; README "What is cached where").
 *
 * A route declared `cache: 'public'` answers the same body to everyone, so its `200` may be kept
 * by CloudFront, the local gateway and the browser ({@link PUBLIC_CACHE}: 30 s fresh, then 30 s
 * more served stale while one request revalidates): no cache ever serves an answer older than
 * 60 s, so an admin's change reaches every learner within a minute without an invalidation. Each
 * path reaches the handler about twice a minute per cache at most, however many learners read it.
 */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_CACHE.maxAgeSeconds}, stale-while-revalidate=${PUBLIC_CACHE.staleSeconds}`;
/** Everything else: personal, an error, or a write; no cache may keep it. */
export const NO_STORE = 'no-store';

/** A strong validator: the hash of the body, so equal answers have equal tags. */
export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether an `If-None-Match` header names `etag` (`*`, or a list; weak comparison, RFC 9110). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const hasHeader = (headers: Record<string, unknown>, name: string) =>
  Object.keys(headers).some((k) => k.toLowerCase() === name);

/**
 * Adds the caching headers to a route's answer: `public` with an `ETag` for the `200` of a
 * `cache: 'public'` route (a `304` without a body when the request's `If-None-Match` names it),
 * `no-store` for every other answer that does not set its own `Cache-Control`. An answer that
 * sets a cookie is never public.
 */
export function withCacheHeaders(
  route: Pick<RouteDef, 'cache'> | undefined,
  ifNoneMatch: string | undefined,
  response: APIGatewayProxyStructuredResultV2,
): APIGatewayProxyStructuredResultV2 {
  const headers = { ...(response.headers ?? {}) };
  const cacheable =
    route?.cache === 'public' &&
    (response.statusCode ?? 200) === 200 &&
    typeof response.body === 'string' &&
    !response.isBase64Encoded &&
    !response.cookies?.length;
  if (!cacheable) {
    if (!hasHeader(headers, 'cache-control')) headers['cache-control'] = NO_STORE;
    return { ...response, headers };
  }
  const etag = etagOf(response.body as string);
  headers['cache-control'] = PUBLIC_CACHE_CONTROL;
  headers.etag = etag;
  if (matchesIfNoneMatch(ifNoneMatch, etag)) {
    delete headers['content-type'];
    return { statusCode: 304, headers };
  }
  return { ...response, headers };
}
