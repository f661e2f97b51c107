import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { tableName } from './table-name.ts';

/*
 * Sessions ended by logout, and the attempt counters that limit sign-ins and sign-ups.
 */

/**
 * Records that a sign-in session was ended by logout; the record lives until the session's last
 * access token expires (`expiresAt`, epoch seconds), when TTL removes it.
 */
export async function revokeSession(sessionId: string, expiresAt: number): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.revokedSession(sessionId), ttl: expiresAt },
    }),
  );
}

/** A key whose attempts are counted in fixed windows (sign-in failures, sign-ups). */
export type AttemptKey = { pk: string; sk: string };

/** The answer of {@link reserveAttempt}. */
export type Reservation =
  { reserved: true; count: number } | { reserved: false; retryAfterSeconds: number };

/**
 * Reserves one attempt for a key atomically, BEFORE the attempt is made, so concurrent callers
 * can never together get more than `max` attempts in one window: inside an open window the
 * counter goes up by one only while it is below `max`; once the window has closed a new one
 * starts at one (a conditional Put, so two concurrent starters cannot both start it).
 */
export async function reserveAttempt(
  key: AttemptKey,
  max: number,
  windowSeconds: number,
  now: number,
): Promise<Reservation> {
  const cutoff = now - windowSeconds * 1000;
  // Each pass either reserves, refuses, or loses a race to a concurrent window start; a few
  // passes are plenty (the loser of a start race then sees the open window).
  for (let pass = 0; pass < 5; pass++) {
    try {
      const res = await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'window_start > :cutoff AND #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { reserved: true, count: Number(res.Attributes?.count) };
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
    const current = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    const item = current.Item as { count: number; window_start: number } | undefined;
    if (item && item.window_start > cutoff) {
      if (item.count >= max) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((item.window_start + windowSeconds * 1000 - now) / 1000),
        );
        return { reserved: false, retryAfterSeconds };
      }
      continue;
    }
    try {
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            count: 1,
            window_start: now,
            ttl: Math.ceil((now + windowSeconds * 1000) / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR window_start <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return { reserved: true, count: 1 };
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
  throw new Error(`attempt reservation did not settle for ${key.pk}`);
}

/** Counters of attempts: sign-ins per e-mail and client, per e-mail, and sign-ups per client. */
export const attemptCounters = {
  /** Without `client`: the sign-ins on an e-mail from every client together. */
  signIn: (pool: 'learner' | 'admin', email: string, client?: string): AttemptKey =>
    keys.loginFailures(pool, email, client),
  signUp: (client: string): AttemptKey => keys.signups(client),
  /** Codes sent to an e-mail (reset and sign-in codes together), from every client. */
  codeSends: (pool: 'learner' | 'admin', email: string): AttemptKey =>
    keys.codeAttempts('send', pool, email),
  /** Wrong password-reset codes tried on an e-mail. */
  resetTries: (pool: 'learner' | 'admin', email: string): AttemptKey =>
    keys.codeAttempts('reset', pool, email),
};

/** Gives back one reserved attempt (the attempt turned out not to count). */
export async function releaseAttempt(key: AttemptKey): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** Forgets every attempt counted for a key. */
export async function clearAttempts(key: AttemptKey): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: key }));
}
