import { generateKeyPairSync, createSign, type KeyObject } from 'node:crypto';

/** A test issuer: an RSA key, its JWKS, and a way to sign Cognito-like access tokens. */
export function testIssuer(kid = 'test-key') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as object), kid, alg: 'RS256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign: (payload: Record<string, unknown>, key: KeyObject = privateKey) =>
      signJwt(payload, key, kid),
  };
}

export function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc({ alg: 'RS256', typ: 'JWT', kid })}.${enc(payload)}`;
  const signature = createSign('RSA-SHA256').update(body).sign(key).toString('base64url');
  return `${body}.${signature}`;
}

/** The environment of a function, pointing at a fake local issuer. */
export const TEST_ENV = {
  TABLE_NAME: 'test-table',
  MEDIA_BUCKET: 'test-bucket',
  LEARNER_POOL_ID: 'local_learners',
  LEARNER_CLIENT_ID: 'learner-client',
  ADMIN_POOL_ID: 'local_admins',
  ADMIN_CLIENT_ID: 'admin-client',
  COGNITO_LOCAL_ISSUER_BASE: 'http://cognito.test',
  AWS_REGION: 'ap-south-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  LOG_LEVEL: 'SILENT',
};

/** Claims of a valid access token of a pool, expiring in an hour. */
export function accessClaims(pool: 'learner' | 'admin', sub: string, overrides = {}) {
  const now = Math.floor(Date.now() / 1000);
  const poolId = pool === 'learner' ? TEST_ENV.LEARNER_POOL_ID : TEST_ENV.ADMIN_POOL_ID;
  const clientId = pool === 'learner' ? TEST_ENV.LEARNER_CLIENT_ID : TEST_ENV.ADMIN_CLIENT_ID;
  return {
    sub,
    iss: `${TEST_ENV.COGNITO_LOCAL_ISSUER_BASE}/${poolId}`,
    client_id: clientId,
    token_use: 'access',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}
