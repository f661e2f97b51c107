import { randomUUID } from 'node:crypto';
import {
  attemptIdOf,
  gradedOf,
  TOPIC_MESSAGES,
  MASTERY_PERCENT,
  parseAttemptId,
  PRACTICE_MESSAGES as M,
  quizSize,
  topicOfQuestion,
  type AnswerQuizInput,
  type GradedAnswer,
  type Mastery,
  type OfflineQuiz,
  type Quiz,
  type VideoQuestion,
} from '@gia/shared';
import { completeClientWrite, type ClientWrite } from '../db/client-writes.ts';
import { bestScores } from '../db/mastery.ts';
import {
  chapterQuizContext,
  countQuizAnswer,
  issueAttempt,
  recordAnswer,
  recordAnswerOnce,
  saveBestScore,
  topicQuizContext,
  type QuizContext,
  type StoredQuestion,
  type ChapterHints,
} from '../db/practice.ts';
import { recordOf, topicsOfSubject, type TopicFields } from '../db/records.ts';
import type { AncestorHints } from '../db/topic-ancestors.ts';
import { mayWatchTopic } from '../domain/entitlement/index.ts';
import { onceByClientId, type GuardOf } from '../domain/client-writes/index.ts';
import { markActive } from '../domain/streak/index.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { placeOf, scheduleAnswer } from './review.ts';
import { shown } from './shown.ts';

/** Quizzes, chapter tests, questions inside the video and mastery (docs/api.md §9). */

const isActive = (t: TopicFields | undefined): t is TopicFields => t?.status === 'Active';

/** Whether the learner may open a topic of this context (the one entitlement rule). */
export const mayOpen = (ctx: Omit<QuizContext, 'topics' | 'banks'>, topic: TopicFields) =>
  mayWatchTopic({ topic, subject: ctx.subject, class: ctx.class, board: ctx.board }, ctx.granted);

/** The approved questions of a topic, as its bank in the context holds them. */
const approvedOf = (ctx: QuizContext, topicId: string) =>
  (ctx.banks.find((b) => b.topic_id === topicId)?.questions ?? []).filter(
    (q) => q.status === 'approved',
  );

/** Fisher–Yates on a copy. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A topic the learner may practise, with its context: 404 when there is none, 403 when not theirs.
 * With `questionId`, the context carries the learner's review card of that question; `hints`
 * (the topic's ancestor ids the client sent) only save a read (see `topicQuizContext`).
 */
async function openTopic(
  userId: string,
  topicId: string,
  questionId?: string,
  hints: AncestorHints = {},
) {
  const ctx = await topicQuizContext(userId, topicId, questionId, hints);
  const topic = ctx.topics[0];
  if (!isActive(topic)) throw new NotFoundError(TOPIC_MESSAGES.topicNotFound);
  if (!mayOpen(ctx, topic)) throw new ForbiddenError(TOPIC_MESSAGES.notEntitled);
  return { ctx, topic };
}

/**
 * What a quiz is of: a topic (with, optionally, its ancestor ids the client sent: hints that save
 * a read) or a chapter, and how many questions at most.
 */
type QuizScope = { topic_id?: string; chapter_id?: string; count?: number } & ChapterHints;

/** A question of the pool a quiz draws from, with the topic it belongs to. */
type Pooled = { topicId: string; q: StoredQuestion };

/**
 * `getQuiz`: up to ten (or `count`) approved questions in a new order, without their answers. A topic quiz
 * asks the topic's; a chapter test draws from every topic of the chapter the learner may open.
 * The attempt is issued to the learner with the questions asked: only its answers count.
 */
export async function loadQuiz(userId: string, scope: QuizScope): Promise<Quiz> {
  const { attemptId, ref, picked } = await issueQuiz(userId, scope);
  return {
    attempt_id: attemptId,
    scope: ref.scope,
    questions: picked.map((p) => shown(p.topicId, p.q)),
  };
}

/**
 * `getOfflineQuiz` (issue 32): a topic quiz issued exactly as `getQuiz` issues it (the same
 * entitlement and messages), whose questions carry what grading needs, so the learner's device
 * grades them offline with `gradedOf` and sends the answers later to `answerQuiz`, where they
 * count. Only a topic the learner may open; a chapter test stays online only.
 */
export async function loadOfflineQuiz(
  userId: string,
  scope: QuizScope & { topic_id: string },
): Promise<OfflineQuiz> {
  const { attemptId, picked } = await issueQuiz(userId, scope);
  return {
    attempt_id: attemptId,
    scope: 'topic',
    topic_id: scope.topic_id,
    questions: picked.map(({ topicId, q }) => {
      const source = sourceOf(q);
      return {
        ...shown(topicId, q),
        answer: q.answer,
        ...(q.type === 'numeric' && q.tolerance ? { tolerance: q.tolerance } : {}),
        explanation: q.explanation,
        ...(source ? { source } : {}),
      };
    }),
  };
}

/** Draws a quiz's questions and issues its attempt to the learner. */
async function issueQuiz(userId: string, scope: QuizScope) {
  let pool: Pooled[];
  if (scope.topic_id) {
    const { subject_id, class_id, board_id } = scope;
    const { ctx } = await openTopic(userId, scope.topic_id, undefined, {
      subject_id,
      class_id,
      board_id,
    });
    pool = approvedOf(ctx, scope.topic_id).map((q) => ({ topicId: scope.topic_id!, q }));
    if (!pool.length) throw new NotFoundError(M.topicNoQuestions);
  } else {
    const chapterId = scope.chapter_id!;
    const { subject_id, class_id, board_id, topic_ids } = scope;
    const ctx = await chapterQuizContext(userId, chapterId, {
      subject_id,
      class_id,
      board_id,
      topic_ids,
    });
    if (!ctx.chapter) throw new NotFoundError(M.chapterNotFound);
    const withQuestions = ctx.topics.filter(
      (t) => isActive(t) && t.chapter_id === chapterId && approvedOf(ctx, t.topic_id).length,
    );
    const open = withQuestions.filter((t) => mayOpen(ctx, t));
    if (!open.length) {
      if (withQuestions.length) throw new ForbiddenError(TOPIC_MESSAGES.notEntitled);
      throw new NotFoundError(M.chapterNoQuestions);
    }
    pool = open.flatMap((t) =>
      approvedOf(ctx, t.topic_id).map((q) => ({ topicId: t.topic_id, q })),
    );
  }
  const picked = shuffled(pool).slice(0, quizSize(pool.length, scope.count));
  const ref = scope.topic_id
    ? { scope: 'topic' as const, scope_id: scope.topic_id }
    : { scope: 'chapter' as const, scope_id: scope.chapter_id! };
  const attemptId = attemptIdOf({ ...ref, total: picked.length }, randomUUID().replaceAll('-', ''));
  await issueAttempt(
    attemptId,
    ref,
    userId,
    picked.map((p) => p.q.question_id),
  );
  return { attemptId, ref, picked };
}

/** `getVideoQuestions`: the approved questions pinned to the topic's video, by time. */
export async function videoQuestions(userId: string, topicId: string): Promise<VideoQuestion[]> {
  const { ctx } = await openTopic(userId, topicId);
  const pinned = approvedOf(ctx, topicId).filter(
    (q): q is StoredQuestion & { video_seconds: number } => typeof q.video_seconds === 'number',
  );
  pinned.sort((a, b) => a.video_seconds - b.video_seconds);
  return pinned.map((q) => ({ ...shown(topicId, q), video_seconds: q.video_seconds }));
}

/**
 * Where a question's answer is taught: a notes page (the client opens the topic's notes, whose
 * signed URL the lesson's topic list carries, at that page) or a moment of the video.
 */
const sourceOf = (q: StoredQuestion): GradedAnswer['source'] | undefined => q.source ?? undefined;

/**
 * `answerQuiz`: grades one answer on the server. With an `attempt_id` the answer counts toward
 * that quiz, which must have been issued to this learner by `getQuiz` and have asked this
 * question (once per question; the last answer brings the score, and a topic quiz's score may
 * become the learner's best). Without one, only a question pinned inside the video is graded,
 * and nothing counts: a quiz question's answer is never handed out outside its quiz. With a
 * `client_id` (an answer made on the device, perhaps offline: issue 32) the answer counts once
 * however often it is sent, and every send after the first answers what the first did.
 */
export async function gradeAnswer(userId: string, input: AnswerQuizInput): Promise<GradedAnswer> {
  return onceByClientId(userId, 'practice.answerQuiz', input.client_id, (guard, w) =>
    gradeAndCount(userId, input, guard, w),
  );
}

async function gradeAndCount(
  userId: string,
  input: AnswerQuizInput,
  guard: GuardOf | undefined,
  w: ClientWrite | undefined,
): Promise<GradedAnswer> {
  const topicId = topicOfQuestion(input.question_id);
  if (!topicId) throw new NotFoundError(M.questionNotFound);
  const ref = input.attempt_id ? parseAttemptId(input.attempt_id) : undefined;
  if (ref?.scope === 'topic' && ref.scope_id !== topicId) throw new ValidationError(M.notInQuiz);
  const { ctx, topic } = await openTopic(userId, topicId, ref ? input.question_id : undefined);
  const q = approvedOf(ctx, topicId).find((x) => x.question_id === input.question_id);
  if (!q) throw new NotFoundError(M.questionNotFound);
  if (ref?.scope === 'chapter' && topic.chapter_id !== ref.scope_id) {
    throw new ValidationError(M.notInQuiz);
  }
  if (!ref && typeof q.video_seconds !== 'number') throw new ValidationError(M.attemptRequired);
  const graded = gradedOf(q, input.answer);
  const { correct } = graded;
  // A question inside the video counts nothing: grading it again gives the same answer.
  if (!ref || !input.attempt_id) return graded;

  const state = guard
    ? await recordAnswerOnce(input.attempt_id, userId, q.question_id, correct, guard(graded, true))
    : await recordAnswer(input.attempt_id, userId, q.question_id, correct);
  if (state === 'not-found') throw new NotFoundError(M.attemptNotFound);
  if (state === 'not-in-quiz') throw new ValidationError(M.notInQuiz);
  if (state === 'answered') throw new ConflictError(M.alreadyAnswered);
  const writes: Promise<unknown>[] = [
    // The answer schedules the learner's review of the question (issue 31) and counts today
    // toward their streak.
    scheduleAnswer(userId, placeOf(topic, q.question_id), correct, input.attempt_id, ctx.card).then(
      (card) => {
        if (card) graded.next_review = card.due;
      },
    ),
    markActive(userId),
  ];
  // The insights count the one answer of this question in an issued quiz (a review's second
  // look at a question would skew how hard it is).
  if (ref.scope !== 'review') writes.push(countQuizAnswer(topicId, q.question_id, correct));
  if (state.answered >= state.total) {
    const percent = Math.round((state.correct / state.total) * 100);
    graded.score = { correct: state.correct, total: state.total, percent };
    if (ref.scope === 'topic') writes.push(saveBestScore(userId, topic, percent));
  }
  await Promise.all(writes);
  // A resend of the device-made id gets the score and next review too.
  if (w) await completeClientWrite(w, graded);
  return graded;
}

/** `getMastery`: of a subject's active topics, how many the learner has mastered. */
export async function subjectMastery(userId: string, subjectId: string): Promise<Mastery> {
  const subject = await recordOf('subject', subjectId);
  if (!subject) throw new NotFoundError(M.subjectNotFound);
  const [topics, scores] = await Promise.all([
    topicsOfSubject(subject.class_id, subjectId),
    bestScores(userId, subjectId),
  ]);
  const active = new Set(topics.filter(isActive).map((t) => t.topic_id));
  const rows = scores
    .filter((s) => active.has(s.topic_id))
    .map(({ topic_id, best_percent }) => ({ topic_id, best_percent }));
  return {
    topics_total: active.size,
    topics_mastered: rows.filter((r) => r.best_percent >= MASTERY_PERCENT).length,
    topics: rows,
  };
}
