import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, tableName, type Page } from './client.ts';
import { withoutKeys } from './keys.ts';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Review {
  id: string;
  user_id: string;
  user_name: string;
  topic_id: string;
  subject_id: string;
  class_id: string;
  rating: number;
  review_comment: string;
  created_at: string;
  updated_at: string;
}

const reviewKey = (topicId: string, userId: string) => ({
  pk: `TOPIC#${topicId}`,
  sk: `REVIEW#${userId}`,
});
const summaryKey = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'REVIEWSUMMARY' });
/** Rating aggregates kept per class and per subject, for the cards elsewhere. */
const ratingKey = (prefix: 'CLASS' | 'SUBJECT', id: string) => ({
  pk: `${prefix}#${id}`,
  sk: 'RATING',
});

/** Adds (or takes away) one review's rating to the topic, subject and class aggregates. */
function aggregates(
  r: Pick<Review, 'topic_id' | 'subject_id' | 'class_id'>,
  sum: number,
  count: number,
): TransactItem[] {
  return [
    summaryKey(r.topic_id),
    ratingKey('SUBJECT', r.subject_id),
    ratingKey('CLASS', r.class_id),
  ]
    .filter((k) => !k.pk.endsWith('#'))
    .map((Key) => ({
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD rating_sum :s, rating_count :c',
        ExpressionAttributeValues: { ':s': sum, ':c': count },
      },
    }));
}

export class ReviewRefused extends Error {
  constructor(readonly reason: 'duplicate' | 'changed' | 'missing') {
    super(reason);
  }
}

async function transact(items: TransactItem[], first: ReviewRefused['reason']) {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if ((err as Error).name !== 'TransactionCanceledException') throw err;
    const codes = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (codes[0]?.Code === 'ConditionalCheckFailed') throw new ReviewRefused(first);
    if (codes.some((c) => c.Code === 'TransactionConflict')) throw new ReviewRefused('changed');
    throw err;
  }
}

/** One review per learner and topic; the aggregates change in the same transaction. */
export async function createReview(review: Review): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...reviewKey(review.topic_id, review.user_id),
            gsi1pk: `REVIEW#${review.id}`,
            gsi1sk: 'REVIEW',
            type: 'review',
            ...review,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...aggregates(review, review.rating, 1),
    ],
    'duplicate',
  );
}

/** Changes a review; the condition on the old rating keeps the aggregates exact under races. */
export async function changeReview(
  old: Review,
  rating: number,
  comment: string,
  now: string,
): Promise<void> {
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: reviewKey(old.topic_id, old.user_id),
          UpdateExpression: 'SET rating = :r, review_comment = :c, updated_at = :now',
          ConditionExpression: 'rating = :old',
          ExpressionAttributeValues: {
            ':r': rating,
            ':c': comment,
            ':now': now,
            ':old': old.rating,
          },
        },
      },
      ...aggregates(old, rating - old.rating, 0),
    ],
    'changed',
  );
}

export async function removeReview(old: Review): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: reviewKey(old.topic_id, old.user_id),
          ConditionExpression: 'rating = :old',
          ExpressionAttributeValues: { ':old': old.rating },
        },
      },
      ...aggregates(old, -old.rating, -1),
    ],
    'changed',
  );
}

export async function reviewById(id: string): Promise<Review | undefined> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `REVIEW#${id}` },
    }),
  );
  const item = res.Items?.[0];
  return item ? (withoutKeys(item) as unknown as Review) : undefined;
}

async function topicPartition(
  topicId: string,
  prefix: string,
  newestFirst: boolean,
): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :p)' : 'pk = :pk',
        ExpressionAttributeValues: prefix
          ? { ':pk': `TOPIC#${topicId}`, ':p': prefix }
          : { ':pk': `TOPIC#${topicId}` },
        ScanIndexForward: !newestFirst,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The reviews of a topic and their summary (one Query: they share the partition). */
export async function topicReviews(topicId: string) {
  const items = await topicPartition(topicId, 'REVIEW', false);
  const summary = items.find((i) => i.sk === 'REVIEWSUMMARY');
  const reviews = items
    .filter((i) => i.type === 'review')
    .map((i) => withoutKeys(i) as unknown as Review);
  const count = Number(summary?.rating_count ?? 0);
  const sum = Number(summary?.rating_sum ?? 0);
  return {
    reviews: reviews.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)),
    summary: {
      average_rating: count > 0 ? Math.round((sum / count) * 10) / 10 : 0,
      review_count: count,
    },
  };
}

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
}

const questionKey = (topicId: string, qnaId: string) => ({
  pk: `TOPIC#${topicId}`,
  sk: `QNA#${qnaId}`,
});
const answeredIndex = (q: Question) => ({
  gsi2pk: q.questionanswers.some((qa) => qa.answers.length) ? 'QNA#ANSWERED' : 'QNA#UNANSWERED',
  gsi2sk: q.qna_id,
});

export async function putQuestion(q: Question): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...questionKey(q.topic_id, q.qna_id),
        gsi1pk: `QNA#${q.qna_id}`,
        gsi1sk: 'QNA',
        ...answeredIndex(q),
        type: 'qna',
        answers_by: {},
        ...q,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

const toQuestion = (item: Item): Question => {
  const { type: _type, ...rest } = withoutKeys(item);
  return rest as unknown as Question;
};

export async function questionById(qnaId: string): Promise<Question | undefined> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `QNA#${qnaId}` },
    }),
  );
  const item = res.Items?.[0];
  return item ? toQuestion(item) : undefined;
}

/** Why an answer was not added. */
export class AnswerRefused extends Error {
  constructor(readonly reason: 'missing' | 'full' | 'author-limit') {
    super(reason);
  }
}

/**
 * Appends an answer atomically (two people answering at once both land), within the caps: the
 * question holds fewer than `maxAnswers`, and the author (when `perAuthor` is given) has given
 * fewer than `perAuthor` answers to it. Both are conditions of the same write, so no race
 * passes them, and the item stays far below DynamoDB's 400 KB (55 answers of at most 2,000
 * characters, 6 KB in UTF-8, is about 340 KB).
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
        Key: questionKey(q.topic_id, q.qna_id),
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
          ':answered': 'QNA#ANSWERED',
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
          Key: questionKey(q.topic_id, q.qna_id),
          UpdateExpression: 'SET answers_by = if_not_exists(answers_by, :empty)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':empty': {} },
        }),
      );
      return appendAnswer(q, answer, caps, true);
    }
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    throw new AnswerRefused(await whyRefused(q, answer.user_id, caps));
  }
}

async function whyRefused(
  q: Question,
  userId: string,
  caps: { maxAnswers: number; perAuthor?: number },
): Promise<AnswerRefused['reason']> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: questionKey(q.topic_id, q.qna_id),
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
      Key: questionKey(q.topic_id, q.qna_id),
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
      start.pk !== `TOPIC#${topicId}` ||
      typeof start.sk !== 'string' ||
      !start.sk.startsWith('QNA#'))
  ) {
    throw new InvalidCursorError();
  }
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `TOPIC#${topicId}`, ':p': 'QNA#' },
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

/** Questions for the admin screen, newest first: all, or only those still unanswered. */
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
    ? await query('QNA#UNANSWERED')
    : [...(await query('QNA#UNANSWERED')), ...(await query('QNA#ANSWERED'))];
  return items.map(toQuestion).sort((a, b) => (a.qna_id < b.qna_id ? 1 : -1));
}

/** Removes everything kept under a topic (reviews, their summary, questions) after its delete. */
export async function removeTopicData(topicId: string): Promise<void> {
  const items = await topicPartition(topicId, '', false);
  for (const r of items.filter((i) => i.type === 'review')) {
    await transact(
      aggregates(withoutKeys(r) as unknown as Review, -Number(r.rating), -1),
      'changed',
    ).catch(() => undefined);
  }
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items
            .slice(i, i + 25)
            .map((it) => ({ DeleteRequest: { Key: { pk: it.pk, sk: it.sk } } })),
        },
      }),
    );
  }
}
