import {
  API_MESSAGES as MESSAGES,
  BASES,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  SESSION_COOKIE,
} from '@gia/shared';
import { SESSION_DAYS } from '@gia/shared';
import type { Pool } from './auth.ts';
import { env } from './env.ts';
import { ForbiddenError } from './errors.ts';
import type { ApiRequest } from './http.ts';

/*
 * The session cookie (issue 29): a pool's refresh token, HttpOnly and SameSite=Strict, sent only
 * to that pool's login routes (its Path), for as long as Cognito keeps the token.
 */

/** The login routes' path of a pool: the only place its session cookie is sent. */
export const sessionCookiePath = (pool: Pool) =>
  `${pool === 'learner' ? BASES.learner : BASES.admin}/login/`;

/** How long a pool's refresh token (and so its cookie) lives, in milliseconds. */
export const sessionLifetimeMs = (pool: Pool) => SESSION_DAYS[pool] * 24 * 3600 * 1000;

const attributes = (pool: Pool, maxAgeSeconds: number) =>
  [
    `Path=${sessionCookiePath(pool)}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    // Plain http only on the loopback stack.
    ...(env().SECURE_COOKIES === '1' ? ['Secure'] : []),
  ].join('; ');

/** The `Set-Cookie` value that keeps a refresh token. */
export const sessionCookie = (pool: Pool, refreshToken: string) =>
  `${SESSION_COOKIE}=${refreshToken}; ${attributes(pool, sessionLifetimeMs(pool) / 1000)}`;

/** The `Set-Cookie` value that removes the session cookie. */
export const clearedSessionCookie = (pool: Pool) => `${SESSION_COOKIE}=; ${attributes(pool, 0)}`;

/** The refresh token in the request's session cookie, if any. */
export const sessionCookieValue = (req: Pick<ApiRequest, 'cookies'>): string | undefined =>
  req.cookies[SESSION_COOKIE] || undefined;

/**
 * A request that acts on the session cookie must carry `X-Requested-With: XMLHttpRequest`: a
 * cross-site page can neither send it without a CORS preflight (which the API never grants) nor
 * put it on a form post. `SameSite=Strict` already keeps the cookie off cross-site requests; this
 * is the second line.
 */
export function assertAppRequest(req: Pick<ApiRequest, 'headers'>): void {
  if (req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new ForbiddenError(MESSAGES.csrfHeaderMissing);
  }
}
