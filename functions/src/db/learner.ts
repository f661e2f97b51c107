import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { tableName } from './client.ts';
import { keyOf } from './catalogue.ts';
import { keys, withoutKeys } from './keys.ts';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The items of one learner whose sort key starts with a prefix (cart, favourites, grants…). */
export async function userItems(
  userId: string,
  prefix: string,
  newestFirst = false,
): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': prefix },
        ScanIndexForward: !newestFirst,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map((i) => withoutKeys(i)));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** One item by key. */
export async function getItem(key: { pk: string; sk: string }): Promise<Item | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return res.Item ? withoutKeys(res.Item) : undefined;
}

/** Why a write of the learner's own data was refused. */
export class LearnerWriteRefused extends Error {
  constructor(readonly reason: 'duplicate' | 'owned' | 'subject-missing' | 'missing') {
    super(reason);
  }
}

async function transact(items: TransactItem[], reasons: LearnerWriteRefused['reason'][]) {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if ((err as Error).name !== 'TransactionCanceledException') throw err;
    const codes = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const failed = codes.findIndex((c) => c.Code === 'ConditionalCheckFailed');
    const reason = reasons[failed];
    if (reason) throw new LearnerWriteRefused(reason);
    throw err;
  }
}

const subjectExists = (subjectId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keyOf({ entity: 'subject', id: subjectId }),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/**
 * Adds a subject to a learner's cart: once per subject (a guard item), never one they own (the
 * grant must not exist), never a subject that is gone — in one transaction.
 */
export async function addCartItem(item: {
  cart_id: string;
  user_id: string;
  subject_id: string;
  added_at: string;
  updated_at: string;
}) {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.cartSubject(item.user_id, item.subject_id), cart_id: item.cart_id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.cartItem(item.user_id, item.cart_id), type: 'cart', ...item },
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.grant(item.user_id, item.subject_id),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      subjectExists(item.subject_id),
    ],
    ['duplicate', 'missing', 'owned', 'subject-missing'],
  );
}

/** Removes one cart item of a learner (and its guard). */
export async function removeCartItem(userId: string, cartId: string, subjectId: string) {
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.cartItem(userId, cartId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      { Delete: { TableName: tableName(), Key: keys.cartSubject(userId, subjectId) } },
    ],
    ['missing'],
  );
}

/** Adds a favourite once per subject; a second add finds the guard and is refused as duplicate. */
export async function addFavourite(item: {
  favorite_id: string;
  user_id: string;
  subject_id: string;
  added_at: string;
}) {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.favouriteSubject(item.user_id, item.subject_id),
            favorite_id: item.favorite_id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.favourite(item.user_id, item.favorite_id), type: 'favourite', ...item },
        },
      },
      subjectExists(item.subject_id),
    ],
    ['duplicate', 'missing', 'subject-missing'],
  );
}

/** Removes a favourite (and its guard). */
export async function removeFavourite(userId: string, favoriteId: string, subjectId: string) {
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.favourite(userId, favoriteId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      { Delete: { TableName: tableName(), Key: keys.favouriteSubject(userId, subjectId) } },
    ],
    ['missing'],
  );
}

/** Saves where a learner is in a topic; `completed`, once reached, stays true. */
export async function saveProgress(p: {
  user_id: string;
  topic_id: string;
  chapter_id: string;
  position_seconds: number;
  duration_seconds: number;
  completed: boolean;
  updated_at: string;
}): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `USER#${p.user_id}`, sk: `PROGRESS#${p.topic_id}` },
      UpdateExpression: [
        'SET #t = :type, topic_id = :topic, chapter_id = :chapter, position_seconds = :pos',
        'duration_seconds = :dur, updated_at = :now',
        p.completed ? 'completed = :true' : 'completed = if_not_exists(completed, :false)',
      ].join(', '),
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: {
        ':type': 'progress',
        ':topic': p.topic_id,
        ':chapter': p.chapter_id,
        ':pos': p.position_seconds,
        ':dur': p.duration_seconds,
        ':now': p.updated_at,
        ...(p.completed ? { ':true': true } : { ':false': false }),
      },
    }),
  );
}
