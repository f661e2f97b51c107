import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AdminQuestion, AttemptRef } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { getRecordsAndGrants, type Ref } from './catalogue.ts';
import { keys, withoutKeys } from './keys.ts';
import { masteryKey } from './mastery.ts';
import { queryAll } from './query.ts';
import {
  pickOf,
  recordOf,
  type BoardFields,
  type ChapterFields,
  type ClassFields,
  type SubjectFields,
  type TopicFields,
} from './records.ts';
import { tableName } from './table-name.ts';

/**
 * Practice (issue 17). A topic's question bank is ONE item beside the topic (`TOPIC#<id>` /
 * `QUIZ`), its questions in order, so a topic quiz reads it in the same BatchGet as the topic's
 * ancestors and the learner's grant, and a chapter test reads every bank of the chapter with one
 * Query (gsi1 `CHAPTER#<id>#QUIZ`): loading a quiz is two requests. Admin writes replace the item
 * under an optimistic `version` check. An attempt is kept from its first answer
 * (`QUIZATTEMPT#<attempt_id>`), the best topic score per learner beside their other items.
 */

/** A stored question: the admin view without `topic_id` and `position` (the bank gives both). */
export type StoredQuestion = Omit<AdminQuestion, 'topic_id' | 'position'>;

export interface QuestionBank {
  topic_id: string;
  chapter_id: string;
  subject_id: string;
  class_id: string;
  board_id: string;
  questions: StoredQuestion[];
  /** 0 for a bank not stored yet. */
  version: number;
}

/** How long an attempt is kept after its last answer (the table's TTL removes it). */
const ATTEMPT_DAYS = 30;

const bankKey = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'QUIZ' });
const chapterBanks = (chapterId: string) => `CHAPTER#${chapterId}#QUIZ`;

function bankOf(item: Record<string, unknown>): QuestionBank {
  const b = withoutKeys(item) as unknown as QuestionBank;
  return { ...b, questions: b.questions ?? [], version: Number(b.version ?? 0) };
}

/** A topic's bank, or an empty one for the topic (version 0). */
export async function bankOfTopic(topic: TopicFields): Promise<QuestionBank> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: bankKey(topic.topic_id) }),
  );
  return res.Item ? bankOf(res.Item) : emptyBank(topic);
}

export const emptyBank = (topic: TopicFields): QuestionBank => ({
  topic_id: topic.topic_id,
  chapter_id: topic.chapter_id,
  subject_id: topic.subject_id,
  class_id: topic.class_id,
  board_id: topic.board_id,
  questions: [],
  version: 0,
});

/**
 * Stores a bank if nobody changed it since it was read (`bank.version`); false when somebody did.
 * The topic's current ancestors are written with it, so a moved topic's bank follows it.
 */
export async function saveBank(bank: QuestionBank, topic: TopicFields): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...bankKey(topic.topic_id),
          gsi1pk: chapterBanks(topic.chapter_id),
          gsi1sk: topic.topic_id,
          type: 'quizbank',
          topic_id: topic.topic_id,
          chapter_id: topic.chapter_id,
          subject_id: topic.subject_id,
          class_id: topic.class_id,
          board_id: topic.board_id,
          questions: bank.questions,
          version: bank.version + 1,
        },
        ConditionExpression: bank.version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
        ExpressionAttributeValues: bank.version === 0 ? undefined : { ':v': bank.version },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** What deciding on a quiz needs: the records, whether the learner owns the subject, the banks. */
export interface QuizContext {
  topics: TopicFields[];
  chapter?: ChapterFields;
  subject?: SubjectFields;
  class?: ClassFields;
  board?: BoardFields;
  granted: Set<string>;
  banks: QuestionBank[];
}

/**
 * A topic with its subject, class and board, the learner's grant of the subject, and the topic's
 * bank: a GetItem and one BatchGet.
 */
export async function topicQuizContext(userId: string, topicId: string): Promise<QuizContext> {
  const topic = await recordOf('topic', topicId);
  if (!topic) return { topics: [], granted: new Set(), banks: [] };
  const { records, granted, extras } = await getRecordsAndGrants(
    ancestors(topic),
    userId,
    [topic.subject_id],
    [],
    [bankKey(topicId)],
  );
  return {
    topics: [topic],
    subject: pickOf(records, 'subject', topic.subject_id),
    class: pickOf(records, 'class', topic.class_id),
    board: pickOf(records, 'board', topic.board_id),
    granted,
    banks: extras.map(bankOf),
  };
}

const ancestors = (r: { subject_id: string; class_id: string; board_id: string }): Ref[] => [
  { entity: 'subject', id: r.subject_id },
  { entity: 'class', id: r.class_id },
  { entity: 'board', id: r.board_id },
];

/**
 * A chapter's banks (one Query), then in one BatchGet the chapter, the topics they belong to,
 * their subject, class and board and the learner's grant.
 */
export async function chapterQuizContext(userId: string, chapterId: string): Promise<QuizContext> {
  const banks = (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': chapterBanks(chapterId) },
    })
  ).map(bankOf);
  const first = banks[0];
  const refs: Ref[] = [
    { entity: 'chapter', id: chapterId },
    ...banks.map((b): Ref => ({ entity: 'topic', id: b.topic_id })),
    ...(first ? ancestors(first) : []),
  ];
  const { records, granted } = await getRecordsAndGrants(
    refs,
    userId,
    first ? [first.subject_id] : [],
  );
  return {
    chapter: pickOf(records, 'chapter', chapterId),
    topics: banks.flatMap((b) => pickOf(records, 'topic', b.topic_id) ?? []),
    subject: first && pickOf(records, 'subject', first.subject_id),
    class: first && pickOf(records, 'class', first.class_id),
    board: first && pickOf(records, 'board', first.board_id),
    granted,
    banks,
  };
}

/** What is kept of an attempt. */
export interface AttemptState {
  learner_id: string;
  total: number;
  answered: number;
  correct: number;
}

/** Why an answer was not recorded. */
export type AnswerRefusal = 'not-yours' | 'answered' | 'finished';

/**
 * Records one answer to an attempt, creating the attempt with its first answer: one conditional
 * update, so two answers to the same question at once count once, and an attempt stays its
 * learner's. Answers the attempt after this answer, or why it was refused.
 */
export async function recordAnswer(
  attemptId: string,
  ref: AttemptRef,
  userId: string,
  questionId: string,
  correct: boolean,
): Promise<AttemptState | AnswerRefusal> {
  try {
    const res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `QUIZATTEMPT#${attemptId}`, sk: 'QUIZATTEMPT' },
        UpdateExpression:
          'SET learner_id = if_not_exists(learner_id, :me), #type = :type, #scope = :scope, ' +
          'scope_id = :scopeId, #total = :total, correct_count = if_not_exists(correct_count, :zero) + :c, ' +
          '#ttl = :ttl ADD answered :q',
        ConditionExpression:
          '(attribute_not_exists(pk) OR learner_id = :me) AND ' +
          '(attribute_not_exists(answered) OR (NOT contains(answered, :qid) AND size(answered) < :total))',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#scope': 'scope',
          '#total': 'total',
          '#ttl': 'ttl',
        },
        ExpressionAttributeValues: {
          ':me': userId,
          ':type': 'quizattempt',
          ':scope': ref.scope,
          ':scopeId': ref.scope_id,
          ':total': ref.total,
          ':zero': 0,
          ':c': correct ? 1 : 0,
          ':ttl': Math.floor(Date.now() / 1000) + ATTEMPT_DAYS * 86400,
          ':q': new Set([questionId]),
          ':qid': questionId,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const a = res.Attributes ?? {};
    return {
      learner_id: userId,
      total: Number(a.total),
      answered: (a.answered as Set<string> | undefined)?.size ?? 1,
      correct: Number(a.correct_count ?? 0),
    };
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    const old = err.Item as Record<string, { S?: string; SS?: string[] }> | undefined;
    if (old?.learner_id?.S !== userId) return 'not-yours';
    return old?.answered?.SS?.includes(questionId) ? 'answered' : 'finished';
  }
}

/** Keeps a learner's best score of a topic quiz (a lower one changes nothing). */
export async function saveBestScore(
  userId: string,
  topic: { topic_id: string; subject_id: string },
  percent: number,
): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: masteryKey(userId, topic.subject_id, topic.topic_id),
        UpdateExpression:
          'SET #type = :type, topic_id = :t, subject_id = :s, best_percent = :p, updated_at = :now',
        ConditionExpression: 'attribute_not_exists(best_percent) OR best_percent < :p',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'mastery',
          ':t': topic.topic_id,
          ':s': topic.subject_id,
          ':p': percent,
          ':now': new Date().toISOString(),
        },
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}

/**
 * Counts a quiz answer toward its question for the insights (the first answer of an attempt: an
 * attempt takes one answer per question).
 */
export async function countQuizAnswer(
  topicId: string,
  questionId: string,
  correct: boolean,
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.quizStats(topicId),
      UpdateExpression: 'SET #type = :type ADD #n :one, #c :c',
      ExpressionAttributeNames: {
        '#type': 'type',
        '#n': `answered#${questionId}`,
        '#c': `correct#${questionId}`,
      },
      ExpressionAttributeValues: { ':type': 'quizstats', ':one': 1, ':c': correct ? 1 : 0 },
    }),
  );
}
