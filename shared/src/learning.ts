import * as z from 'zod/mini';
import { requiredId, topicAncestorHints } from './ids.ts';
import { preprocess, text } from './zod.ts';
import { clientIdField, deviceTimeField } from './client-writes.ts';
import { LEARNING_MESSAGES, QNA_LIMITS } from './learning-messages.ts';

export * from './learning-messages.ts';

const id = (name: string) => requiredId(`${name} is required.`, `${name} is not valid.`);

/** A rating of 1 to 5 in half steps. */
const rating = preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: LEARNING_MESSAGES.reviewRating }).check(
    z.minimum(1, { error: LEARNING_MESSAGES.reviewRating }),
    z.maximum(5, { error: LEARNING_MESSAGES.reviewRating }),
    z.refine((n) => Number.isInteger(n * 2), { error: LEARNING_MESSAGES.reviewRating }),
  ),
);

export const InsertReviewInput = z.object({
  topic_id: id('topic_id'),
  rating,
  review_comment: text(LEARNING_MESSAGES.reviewText),
  /** Made on the device: a resend with the same id answers the first review (issue 32). */
  client_id: clientIdField,
});
export const UpdateReviewInput = z.object({
  id: id('id'),
  rating,
  review_comment: text(LEARNING_MESSAGES.reviewText),
});
export const TopicQuery = z.object({ topic_id: id('topic_id') });
/** `getLesson`: the topic, and optionally its chapter (a lesson link names both: one read less). */
export const LessonQuery = z.object({
  topic_id: id('topic_id'),
  chapter_id: z.optional(id('chapter_id')),
});

export const InsertQuestionInput = z.object({
  topic_id: id('topic_id'),
  question: text(LEARNING_MESSAGES.questionEmpty),
  /** Made on the device: a resend with the same id answers the first question (issue 32). */
  client_id: clientIdField,
});
export const UpdateQuestionInput = z
  .object({
    qna_id: id('qna_id'),
    question: z.optional(text(LEARNING_MESSAGES.questionEmpty, QNA_LIMITS.textChars)),
    answer: z.optional(text(LEARNING_MESSAGES.answerEmpty, QNA_LIMITS.textChars)),
  })
  .check(
    z.refine((v) => v.question !== undefined || v.answer !== undefined, {
      error: LEARNING_MESSAGES.qnaNothing,
    }),
  );
export const AnswerQuestionInput = z.object({
  qna_id: id('qna_id'),
  answer: text(LEARNING_MESSAGES.answerEmpty, QNA_LIMITS.textChars),
});

/**
 * `getqna`: one page of a topic's questions (a smaller page than other lists: answers ride along),
 * optionally with the topic's subject, class and board ids (hints: one read less).
 */
export const QnaPageQuery = z.object({
  topic_id: id('topic_id'),
  ...topicAncestorHints,
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(QNA_LIMITS.pageMax)),
    QNA_LIMITS.pageDefault,
  ),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});
export type QnaPageQuery = z.infer<typeof QnaPageQuery>;
export const AdminQuestionsQuery = z.object({
  unanswered: z.pipe(
    z.optional(z.enum(['true', 'false'])),
    z.transform((v) => v === 'true'),
  ),
});

export const ChapterQuery = z.object({
  chapter_id: id('chapter_id'),
});

const seconds = z.coerce.number().check(z.minimum(0), z.maximum(24 * 3600));

/** Where the learner is in a topic's video, in seconds. */
export const SaveProgressInput = z.object({
  topic_id: id('topic_id'),
  position_seconds: seconds,
  duration_seconds: z.optional(seconds),
  /** Made on the device (issue 32); with `at`, a resend writes nothing. */
  client_id: clientIdField,
  /** When the device saved it: an older save never moves a newer position back (issue 32). */
  at: deviceTimeField,
});

/** Watched to the end: within this many seconds of the end (at most 5% of it) counts as finished. */
export const WATCHED_TAIL_SECONDS = 5;
export const watchedToEnd = (position: number, duration: number) =>
  duration > 0 && position >= duration - Math.min(WATCHED_TAIL_SECONDS, duration * 0.05);
