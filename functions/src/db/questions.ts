import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HandoffDraft } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import {
  partitions,
  QUESTIONS_ANSWERED,
  QUESTIONS_UNANSWERED,
  sortKeyPrefixes,
  withoutKeys,
} from './keys.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from './paging.ts';
import { itemOnGsi1 } from './query.ts';
import { tableName } from './table-name.ts';
import { transactWrite, WriteRefused, type TransactItem } from './transact.ts';

type Item = Record<string, unknown>;

/** One answer as stored; `user_id` and `is_staff` are set by the server, never by the client. */
export interface Answer {
  answer: string;
  answered_by: string;
  answered_at: string;
  user_id?: string;
  is_staff?: boolean;
}

export interface Question {
  qna_id: string;
  user_id: string;
  user_name: string;
  topic_id: string;
  posted_date: string;
  questionanswers: { question: string; answers: Answer[] }[];
  /** How many answers each author gave (the per-learner cap is checked against it). */
  answers_by?: Record<string, number>;
  /**
   * A hand-off from the AI teacher ("Ask a teacher"): the AI's last answer to the asker on the
   * topic, with its citations, for staff only (never part of what learners are sent).
   */
  ai_draft?: HandoffDraft;
  /** Set on every question that came from "Ask a teacher", with or without a draft. */
  handoff?: boolean;
}

const answered = (q: Question) => q.questionanswers.some((qa) => qa.answers.length > 0);

/** Stores a new question. */
export async function putQuestion(q: Question, guard?: TransactItem): Promise<void> {
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.question(q.topic_id, q.qna_id),
      ...keys.questionIndex(q.qna_id),
      ...keys.questionState(q.qna_id, answered(q)),
      type: 'qna',
      answers_by: {},
      ...q,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  // With a device-made id (issue 32) its guard is written in the same transaction.
  if (guard) return transactWrite([guard, { Put: put }], ['replayed']);
  await ddb.send(new PutCommand(put));
}

const toQuestion = (item: Item): Question => {
  const { type: _type, ...rest } = withoutKeys(item);
  return rest as unknown as Question;
};

/** A question by its id (one Query of gsi1). */
export async function questionById(qnaId: string): Promise<Question | undefined> {
  const item = await itemOnGsi1(keys.questionIndex(qnaId).gsi1pk);
  return item ? toQuestion(item) : undefined;
}

/**
 * Appends an answer atomically (two people answering at once both land), within the caps: the
 * question holds fewer than `maxAnswers`, and the author (when `perAuthor` is given) has given
 * fewer than `perAuthor` answers to it. Both are conditions of the same write, so no race
 * passes them, and the item stays far below DynamoDB's 400 KB (55 answers of at most 2,000
 * characters, 6 KB in UTF-8, is about 340 KB).
 *
 * @throws WriteRefused `missing`, `full` (the question's cap) or `author-limit` (the author's).
 */
export async function appendAnswer(
  q: Question,
  answer: Answer & { user_id: string },
  caps: { maxAnswers: number; perAuthor?: number },
  legacyChecked = false,
): Promise<void> {
  const perAuthor = caps.perAuthor !== undefined;
  const update = () =>
    ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.question(q.topic_id, q.qna_id),
        UpdateExpression: [
          'SET questionanswers[0].answers = list_append(questionanswers[0].answers, :a), gsi2pk = :answered',
          perAuthor ? 'answers_by.#u = if_not_exists(answers_by.#u, :zero) + :one' : '',
        ]
          .filter(Boolean)
          .join(', '),
        ConditionExpression: [
          'attribute_exists(pk) AND size(questionanswers[0].answers) < :max',
          perAuthor ? '(attribute_not_exists(answers_by.#u) OR answers_by.#u < :per)' : '',
        ]
          .filter(Boolean)
          .join(' AND '),
        ExpressionAttributeNames: perAuthor ? { '#u': answer.user_id } : undefined,
        ExpressionAttributeValues: {
          ':a': [answer],
          ':answered': QUESTIONS_ANSWERED,
          ':max': caps.maxAnswers,
          ...(perAuthor ? { ':zero': 0, ':one': 1, ':per': caps.perAuthor } : {}),
        },
      }),
    );
  try {
    await update();
  } catch (err) {
    if ((err as Error).name === 'ValidationException' && perAuthor && !legacyChecked) {
      // A question stored before the per-author counts existed: give it the map, then retry.
      await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.question(q.topic_id, q.qna_id),
          UpdateExpression: 'SET answers_by = if_not_exists(answers_by, :empty)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':empty': {} },
        }),
      );
      return appendAnswer(q, answer, caps, true);
    }
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    throw new WriteRefused(await whyRefused(q, answer.user_id, caps));
  }
}

async function whyRefused(
  q: Question,
  userId: string,
  caps: { maxAnswers: number; perAuthor?: number },
): Promise<'missing' | 'full' | 'author-limit'> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.question(q.topic_id, q.qna_id),
      ConsistentRead: true,
    }),
  );
  if (!res.Item) return 'missing';
  const stored = toQuestion(res.Item);
  if ((stored.questionanswers[0]?.answers.length ?? 0) >= caps.maxAnswers) return 'full';
  return caps.perAuthor !== undefined && (stored.answers_by?.[userId] ?? 0) >= caps.perAuthor
    ? 'author-limit'
    : 'full';
}

/** Edits the question text (its author only — checked by the caller). */
export async function editQuestion(q: Question, question: string) {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.question(q.topic_id, q.qna_id),
      UpdateExpression: 'SET questionanswers[0].question = :q',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':q': question },
    }),
  );
}

/**
 * One page of a topic's questions, newest first. A page is one Query, so it is never more than
 * DynamoDB's 1 MB however large its questions; the cursor must point into the same topic.
 */
export async function topicQuestions(
  topicId: string,
  limit: number,
  cursor?: string,
): Promise<Page<Question>> {
  const start = decodeCursor(cursor);
  if (
    start &&
    (Object.keys(start).length !== 2 ||
      start.pk !== partitions.topic(topicId) ||
      typeof start.sk !== 'string' ||
      !start.sk.startsWith(sortKeyPrefixes.question))
  ) {
    throw new InvalidCursorError();
  }
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: {
        ':pk': partitions.topic(topicId),
        ':p': sortKeyPrefixes.question,
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return {
    items: (res.Items ?? []).map(toQuestion),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}

/**
 * Questions for the admin screen: those still unanswered (newest first), then, unless only those
 * are asked for, the answered ones (newest first). Two Queries of gsi2, one per state.
 */
export async function questionsForAdmin(unansweredOnly: boolean, limit = 200): Promise<Question[]> {
  const query = async (pk: string) =>
    (
      await ddb.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
          Limit: limit,
        }),
      )
    ).Items ?? [];
  const items = unansweredOnly
    ? await query(QUESTIONS_UNANSWERED)
    : [...(await query(QUESTIONS_UNANSWERED)), ...(await query(QUESTIONS_ANSWERED))];
  return items.map(toQuestion);
}

/** How many questions no one has answered yet (a COUNT Query of gsi2, page by page). */
export async function unansweredQuestionCount(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': QUESTIONS_UNANSWERED },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}
