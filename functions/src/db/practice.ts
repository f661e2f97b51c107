import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AdminQuestion, AttemptRef } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { getRecordsAndGrants, type Ref } from './catalogue.ts';
import * as keys from './item-keys.ts';
import { chapterBanksPartition, withoutKeys } from './keys.ts';
import { outlineKey, outlinesFrom } from './outlines.ts';
import { queryAll } from './query.ts';
import {
  pickOf,
  type BoardFields,
  type ChapterFields,
  type ClassFields,
  type SubjectFields,
  type TopicFields,
} from './records.ts';
import { tableName } from './table-name.ts';
import { topicWithAncestors, type AncestorHints } from './topic-ancestors.ts';
import { cancellationCodes, WriteRefused, type TransactItem } from './transact.ts';

/**
 * Practice (issue 17). A topic's question bank is ONE item beside the topic (`TOPIC#<id>` /
 * `QUIZ`), its questions in order, so a topic quiz reads it in the same BatchGet as the topic's
 * ancestors and the learner's grant, and a chapter test reads every bank of the chapter with one
 * Query (gsi1 `CHAPTER#<id>#QUIZ`): loading a quiz is two requests and the write that issues its
 * attempt. Admin writes replace the item under an optimistic `version` check. An attempt is
 * stored when the quiz is handed out (`QUIZATTEMPT#<attempt_id>`: its learner and the questions
 * asked), so only that learner's answers to those questions count; the best topic score per
 * learner is kept beside their other items.
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

/** How long an attempt is kept after it was issued or last answered (the table's TTL removes it). */
const ATTEMPT_DAYS = 30;
const attemptTtl = () => Math.floor(Date.now() / 1000) + ATTEMPT_DAYS * 86400;

/** A bank as read from the table. */
export function bankOf(item: Record<string, unknown>): QuestionBank {
  const b = withoutKeys(item) as unknown as QuestionBank;
  return { ...b, questions: b.questions ?? [], version: Number(b.version ?? 0) };
}

/** A topic's bank, or an empty one for the topic (version 0). */
export async function bankOfTopic(topic: TopicFields): Promise<QuestionBank> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.quizBank(topic.topic_id) }),
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
          ...keys.quizBank(topic.topic_id),
          ...keys.chapterBanks(topic.chapter_id, topic.topic_id),
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
  /** The learner's review card of the question asked about (`topicQuizContext`), if any. */
  card?: Record<string, unknown>;
}

/**
 * A topic with its subject, class and board, the learner's grant of the subject, and the topic's
 * bank. With the topic's ancestor ids the client sent (`hints`, the lesson read gave them), all
 * of it is one BatchGet; without them, or with wrong ones, the topic's true ancestors are read in
 * a second (see `topicWithAncestors`): the answer is the same. With `questionId`, the learner's
 * review card of that question rides in the first BatchGet (issue 31).
 */
export async function topicQuizContext(
  userId: string,
  topicId: string,
  questionId?: string,
  hints: AncestorHints = {},
): Promise<QuizContext> {
  const cardKey = questionId ? keys.reviewCard(userId, questionId) : undefined;
  const bankKey = keys.quizBank(topicId);
  const {
    topic,
    subject,
    class: cls,
    board,
    granted,
    extras,
  } = await topicWithAncestors(userId, topicId, hints, [bankKey, ...(cardKey ? [cardKey] : [])]);
  if (!topic) return { topics: [], granted: new Set(), banks: [] };
  const card = cardKey && extras.find((e) => e.pk === cardKey.pk && e.sk === cardKey.sk);
  return {
    topics: [topic],
    subject,
    class: cls,
    board,
    granted,
    banks: extras.filter((e) => e.pk === bankKey.pk && e.sk === bankKey.sk).map(bankOf),
    ...(card ? { card } : {}),
  };
}

const ancestors = (r: { subject_id: string; class_id: string; board_id: string }): Ref[] => [
  { entity: 'subject', id: r.subject_id },
  { entity: 'class', id: r.class_id },
  { entity: 'board', id: r.board_id },
];

/** What the SPA knows of a chapter from its lesson read: its topics and their ancestors. */
export interface ChapterHints extends AncestorHints {
  topic_ids?: string[];
}

/**
 * A chapter test's context. With the hints the lesson read gave the SPA (the chapter's subject,
 * class and board, and its topics), it is one BatchGet: the chapter, those topics and their
 * banks, the ancestors, the learner's grant and the subject's outline (db/outlines.ts). The
 * outline lists the chapter's active topics: when the hint names every one of them, the banks
 * read are all the chapter's that a test can ask; when it does not (a topic added since the
 * lesson was read, a wrong hint, no outline built yet), the chapter's banks are queried as
 * without hints. Either way the decision rests on the records read, so the answer is the same.
 */
export async function chapterQuizContext(
  userId: string,
  chapterId: string,
  hints: ChapterHints = {},
): Promise<QuizContext> {
  return (
    (await hintedChapterContext(userId, chapterId, hints)) ??
    (await queriedChapterContext(userId, chapterId))
  );
}

async function hintedChapterContext(
  userId: string,
  chapterId: string,
  { subject_id, class_id, board_id, topic_ids }: ChapterHints,
): Promise<QuizContext | undefined> {
  if (!subject_id || !class_id || !board_id || !topic_ids?.length) return undefined;
  const named = new Set(topic_ids);
  const { records, granted, extras } = await getRecordsAndGrants(
    [
      { entity: 'chapter', id: chapterId },
      ...[...named].map((id): Ref => ({ entity: 'topic', id })),
      ...ancestors({ subject_id, class_id, board_id }),
    ],
    userId,
    [subject_id],
    [],
    [outlineKey(subject_id), ...[...named].map(keys.quizBank)],
  );
  const chapter = pickOf(records, 'chapter', chapterId) as
    (ChapterFields & { subject_id?: string; class_id?: string; board_id?: string }) | undefined;
  if (!chapter) return { topics: [], granted, banks: [] };
  const active = outlinesFrom(extras).get(subject_id);
  const whole =
    chapter.subject_id === subject_id &&
    chapter.class_id === class_id &&
    chapter.board_id === board_id &&
    active?.every((t) => t.chapter_id !== chapterId || named.has(t.topic_id));
  if (!whole) return undefined;
  const partition = chapterBanksPartition(chapterId);
  const banks = extras.filter((e) => e.sk === 'QUIZ' && e.gsi1pk === partition).map(bankOf);
  return {
    chapter,
    topics: banks.flatMap((b) => pickOf(records, 'topic', b.topic_id) ?? []),
    subject: pickOf(records, 'subject', subject_id),
    class: pickOf(records, 'class', class_id),
    board: pickOf(records, 'board', board_id),
    granted,
    banks,
  };
}

/**
 * A chapter's banks (one Query), then in one BatchGet the chapter, the topics they belong to,
 * their subject, class and board and the learner's grant.
 */
async function queriedChapterContext(userId: string, chapterId: string): Promise<QuizContext> {
  const banks = (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': chapterBanksPartition(chapterId) },
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

/**
 * Issues an attempt: the quiz `ref` names, handed to `userId` with these questions. Only answers
 * to an attempt stored here count (a score, mastery, a question's statistics).
 */
export async function issueAttempt(
  attemptId: string,
  ref: Omit<AttemptRef, 'total'>,
  userId: string,
  questionIds: string[],
): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.quizAttempt(attemptId),
        type: 'quizattempt',
        learner_id: userId,
        scope: ref.scope,
        scope_id: ref.scope_id,
        question_ids: new Set(questionIds),
        total: questionIds.length,
        correct_count: 0,
        issued_at: new Date().toISOString(),
        ttl: attemptTtl(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Why an answer was not recorded: the attempt was not issued to this learner (`not-found`, never
 * told apart from one that does not exist), the question is not one it asked, it was answered.
 */
export type AnswerRefusal = 'not-found' | 'not-in-quiz' | 'answered';

/** The update recording one answer: only the issued learner, only its questions, each once. */
const answerUpdate = (attemptId: string, userId: string, questionId: string, correct: boolean) => ({
  TableName: tableName(),
  Key: keys.quizAttempt(attemptId),
  UpdateExpression: 'SET correct_count = correct_count + :c, #ttl = :ttl ADD answered :q',
  ConditionExpression:
    'attribute_exists(pk) AND learner_id = :me AND contains(question_ids, :qid) AND ' +
    '(attribute_not_exists(answered) OR NOT contains(answered, :qid))',
  ExpressionAttributeNames: { '#ttl': 'ttl' },
  ExpressionAttributeValues: {
    ':me': userId,
    ':c': correct ? 1 : 0,
    ':ttl': attemptTtl(),
    ':q': new Set([questionId]),
    ':qid': questionId,
  },
});

/** Why the answer's condition failed, from the attempt as it was (DynamoDB's attribute shape). */
function refusalOf(item: unknown, userId: string, questionId: string): AnswerRefusal {
  const old = item as Record<string, { S?: string; SS?: string[] }> | undefined;
  if (old?.learner_id?.S !== userId) return 'not-found';
  if (!old.question_ids?.SS?.includes(questionId)) return 'not-in-quiz';
  return 'answered';
}

/** An attempt's state as stored. */
const stateOf = (userId: string, a: Record<string, unknown>): AttemptState => ({
  learner_id: userId,
  total: Number(a.total),
  answered: (a.answered as Set<string> | undefined)?.size ?? 1,
  correct: Number(a.correct_count ?? 0),
});

/**
 * Records one answer to an issued attempt: one conditional update, so only the learner it was
 * issued to answers it, only its questions, each once (two answers at once count once).
 * Answers the attempt after this answer, or why it was refused.
 */
export async function recordAnswer(
  attemptId: string,
  userId: string,
  questionId: string,
  correct: boolean,
): Promise<AttemptState | AnswerRefusal> {
  try {
    const res = await ddb.send(
      new UpdateCommand({
        ...answerUpdate(attemptId, userId, questionId, correct),
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return stateOf(userId, res.Attributes ?? {});
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    return refusalOf(err.Item, userId, questionId);
  }
}

/** How often an answer is tried again while another answer of the same attempt lands. */
const CONFLICT_TRIES = 4;

/**
 * `recordAnswer` for an answer made on the device (issue 32): the device-made id's `guard` is
 * written in the same transaction, so the answer counts once however often it is sent; then the
 * attempt is read back (a transaction returns no item) for the score.
 *
 * @throws WriteRefused `replayed`: the id was used already.
 */
export async function recordAnswerOnce(
  attemptId: string,
  userId: string,
  questionId: string,
  correct: boolean,
  guard: TransactItem,
): Promise<AttemptState | AnswerRefusal> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            guard,
            {
              Update: {
                ...answerUpdate(attemptId, userId, questionId, correct),
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      );
      break;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes[0] === 'ConditionalCheckFailed') throw new WriteRefused('replayed');
      if (codes[1] === 'ConditionalCheckFailed') {
        const reasons = (err as { CancellationReasons?: { Item?: unknown }[] }).CancellationReasons;
        return refusalOf(reasons?.[1]?.Item, userId, questionId);
      }
      // Another answer of the same attempt (a second tab) at the same moment: try again.
      if (!codes.includes('TransactionConflict') || attempt >= CONFLICT_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.quizAttempt(attemptId),
      ConsistentRead: true,
    }),
  );
  return stateOf(userId, res.Item ?? {});
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
        Key: keys.mastery(userId, topic.subject_id, topic.topic_id),
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
