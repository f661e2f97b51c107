import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import {
  sessionCheckKeys,
  sessionStanding,
  standingFrom,
  type SessionOf,
  type SessionStanding,
} from '../db/sign-in.ts';
import { env } from './env.ts';
import { UnauthenticatedError } from './errors.ts';
import type { PendingSessionCheck } from './session-scope.ts';

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

/** Who a token's session check is about. */
const sessionOf = (identity: Identity): SessionOf => ({
  pool: identity.pool,
  userId: identity.userId,
  sessionId: identity.session?.id,
});

/**
 * Throws `401` unless the session stands: an admin's account record still exists, the session
 * was not ended by logout, and the token is not older than the user's last sign-out everywhere
 * (or password reset).
 */
function requireStanding(identity: Identity, standing: SessionStanding): void {
  const signedOutSince =
    standing.signedOutAt !== undefined &&
    (identity.issuedAt === undefined || identity.issuedAt * 1000 < standing.signedOutAt);
  if (standing.accountGone || standing.revoked || signedOutSince) throw new UnauthenticatedError();
}

/**
 * Checks that the session behind a verified token still stands, since a token verified offline
 * stays valid until it expires (see {@link requireStanding}): one consistent BatchGet, read on
 * every request, so a removed admin or a signed-out session is refused at once. Any failing is
 * `401`.
 */
export async function assertSessionStands(identity: Identity): Promise<void> {
  requireStanding(identity, await sessionStanding(sessionOf(identity)));
}

/**
 * The session check of a read-only route, left open for the route's first BatchGet to carry
 * (lib/session-scope.ts): the same keys and the same decision as {@link assertSessionStands},
 * made once, by that read or, when no read joined it, by {@link SessionCheck.make} on its own.
 */
export class SessionCheck implements PendingSessionCheck {
  /** The decision, once a read has claimed the check: resolves `false` when it was released. */
  private claim?: Promise<boolean>;
  private readonly of: SessionOf;

  constructor(private readonly identity: Identity) {
    this.of = sessionOf(identity);
  }

  /** Claims the check (`undefined` when it is claimed already). */
  private open() {
    if (this.claim) return undefined;
    let settle!: (decided: boolean) => void;
    let refuse!: (err: unknown) => void;
    this.claim = new Promise<boolean>((resolve, reject) => {
      settle = resolve;
      refuse = reject;
    });
    // Nobody may be waiting yet: a refusal is seen by make(), never reported as unhandled.
    this.claim.catch(() => undefined);
    return {
      decide: (standing: SessionStanding) => {
        try {
          requireStanding(this.identity, standing);
        } catch (err) {
          refuse(err);
          throw err;
        }
        settle(true);
      },
      release: () => {
        this.claim = undefined;
        settle(false);
      },
    };
  }

  join() {
    const claimed = this.open();
    return (
      claimed && {
        keys: sessionCheckKeys(this.of),
        decide: (found: Record<string, unknown>[]) => claimed.decide(standingFrom(this.of, found)),
        release: claimed.release,
      }
    );
  }

  async make(): Promise<void> {
    for (let claim = this.claim; claim; claim = this.claim) {
      if (await claim) return;
    }
    const own = this.open()!;
    let standing: SessionStanding;
    try {
      standing = await sessionStanding(this.of);
    } catch (err) {
      own.release();
      throw err;
    }
    own.decide(standing);
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const m = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return m?.[1];
}
