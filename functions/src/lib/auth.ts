import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { adminExists } from '../db/accounts.ts';
import { sessionStanding } from '../db/sign-in.ts';
import { env } from './env.ts';
import { UnauthenticatedError } from './errors.ts';

export type Pool = 'learner' | 'admin';

/** Who is calling, taken from a verified access token and nothing else. */
export interface Identity {
  /** The Cognito `sub`: a learner's `user_id`, an admin's `admin_id`. */
  userId: string;
  pool: Pool;
  /**
   * The sign-in session the token belongs to, when the token names it: Cognito's `origin_jti`
   * (shared by every access token refreshed from one refresh token; the local stand-in has none,
   * so there it is the token's own `jti`), and when the token expires (epoch seconds).
   */
  session?: { id: string; expiresAt: number };
  /** When the token was issued (epoch seconds, `iat`): a sign-out everywhere refuses older ones. */
  issuedAt?: number;
}

interface PoolVerifier {
  issuer: string;
  verify(token: string): Promise<JwtPayload>;
  cacheJwks(jwks: { keys: unknown[] }): void;
}

/** The local stand-in serves its JWKS over http, which the default fetcher refuses. */
const localJwksCache = () =>
  new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const res = await fetch(uri);
        if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
        return res.arrayBuffer();
      },
    },
  });

function makeVerifier(poolId: string, clientId: string): PoolVerifier {
  const localBase = env().COGNITO_LOCAL_ISSUER_BASE;
  if (localBase) {
    const issuer = `${localBase}/${poolId}`;
    const verifier = JwtRsaVerifier.create(
      {
        issuer,
        audience: null,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access') throw new Error('not an access token');
          if (payload.client_id !== clientId) throw new Error('token of another client');
        },
      },
      { jwksCache: localJwksCache() },
    );
    return {
      issuer,
      verify: (token) => verifier.verify(token),
      cacheJwks: (jwks) => verifier.cacheJwks(jwks as never),
    };
  }
  const verifier = CognitoJwtVerifier.create({ userPoolId: poolId, tokenUse: 'access', clientId });
  const region = poolId.split('_')[0];
  return {
    issuer: `https://cognito-idp.${region}.amazonaws.com/${poolId}`,
    verify: (token) => verifier.verify(token),
    cacheJwks: (jwks) => verifier.cacheJwks(jwks as never),
  };
}

let verifiers: Record<Pool, PoolVerifier> | undefined;

function getVerifiers(): Record<Pool, PoolVerifier> {
  const e = env();
  verifiers ??= {
    learner: makeVerifier(e.LEARNER_POOL_ID, e.LEARNER_CLIENT_ID),
    admin: makeVerifier(e.ADMIN_POOL_ID, e.ADMIN_CLIENT_ID),
  };
  return verifiers;
}

/** Tests preload a JWKS instead of fetching one. */
export function cacheJwksForTests(jwks: { keys: unknown[] }): void {
  for (const v of Object.values(getVerifiers())) v.cacheJwks(jwks);
}

/**
 * Verifies a bearer access token of either pool: signature, expiry, issuer, `token_use` and
 * client. Any failure is `401`.
 */
export async function verifyAccessToken(token: string): Promise<Identity> {
  let issuer: unknown;
  try {
    issuer = decomposeUnverifiedJwt(token).payload.iss;
  } catch {
    throw new UnauthenticatedError();
  }
  const all = getVerifiers();
  const pool = (Object.keys(all) as Pool[]).find((p) => all[p].issuer === issuer);
  if (!pool) throw new UnauthenticatedError();
  try {
    const payload = await all[pool].verify(token);
    if (typeof payload.sub !== 'string') throw new Error('no sub');
    const sessionId = payload.origin_jti ?? payload.jti;
    const identity: Identity = { userId: payload.sub, pool };
    if (typeof sessionId === 'string' && typeof payload.exp === 'number') {
      identity.session = { id: sessionId, expiresAt: payload.exp };
    }
    if (typeof payload.iat === 'number') identity.issuedAt = payload.iat;
    return identity;
  } catch {
    throw new UnauthenticatedError();
  }
}

/** How long a function trusts that an admin it has seen still exists. */
export const ADMIN_CHECK_TTL_MS = 5000;
const adminsSeen = new Map<string, number>();

/**
 * Checks that the session behind a verified token still stands, since a token verified offline
 * stays valid until it expires: an admin's account record must still exist (one GetItem; a
 * found admin is trusted for {@link ADMIN_CHECK_TTL_MS}), the session must not have been ended
 * by logout, and the token must not be older than the user's last sign-out everywhere (or
 * password reset): those two in one BatchGet. Any failing is `401`.
 */
export async function assertSessionStands(identity: Identity, now = Date.now()): Promise<void> {
  const [adminGone, standing] = await Promise.all([
    identity.pool === 'admin' ? adminIsGone(identity.userId, now) : false,
    identity.session
      ? sessionStanding(identity.session.id, identity.pool, identity.userId)
      : { revoked: false, signedOutAt: undefined },
  ]);
  const signedOutSince =
    standing.signedOutAt !== undefined &&
    (identity.issuedAt === undefined || identity.issuedAt * 1000 < standing.signedOutAt);
  if (adminGone || standing.revoked || signedOutSince) throw new UnauthenticatedError();
}

async function adminIsGone(adminId: string, now: number): Promise<boolean> {
  if ((adminsSeen.get(adminId) ?? 0) > now) return false;
  if (!(await adminExists(adminId))) return true;
  // Only positive answers are kept: a removed admin is refused at once by a function that has
  // not seen them in the last few seconds.
  adminsSeen.set(adminId, now + ADMIN_CHECK_TTL_MS);
  return false;
}

/** Forgets that an admin was seen (the admin was just removed by this function). */
export function forgetAdmin(adminId: string): void {
  adminsSeen.delete(adminId);
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const m = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return m?.[1];
}
