import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AdminAccount } from '@gia/shared';
import { indiaDay } from '@gia/shared/insights-rules.ts';
import { ddb } from '../lib/dynamo.ts';
import { dayUpdate } from './insights.ts';
import { decodeCursor, encodeCursor, type Page } from './paging.ts';
import { tableName } from './table-name.ts';
import * as keys from './item-keys.ts';
import { withoutKeys } from './keys.ts';
import { cancellationCodes } from './transact.ts';

/** A learner's profile record (never a password). */
export interface LearnerProfile {
  user_id: string;
  user_name: string;
  email: string;
  user_mobile: string;
  dob: string;
  course_of_study: string;
  /** GST state code (`INDIAN_STATES`), once the learner gives it. */
  state?: string;
  /** The language the learner chose for the product (issue 33: `en`, `kn`, `hi`), once chosen. */
  language?: string;
  profile_image: string;
  is_verified: boolean;
  /** A new e-mail the learner asked for and has not yet confirmed with the e-mailed code. */
  pending_email?: string;
  created_at: string;
  updated_at: string;
}

/** Times a sign-up is tried again when another sign-up's count update touched the counter. */
const SIGNUP_CONFLICT_RETRIES = 4;

/**
 * Creates a learner's profile, claims the e-mail and counts the learner (in all, and on the day's
 * insights), together. False when the e-mail is taken. Two sign-ups at one moment both update the learner count, and DynamoDB then
 * cancels one transaction (`TransactionConflict`): that one is simply tried again.
 */
export async function createLearnerProfile(profile: LearnerProfile): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
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
            {
              Update: {
                TableName: tableName(),
                Key: keys.learnerCount(),
                UpdateExpression: 'ADD learners :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            // The insights' new learners of the day (India time).
            dayUpdate(indiaDay(profile.created_at), { add: { learners: 1 } }),
          ],
        }),
      );
      return true;
    } catch (err) {
      const codes = cancellationCodes(err);
      const conflict =
        codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (conflict && attempt < SIGNUP_CONFLICT_RETRIES) continue;
      if (!conflict && (err as Error).name === 'TransactionCanceledException') return false;
      throw err;
    }
  }
}

/**
 * How many learners have signed up: one GetItem of the count each sign-up adds to in its own
 * transaction (profiles have no index to count, and no request path may Scan). Learners who
 * signed up before the count existed are not in it.
 */
export async function learnerCount(): Promise<number> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.learnerCount(), ConsistentRead: true }),
  );
  return Number(res.Item?.learners ?? 0);
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

/** The learner who holds an e-mail address, if any. */
export async function emailOwner(email: string): Promise<string | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.userEmail(email), ConsistentRead: true }),
  );
  return res.Item?.user_id as string | undefined;
}

/**
 * Replaces a learner's editable profile fields other than the e-mail. `pendingEmail` is the new
 * address awaiting its code, or undefined when no change is pending (which cancels one).
 */
export async function updateLearnerProfile(
  userId: string,
  changes: Pick<
    LearnerProfile,
    'user_mobile' | 'user_name' | 'dob' | 'course_of_study' | 'profile_image' | 'state' | 'language'
  >,
  pendingEmail: string | undefined,
  now: string,
): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now };
  const sets = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
  if (pendingEmail !== undefined) values[':pending'] = pendingEmail;
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression:
        `SET ${sets.join(', ')}, updated_at = :now` +
        (pendingEmail === undefined ? ' REMOVE pending_email' : ', pending_email = :pending'),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Sets the learner's state (GST code), asked by the cart or at checkout. */
export const setLearnerState = (userId: string, state: string, now: string) =>
  setLearnerChoice(userId, 'state', state, now);

/**
 * One of the learner's own choices, alone (the state for GST, the product's language): the rest
 * of the profile is left as it is. Only on a profile that exists.
 */
export async function setLearnerChoice(
  userId: string,
  field: 'state' | 'language',
  value: string,
  now: string,
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET #field = :value, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':value': value, ':now': now },
    }),
  );
}

/** Why a confirmed e-mail change could not be stored. */
export type EmailMoveRefusal = 'not-pending' | 'taken';

/**
 * Makes a confirmed new e-mail the learner's: the profile takes it (only while it is still the
 * pending one) and the e-mail guard moves from the old address to the new one, in one
 * transaction, so two learners can never hold one e-mail.
 */
export async function moveLearnerEmail(
  profile: LearnerProfile,
  newEmail: string,
  now: string,
): Promise<EmailMoveRefusal | undefined> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.userProfile(profile.user_id),
              UpdateExpression:
                'SET email = :new, is_verified = :true, updated_at = :now REMOVE pending_email',
              ConditionExpression: 'pending_email = :new',
              ExpressionAttributeValues: { ':new': newEmail, ':true': true, ':now': now },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.userEmail(newEmail), user_id: profile.user_id },
              ConditionExpression: 'attribute_not_exists(pk) OR user_id = :me',
              ExpressionAttributeValues: { ':me': profile.user_id },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.userEmail(profile.email),
              ConditionExpression: 'attribute_not_exists(pk) OR user_id = :me',
              ExpressionAttributeValues: { ':me': profile.user_id },
            },
          },
        ],
      }),
    );
    return undefined;
  } catch (err) {
    if ((err as Error).name !== 'TransactionCanceledException') throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    return reasons?.[1]?.Code === 'ConditionalCheckFailed' ? 'taken' : 'not-pending';
  }
}
