import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AdminAccount } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { decodeCursor, encodeCursor, tableName, type Page } from './client.ts';
import { keys, withoutKeys } from './keys.ts';

/** A learner's profile record (never a password). */
export interface LearnerProfile {
  user_id: string;
  user_name: string;
  email: string;
  user_mobile: string;
  dob: string;
  course_of_study: string;
  profile_image: string;
  is_verified: boolean;
  created_at: string;
  updated_at: string;
}

/** Creates a learner's profile and claims the e-mail, together. False when the e-mail is taken. */
export async function createLearnerProfile(profile: LearnerProfile): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.userEmail(profile.email), user_id: profile.user_id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.userProfile(profile.user_id), type: 'profile', ...profile },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') return false;
    throw err;
  }
}

/** A learner's profile by user id. */
export async function getLearnerProfile(userId: string): Promise<LearnerProfile | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.userProfile(userId) }),
  );
  return res.Item ? (withoutKeys(res.Item) as unknown as LearnerProfile) : undefined;
}

interface AdminRecord extends AdminAccount {
  type: 'admin';
}

/** Stores an admin account record (the credentials live in the admin pool). */
export async function putAdmin(admin: AdminAccount): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.admin(admin.admin_id),
        ...keys.adminsIndex(admin.created_at, admin.admin_id),
        type: 'admin',
        ...admin,
      } satisfies Record<string, unknown> & AdminRecord,
    }),
  );
}

/** An admin account by id. */
export async function getAdmin(adminId: string): Promise<AdminAccount | undefined> {
  const res = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.admin(adminId) }));
  if (!res.Item) return undefined;
  const { admin_id, name, email, created_at } = res.Item as AdminRecord;
  return { admin_id, name, email, created_at };
}

/** Admin accounts, oldest first. */
export async function listAdmins(limit: number, cursor?: string): Promise<Page<AdminAccount>> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'ADMINS' },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, { index: 'gsi1', partition: 'ADMINS' }),
    }),
  );
  return {
    items: (res.Items ?? []).map(({ admin_id, name, email, created_at }) => ({
      admin_id,
      name,
      email,
      created_at,
    })),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}

/** Removes an admin account record. */
export async function deleteAdmin(adminId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.admin(adminId) }));
}

/** Sign-in failures of one e-mail in the current window. */
export interface FailureWindow {
  count: number;
  windowStart: number;
}

/** The failures recorded for an e-mail, if its window is still open. */
export async function getLoginFailures(
  pool: 'learner' | 'admin',
  email: string,
  windowSeconds: number,
  now: number,
): Promise<FailureWindow | undefined> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.loginFailures(pool, email),
      ConsistentRead: true,
    }),
  );
  const item = res.Item as { count: number; window_start: number } | undefined;
  if (!item || item.window_start + windowSeconds * 1000 <= now) return undefined;
  return { count: item.count, windowStart: item.window_start };
}

/**
 * Counts one failed sign-in atomically: inside an open window the counter goes up by one; once
 * the window has closed a new one starts at one. Returns the new window.
 */
export async function recordLoginFailure(
  pool: 'learner' | 'admin',
  email: string,
  windowSeconds: number,
  now: number,
): Promise<FailureWindow> {
  const key = keys.loginFailures(pool, email);
  const cutoff = now - windowSeconds * 1000;
  try {
    const res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'window_start > :cutoff',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { count: res.Attributes?.count as number, windowStart: res.Attributes?.window_start };
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
  // No open window: start one. Two concurrent starters both write 1, which only under-counts
  // by one attempt in a race of the very first failures.
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key,
        count: 1,
        window_start: now,
        ttl: Math.ceil((now + windowSeconds * 1000) / 1000),
      },
    }),
  );
  return { count: 1, windowStart: now };
}

/** Forgets the failures of an e-mail after a successful sign-in. */
export async function clearLoginFailures(pool: 'learner' | 'admin', email: string): Promise<void> {
  await ddb.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.loginFailures(pool, email) }),
  );
}

/**
 * Replaces a learner's editable profile fields; when the e-mail changes its guard moves in the
 * same transaction, so two learners can never hold one e-mail. False when the e-mail is taken.
 */
export async function updateLearnerProfile(
  old: LearnerProfile,
  changes: Pick<
    LearnerProfile,
    'user_mobile' | 'user_name' | 'email' | 'dob' | 'course_of_study' | 'profile_image'
  >,
  now: string,
): Promise<boolean> {
  const emailChanged = old.email.toLowerCase() !== changes.email.toLowerCase();
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now };
  const sets = Object.entries(changes).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.userProfile(old.user_id),
              UpdateExpression: `SET ${sets.join(', ')}, updated_at = :now`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          ...(emailChanged
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: { ...keys.userEmail(changes.email), user_id: old.user_id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                { Delete: { TableName: tableName(), Key: keys.userEmail(old.email) } },
              ]
            : []),
        ],
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'TransactionCanceledException') return false;
    throw err;
  }
}
