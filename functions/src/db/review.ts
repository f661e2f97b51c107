import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { getRecordsAndGrants, type Ref } from './catalogue.ts';
import * as keys from './item-keys.ts';
import { reviewDuePartition, withoutKeys } from './keys.ts';
import { bankOf, type QuestionBank } from './practice.ts';
import { queryAll } from './query.ts';
import { pickOf, type BoardFields, type ClassFields, type SubjectFields } from './records.ts';
import type { TopicFields } from './records.ts';
import { tableName } from './table-name.ts';

/**
 * Spaced review and streaks (issue 31). A learner's card of a question is one item in their
 * partition (`REVIEWCARD#<question_id>`) that gsi1 also lists by due time while it may be
 * reviewed, so the due cards are one Query; the streak is one small item (`ACTIVITY`) read in
 * the same BatchGet as the due questions' topics, banks and the learner's grants: a review
 * queue is two requests (and the write that issues its attempt).
 */

/** A card as the table keeps it: FSRS's fields (practice/schedule.ts), dates as ISO strings. */
export interface CardState {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review?: string;
}

/** What is kept of a learner's activity (the streak). */
export interface Activity {
  /** `YYYY-MM-DD`, India time. */
  last_day: string;
  /** Days in a row ending with `last_day`. */
  streak_days: number;
}

/** Where a card's question lives: its topic and the topic's ancestors when it was answered. */
export interface CardPlace {
  question_id: string;
  topic_id: string;
  subject_id: string;
  class_id: string;
  board_id: string;
}

/** A stored card: FSRS's state, its question's place, the attempt that last scheduled it. */
export type ReviewCard = CardState & CardPlace & { last_attempt: string };

/** A card as read from the table. */
export const cardOf = (item: Record<string, unknown>) => withoutKeys(item) as unknown as ReviewCard;

/** The cards of a learner due at `at` or earlier, most overdue first. One Query of gsi1. */
export async function dueCards(userId: string, at: Date): Promise<ReviewCard[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :upto',
    // `~` sorts after every character of a question id: everything due at `at` is included.
    ExpressionAttributeValues: {
      ':pk': reviewDuePartition(userId),
      ':upto': `${at.toISOString()}#~`,
    },
  });
  return items.map(cardOf);
}

/** What choosing the questions of a review needs about the topics of some due cards. */
export interface ReviewContext {
  topics: Map<string, TopicFields>;
  subjects: Map<string, SubjectFields>;
  classes: Map<string, ClassFields>;
  boards: Map<string, BoardFields>;
  granted: Set<string>;
  banks: Map<string, QuestionBank>;
  activity?: Activity;
}

/**
 * The topics of these cards with their banks, subjects, classes and boards, the learner's grants
 * of those subjects and their activity: one BatchGet (for up to ten topics).
 */
export async function reviewContext(userId: string, cards: CardPlace[]): Promise<ReviewContext> {
  const refs: Ref[] = cards.flatMap((c): Ref[] => [
    { entity: 'topic', id: c.topic_id },
    { entity: 'subject', id: c.subject_id },
    { entity: 'class', id: c.class_id },
    { entity: 'board', id: c.board_id },
  ]);
  const topicIds = [...new Set(cards.map((c) => c.topic_id))];
  const { records, granted, extras } = await getRecordsAndGrants(
    refs,
    userId,
    cards.map((c) => c.subject_id),
    [],
    [...topicIds.map(keys.quizBank), keys.learnerActivity(userId)],
  );
  const picked = <E extends 'topic' | 'subject' | 'class' | 'board'>(entity: E, ids: string[]) =>
    new Map(
      ids.flatMap((id) => {
        const r = pickOf(records, entity, id);
        return r ? [[id, r] as const] : [];
      }),
    );
  const activity = extras.find((e) => e.sk === keys.learnerActivity(userId).sk);
  return {
    topics: picked('topic', topicIds),
    subjects: picked(
      'subject',
      cards.map((c) => c.subject_id),
    ),
    classes: picked(
      'class',
      cards.map((c) => c.class_id),
    ),
    boards: picked(
      'board',
      cards.map((c) => c.board_id),
    ),
    granted,
    banks: new Map(
      extras.filter((e) => e.sk === 'QUIZ').map((e) => [String(e.topic_id), bankOf(e)]),
    ),
    ...(activity
      ? {
          activity: {
            last_day: String(activity.last_day),
            streak_days: Number(activity.streak_days ?? 0),
          },
        }
      : {}),
  };
}

/**
 * Takes cards that may no longer be reviewed (their topic inactive or gone, their subject no
 * longer open to the learner, their question no longer approved) out of the due index, keeping
 * their state: answering the question again in a quiz schedules it anew.
 */
export async function parkCards(userId: string, questionIds: string[]): Promise<void> {
  await Promise.all(
    questionIds.map((id) =>
      ddb
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.reviewCard(userId, id),
            UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        )
        .catch((err: unknown) => {
          if (!(err instanceof ConditionalCheckFailedException)) throw err;
        }),
    ),
  );
}

/** Why a card was not saved: this attempt already scheduled it, or it changed since it was read. */
export type CardRefusal = 'replayed' | 'changed';

/**
 * Saves a card scheduled by the answer to `attemptId`, if it is still the card `previous` was
 * read as (`reps` unchanged; none yet when undefined) and that attempt has not scheduled it
 * already: a replayed answer never reschedules twice, and two answers at once never lose one.
 */
export async function saveCard(
  userId: string,
  place: CardPlace,
  card: CardState,
  attemptId: string,
  previous: ReviewCard | undefined,
): Promise<ReviewCard | CardRefusal> {
  const item: ReviewCard = { ...card, ...place, last_attempt: attemptId };
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.reviewCard(userId, place.question_id),
          ...keys.reviewDue(userId, card.due, place.question_id),
          type: 'reviewcard',
          ...item,
        },
        ConditionExpression: previous
          ? 'reps = :reps AND last_attempt <> :a'
          : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: previous
          ? { ':reps': previous.reps, ':a': attemptId }
          : undefined,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return item;
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    const old = err.Item ? unmarshall(err.Item as Record<string, AttributeValue>) : undefined;
    return old?.last_attempt === attemptId ? 'replayed' : 'changed';
  }
}

/** A learner's card of one question, if they have one. */
export async function cardOfQuestion(
  userId: string,
  questionId: string,
): Promise<ReviewCard | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.reviewCard(userId, questionId) }),
  );
  return res.Item ? cardOf(res.Item) : undefined;
}

/**
 * Counts `day` (India time) as a day the learner was active: the streak grows by one the day
 * after its last day, starts again at one after a gap, and stays as it is on a day already
 * counted. Usually one write (two when a streak starts again).
 */
export async function recordActivity(userId: string, day: string, yesterday: string) {
  const key = keys.learnerActivity(userId);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET last_day = :today, streak_days = streak_days + :one',
        ConditionExpression: 'last_day = :yesterday',
        ExpressionAttributeValues: { ':today': day, ':yesterday': yesterday, ':one': 1 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return;
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    const old = err.Item ? unmarshall(err.Item as Record<string, AttributeValue>) : undefined;
    if (typeof old?.last_day === 'string' && old.last_day >= day) return;
  }
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, type: 'activity', last_day: day, streak_days: 1 },
        // Another answer of the same moment may have counted the day already.
        ConditionExpression: 'attribute_not_exists(last_day) OR last_day < :yesterday',
        ExpressionAttributeValues: { ':yesterday': yesterday },
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}
