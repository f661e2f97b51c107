import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import type { Key } from './keys.ts';
import { tableName } from './table-name.ts';

/*
 * What keeps a learner signed in, and what ends it (issue 29): the refresh tokens we issued, the
 * moment a user signed out everywhere, one-time sign-in codes and the proof that completes
 * Cognito's custom challenge, and when a password reset code was sent.
 */

type Pool = 'learner' | 'admin';

/** A token or code is kept only as its SHA-256: a read of the table hands out no session. */
export const digest = (value: string) => createHash('sha256').update(value).digest('hex');

const seconds = (ms: number) => Math.ceil(ms / 1000);

/** A refresh token issued at sign-in: whose it is and when it was issued. */
export interface RefreshSession {
  pool: Pool;
  user_id: string;
  /** Epoch milliseconds. */
  issued_at: number;
}

/** Records a refresh token we issued; it is forgotten when the token would expire anyway. */
export async function recordRefreshSession(
  refreshToken: string,
  session: RefreshSession,
  lifetimeMs: number,
): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.refreshSession(digest(refreshToken)),
        ...session,
        ttl: seconds(session.issued_at + lifetimeMs),
      },
    }),
  );
}

/**
 * The session of a refresh token and when its user last signed out everywhere, in one request;
 * `undefined` when we never issued the token (or it was signed out).
 */
export async function refreshSessionOf(
  refreshToken: string,
): Promise<(RefreshSession & { signedOutAt?: number }) | undefined> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.refreshSession(digest(refreshToken)),
      ConsistentRead: true,
    }),
  );
  const item = res.Item as RefreshSession | undefined;
  if (!item) return undefined;
  const signedOutAt = await signedOutAtOf(item.pool, item.user_id);
  return { pool: item.pool, user_id: item.user_id, issued_at: item.issued_at, signedOutAt };
}

/** Forgets a refresh token (logout). */
export async function forgetRefreshSession(refreshToken: string): Promise<void> {
  await ddb.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.refreshSession(digest(refreshToken)) }),
  );
}

/** Longest a refresh token lives (learners' 30 days): a sign-out record outlives every token. */
const SIGNED_OUT_KEEP_MS = 31 * 24 * 3600 * 1000;

/** Records that a user signed out everywhere at `at` (epoch ms). */
export async function markSignedOut(pool: Pool, userId: string, at: number): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.signedOut(pool, userId), at, ttl: seconds(at + SIGNED_OUT_KEEP_MS) },
    }),
  );
}

async function signedOutAtOf(pool: Pool, userId: string): Promise<number | undefined> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.signedOut(pool, userId),
      ConsistentRead: true,
    }),
  );
  return res.Item?.at as number | undefined;
}

/** Who a session check is about: the caller's pool and id, and the token's session if named. */
export interface SessionOf {
  pool: Pool;
  userId: string;
  sessionId?: string;
}

/** What a session check found. */
export interface SessionStanding {
  /** The session was ended by logout. */
  revoked: boolean;
  /** When the user last signed out everywhere (epoch ms), if ever. */
  signedOutAt?: number;
  /** An admin's account record is gone (always false for a learner). */
  accountGone: boolean;
}

/**
 * The items a session check reads, all by key so they fit one BatchGet (alone, or beside the
 * call's own reads): the session's logout record, the user's sign-out record and, for an admin,
 * the account record.
 */
export function sessionCheckKeys(of: SessionOf): Key[] {
  return [
    ...(of.sessionId ? [keys.revokedSession(of.sessionId)] : []),
    keys.signedOut(of.pool, of.userId),
    ...(of.pool === 'admin' ? [keys.admin(of.userId)] : []),
  ];
}

/** The standing of a session, from the items a read of its {@link sessionCheckKeys} found. */
export function standingFrom(of: SessionOf, found: Record<string, unknown>[]): SessionStanding {
  // Each of these partitions holds one item: its pk names it.
  const has = (k: Key) => found.find((i) => i.pk === k.pk);
  return {
    revoked: of.sessionId ? has(keys.revokedSession(of.sessionId)) !== undefined : false,
    signedOutAt: has(keys.signedOut(of.pool, of.userId))?.at as number | undefined,
    accountGone: of.pool === 'admin' && has(keys.admin(of.userId)) === undefined,
  };
}

/**
 * Whether a sign-in session was ended by logout, when its user last signed out everywhere and,
 * for an admin, whether the account is gone: all in one request (a consistent BatchGet), as
 * every authorised request asks that does not read them with its own first BatchGet.
 */
export async function sessionStanding(of: SessionOf): Promise<SessionStanding> {
  const wanted = sessionCheckKeys(of);
  const res = await ddb.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: wanted,
          ConsistentRead: true,
          ProjectionExpression: 'pk, sk, #at',
          ExpressionAttributeNames: { '#at': 'at' },
        },
      },
    }),
  );
  const items = res.Responses?.[tableName()] ?? [];
  // Three small keys never exceed a batch's limits; an unprocessed key is read again, alone.
  const unprocessed = res.UnprocessedKeys?.[tableName()]?.Keys ?? [];
  for (const key of unprocessed) {
    const one = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (one.Item) items.push(one.Item);
  }
  return standingFrom(of, items);
}

/** A pending one-time sign-in code. */
interface SignInCodeItem {
  code_hash: string;
  tries: number;
  expires_at: number;
}

/** Stores a new sign-in code for an e-mail, replacing any earlier one (its tries start at 0). */
export async function storeSignInCode(
  pool: Pool,
  email: string,
  code: string,
  expiresAt: number,
): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.signInCode(pool, email),
        code_hash: digest(`${email}:${code}`),
        tries: 0,
        expires_at: expiresAt,
        ttl: seconds(expiresAt),
      },
    }),
  );
}

/** What a try of a sign-in code came to. */
export type CodeTry = 'right' | 'wrong' | 'used-up' | 'none';

/**
 * Tries a sign-in code. Each try is counted first (atomically, only while the code is unexpired
 * and has tries left), so parallel guesses get no more than `maxTries` between them; a right
 * code is then deleted under the count it was tried at, so it signs in once. The last wrong try
 * deletes the code.
 */
export async function trySignInCode(
  pool: Pool,
  email: string,
  code: string,
  maxTries: number,
  now: number,
): Promise<CodeTry> {
  const key = keys.signInCode(pool, email);
  let item: SignInCodeItem;
  try {
    const res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(pk) AND tries < :max AND expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': maxTries, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    item = res.Attributes as SignInCodeItem;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return 'none';
    throw err;
  }
  const right = item.code_hash === digest(`${email}:${code}`);
  if (!right && item.tries < maxTries) return 'wrong';
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'tries = :tries',
        ExpressionAttributeValues: { ':tries': item.tries },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    // Another try came in between: the code counts as already spent by it.
    return right ? 'none' : 'used-up';
  }
  return right ? 'right' : 'used-up';
}

/** How long the proof for Cognito's custom challenge is good for. */
const PROOF_SECONDS = 60;

/** Stores the proof the auth function is about to answer Cognito's custom challenge with. */
export async function putSignInProof(table: string, email: string, proof: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...keys.signInProof(email),
        proof_hash: digest(proof),
        ttl: seconds(Date.now()) + PROOF_SECONDS,
      },
    }),
  );
}

/**
 * Spends the proof of an e-mail if `answer` is it and it is still good: true once, false for
 * any other answer. The custom-challenge trigger calls this with the table name of its own
 * environment (it has no other configuration).
 */
export async function consumeSignInProof(
  table: string,
  email: string,
  answer: string,
): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: table,
        Key: keys.signInProof(email),
        ConditionExpression: 'proof_hash = :hash AND #ttl >= :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':hash': digest(answer), ':now': seconds(Date.now()) },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Records when a password reset code was sent to an e-mail (its age decides "expired"). */
export async function markResetCodeSent(
  pool: Pool,
  email: string,
  at: number,
  lifetimeMs: number,
): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.resetCode(pool, email), sent_at: at, ttl: seconds(at + lifetimeMs) },
    }),
  );
}

/** When the last reset code was sent to an e-mail, if one is on record. */
export async function resetCodeSentAt(pool: Pool, email: string): Promise<number | undefined> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.resetCode(pool, email),
      ConsistentRead: true,
    }),
  );
  return res.Item?.sent_at as number | undefined;
}

/** Forgets the reset code of an e-mail (it was used). */
export async function forgetResetCode(pool: Pool, email: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.resetCode(pool, email) }));
}
