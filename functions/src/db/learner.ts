import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tenthOf } from '@gia/shared/insights-rules.ts';
import type { PaymentHistoryRow } from '@gia/shared/learner-answers.ts';
import { ddb } from '../lib/dynamo.ts';
import { keyOf } from './catalogue.ts';
import * as keys from './item-keys.ts';
import { partitions, sortKeyPrefixes, sortKeyRanges, withoutKeys, type Key } from './keys.ts';
import { scoreOf, type BestScore } from './mastery.ts';
import { queryAll } from './query.ts';
import { tableName } from './table-name.ts';
import { transactWrite, WriteRefused, type TransactItem } from './transact.ts';

/** A subject in the learner's cart, with the class and board it had when it was added. */
export interface CartItem {
  cart_id: string;
  user_id: string;
  subject_id: string;
  class_id?: string;
  board_id?: string;
  added_at: string;
  updated_at: string;
}

/** One of the learner's favourite subjects. */
export interface Favourite {
  favorite_id: string;
  user_id: string;
  subject_id: string;
  class_id?: string;
  board_id?: string;
  added_at: string;
}

/** A subject the learner owns (written by a paid order, see db/payments.ts). */
export interface Grant {
  user_id: string;
  subject_id: string;
  class_id?: string;
  board_id?: string;
  order_id: string;
  purchased_at: string;
}

/** One row of the learner's payment history, as recorded with the payment (db/payments.ts). */
export type PaymentRow = PaymentHistoryRow;

/** Where the learner is in one topic (stored under the learner, without their id). */
export interface TopicProgress {
  topic_id: string;
  chapter_id: string;
  position_seconds: number;
  duration_seconds: number;
  completed: boolean;
  updated_at: string;
}

/**
 * Where a topic was in the catalogue when its progress was last saved: its subject, class and
 * board, so My Courses finds a started subject's card by key (rows saved before issue 30 have
 * none, and their topics are read instead). A topic moved since keeps its old place until saved.
 */
export interface ProgressPlace {
  subject_id: string;
  class_id: string;
  board_id: string;
}

/** A stored progress row: the position and, when saved since issue 30, the topic's place. */
export type ProgressRow = TopicProgress & Partial<ProgressPlace>;

/** The position an answer carries, from a stored row (which holds its place and furthest tenth). */
const progressIn = (item: Record<string, unknown>): TopicProgress => ({
  topic_id: String(item.topic_id),
  chapter_id: String(item.chapter_id),
  position_seconds: Number(item.position_seconds ?? 0),
  duration_seconds: Number(item.duration_seconds ?? 0),
  completed: item.completed === true,
  updated_at: String(item.updated_at),
});

const placeOf = (item: Record<string, unknown>): Partial<ProgressPlace> =>
  typeof item.subject_id === 'string' && typeof item.class_id === 'string'
    ? { subject_id: item.subject_id, class_id: item.class_id, board_id: String(item.board_id) }
    : {};

/**
 * The items of one learner whose sort key starts with a prefix, every page, without keys and
 * without the item's `type`.
 */
async function userItems<T>(
  userId: string,
  prefix: string,
  options: { newestFirst?: boolean; consistent?: boolean } = {},
): Promise<T[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partitions.user(userId), ':prefix': prefix },
    ScanIndexForward: !options.newestFirst,
    ConsistentRead: options.consistent,
  });
  return items.map((item) => {
    const { type: _type, ...rest } = withoutKeys(item);
    return rest as T;
  });
}

/** One item by key (consistent), without keys and `type`; services use the named readers below. */
export async function getItem<T = Record<string, unknown>>(key: {
  pk: string;
  sk: string;
}): Promise<T | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  if (!res.Item) return undefined;
  const { type: _type, ...rest } = withoutKeys(res.Item);
  return rest as T;
}

/** The learner's cart items, oldest first. */
export const cartItems = (userId: string) => userItems<CartItem>(userId, sortKeyPrefixes.cartItem);

/** One of the learner's cart items; another learner's id finds nothing. */
export const cartItem = (userId: string, cartId: string) =>
  getItem<CartItem>(keys.cartItem(userId, cartId));

/** The learner's favourites, oldest first. */
export const favouriteItems = (userId: string) =>
  userItems<Favourite>(userId, sortKeyPrefixes.favourite);

/** One of the learner's favourites; another learner's id finds nothing. */
export const favourite = (userId: string, favoriteId: string) =>
  getItem<Favourite>(keys.favourite(userId, favoriteId));

/** The learner's favourite of one subject, if they have one. */
export async function favouriteOfSubject(userId: string, subjectId: string) {
  const guard = await getItem<{ favorite_id: string }>(keys.favouriteSubject(userId, subjectId));
  return guard && favourite(userId, guard.favorite_id);
}

/**
 * The subjects the learner owns, oldest grant first; `consistent` when the answer decides a
 * write (recording a payment).
 */
export const grants = (userId: string, options: { consistent?: boolean } = {}) =>
  userItems<Grant>(userId, sortKeyPrefixes.grant, options);

/** The learner's payment history, newest first. */
export const paymentRows = (userId: string) =>
  userItems<PaymentRow>(userId, sortKeyPrefixes.payment, { newestFirst: true });

/** The learner's position in each topic of one chapter they have started (that chapter only). */
export const progressInChapter = async (userId: string, chapterId: string) =>
  (
    await userItems<Record<string, unknown>>(userId, sortKeyPrefixes.progressInChapter(chapterId))
  ).map(progressIn);

/**
 * The keys of the learner's position in some topics of one chapter: read by key beside other
 * items, in one BatchGet (the lesson page, once it knows the chapter's topics).
 */
export const progressKeys = (userId: string, chapterId: string, topicIds: string[]): Key[] =>
  topicIds.map((topicId) => keys.progress(userId, chapterId, topicId));

/** The positions {@link progressKeys} named, read from a BatchGet's answer. */
export function progressFrom(
  items: readonly Record<string, unknown>[],
  userId: string,
  chapterId: string,
): TopicProgress[] {
  const prefix = sortKeyPrefixes.progressInChapter(chapterId);
  return items
    .filter((i) => i.pk === partitions.user(userId) && String(i.sk).startsWith(prefix))
    .map(progressIn);
}

/**
 * What getCourseProgress reads of a learner, in one Query (all pages): the grants (`GRANT#`), the
 * best topic scores (`MASTERY#`) and the progress rows (`PROGRESS#`). Only the payments and the
 * profile sort between them, and are passed over (a filter may not name the sort key, and would
 * save no read units).
 */
export async function courseItems(userId: string): Promise<{
  grants: Grant[];
  progress: ProgressRow[];
  scores: BestScore[];
}> {
  const { from, to } = sortKeyRanges.grantsScoresAndProgress;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partitions.user(userId), ':from': from, ':to': to },
  });
  const out = { grants: [] as Grant[], progress: [] as ProgressRow[], scores: [] as BestScore[] };
  for (const item of items) {
    const sk = String(item.sk);
    const { type: _type, ...rest } = withoutKeys(item);
    if (sk.startsWith(sortKeyPrefixes.grant)) out.grants.push(rest as unknown as Grant);
    else if (sk.startsWith(sortKeyPrefixes.mastery)) out.scores.push(scoreOf(item));
    else if (sk.startsWith(sortKeyPrefixes.progress)) {
      out.progress.push({ ...progressIn(item), ...placeOf(item) });
    }
  }
  return out;
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
 *
 * @throws WriteRefused `duplicate`, `owned` or `subject-missing`.
 */
export async function addCartItem(item: CartItem) {
  await transactWrite(
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

/**
 * Removes one cart item of a learner (and its guard).
 *
 * @throws WriteRefused `missing` when it is gone already.
 */
export async function removeCartItem(userId: string, cartId: string, subjectId: string) {
  await transactWrite(
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

/**
 * Adds a favourite once per subject.
 *
 * @throws WriteRefused `duplicate` (the subject's guard exists) or `subject-missing`.
 */
export async function addFavourite(item: Favourite) {
  await transactWrite(
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

/**
 * Removes a favourite (and its guard).
 *
 * @throws WriteRefused `missing` when it is gone already.
 */
export async function removeFavourite(userId: string, favoriteId: string, subjectId: string) {
  await transactWrite(
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

/**
 * Saves where a learner is in a topic (and where that topic is: {@link ProgressPlace});
 * `completed`, once reached, stays true. With `newerOnly`
 * (a save stamped on the device, issue 32) it is written only if newer than the stored one, and
 * a refused save answers the stored, newer progress.
 */
export async function saveProgress(
  userId: string,
  p: TopicProgress,
  place: ProgressPlace,
  newerOnly = false,
): Promise<TopicProgress | undefined> {
  let res;
  try {
    res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.progress(userId, p.chapter_id, p.topic_id),
        UpdateExpression: [
          'SET #t = :type, topic_id = :topic, chapter_id = :chapter, position_seconds = :pos',
          'duration_seconds = :dur, updated_at = :now',
          'subject_id = :subject, class_id = :class, board_id = :board',
          p.completed ? 'completed = :true' : 'completed = if_not_exists(completed, :false)',
        ].join(', '),
        // A save made on the device earlier than the stored one (sent late, or sent again)
        // never moves the position back (issue 32).
        ...(newerOnly
          ? {
              ConditionExpression: 'attribute_not_exists(updated_at) OR updated_at < :now',
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
            }
          : {}),
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: {
          ':type': 'progress',
          ':topic': p.topic_id,
          ':chapter': p.chapter_id,
          ':pos': p.position_seconds,
          ':dur': p.duration_seconds,
          ':now': p.updated_at,
          ':subject': place.subject_id,
          ':class': place.class_id,
          ':board': place.board_id,
          ...(p.completed ? { ':true': true } : { ':false': false }),
        },
        // The furthest tenth reached so far, for the topic's drop-off (below).
        ReturnValues: 'ALL_OLD',
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    const newer = progressOf(err.Item);
    // Finishing the lesson still counts, whenever its save arrives (`completed` only goes up).
    if (p.completed && !newer.completed) await markCompleted(userId, p);
    return { ...newer, completed: newer.completed || p.completed };
  }
  const tenth = tenthOf(p.position_seconds, p.duration_seconds);
  const was = res.Attributes?.furthest_tenth as number | undefined;
  if (tenth !== undefined && (was === undefined || tenth > was)) {
    await raiseFurthestTenth(userId, p, was, tenth);
  }
  return undefined;
}

/** The stored progress a refused save returned (DynamoDB's own attribute shape). */
const progressOf = (item: Record<string, unknown> | undefined): TopicProgress =>
  progressIn(unmarshall((item ?? {}) as Record<string, AttributeValue>));

/** Marks a topic finished without touching its newer position. */
async function markCompleted(userId: string, p: TopicProgress): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.progress(userId, p.chapter_id, p.topic_id),
      UpdateExpression: 'SET completed = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );
}

/**
 * The insights' drop-off (issue 18): the learner's furthest tenth of the topic's video goes up,
 * and the topic's `reached_<k>` counters of the tenths passed on the way are added to, in one
 * transaction conditioned on the tenth read before, so a learner is never counted twice for a
 * tenth. When another save raised it meanwhile, this one leaves it: the next save (seconds
 * later) raises it from there.
 */
async function raiseFurthestTenth(
  userId: string,
  p: TopicProgress,
  was: number | undefined,
  tenth: number,
): Promise<void> {
  const passed: string[] = [];
  for (let k = was === undefined ? 0 : was + 1; k <= tenth; k++) passed.push(`reached_${k} :one`);
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.progress(userId, p.chapter_id, p.topic_id),
          UpdateExpression: 'SET furthest_tenth = :tenth',
          ConditionExpression:
            was === undefined ? 'attribute_not_exists(furthest_tenth)' : 'furthest_tenth = :was',
          ExpressionAttributeValues: {
            ':tenth': tenth,
            ...(was === undefined ? {} : { ':was': was }),
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.topicDropoff(p.topic_id),
          UpdateExpression: `SET #t = :type ADD ${passed.join(', ')}`,
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':type': 'dropoff', ':one': 1 },
        },
      },
    ],
    ['changed'],
    'changed',
  ).catch((err: unknown) => {
    if (!(err instanceof WriteRefused)) throw err;
  });
}
