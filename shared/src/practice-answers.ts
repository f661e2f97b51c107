import * as z from 'zod/mini';
import { QuestionSource } from './practice-bank.ts';
import { DIFFICULTIES, QUESTION_STATUSES, QUESTION_TYPES } from './practice-limits.ts';

/*
 * Answers of the practice routes (issue 17, docs/api.md §9). A module of its own, like
 * `learner-answers.ts`: the functions and the web import only its types, so no function bundle
 * carries these schemas (the local gateway parses answers with them in the integration tests).
 */

/** A stored choice. */
export const QuestionOption = z.object({ option_id: z.string(), text: z.string() });
export type QuestionOption = z.infer<typeof QuestionOption>;

/** A question's answer: option ids, true/false or a number, by its type. */
const answerValue = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);

/** A question as admins read it (`getQuestions`), in the bank's order. */
export const AdminQuestion = z.object({
  question_id: z.string(),
  topic_id: z.string(),
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.optional(z.array(QuestionOption)),
  answer: answerValue,
  tolerance: z.optional(z.number()),
  explanation: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  image_url: z.optional(z.nullable(z.string())),
  source: z.optional(z.nullable(QuestionSource)),
  video_seconds: z.optional(z.nullable(z.number())),
  status: z.enum(QUESTION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

/** A question as a learner sees it before answering: never its answer or explanation. */
export const QuizQuestion = z.object({
  question_id: z.string(),
  topic_id: z.string(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.optional(z.array(QuestionOption)),
  image_url: z.optional(z.nullable(z.string())),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

/** A question pinned to a time of the topic's video. */
export const VideoQuestion = z.extend(QuizQuestion, { video_seconds: z.number() });
export type VideoQuestion = z.infer<typeof VideoQuestion>;

/** `getQuiz`: a topic quiz or a chapter test. */
export const Quiz = z.object({
  attempt_id: z.string(),
  scope: z.enum(['topic', 'chapter']),
  questions: z.array(QuizQuestion),
});
export type Quiz = z.infer<typeof Quiz>;

/** `answerQuiz`'s answer. `score` comes with the answer to an attempt's last question. */
export const GradedAnswer = z.object({
  correct: z.boolean(),
  explanation: z.string(),
  correct_answer: answerValue,
  tolerance: z.optional(z.number()),
  source: z.optional(QuestionSource),
  score: z.optional(z.object({ correct: z.number(), total: z.number(), percent: z.number() })),
  /** A counted answer (in a quiz or review): when the question comes up for review (ISO). */
  next_review: z.optional(z.string()),
});
export type GradedAnswer = z.infer<typeof GradedAnswer>;

/**
 * A question of an offline practice pack (`getOfflineQuiz`, issue 32): what grading needs rides
 * with it, so the device grades an answer exactly as `answerQuiz` would.
 */
export const OfflineQuizQuestion = z.extend(QuizQuestion, {
  answer: answerValue,
  tolerance: z.optional(z.number()),
  explanation: z.string(),
  source: z.optional(QuestionSource),
});
export type OfflineQuizQuestion = z.infer<typeof OfflineQuizQuestion>;

/** `getOfflineQuiz`: a topic quiz's attempt, issued as `getQuiz` issues it, with its grading. */
export const OfflineQuiz = z.object({
  attempt_id: z.string(),
  scope: z.literal('topic'),
  topic_id: z.string(),
  questions: z.array(OfflineQuizQuestion),
});
export type OfflineQuiz = z.infer<typeof OfflineQuiz>;

/** `getMastery`: a subject's topics mastered, and the best quiz score of each topic tried. */
export const Mastery = z.object({
  topics_total: z.number(),
  topics_mastered: z.number(),
  topics: z.array(z.object({ topic_id: z.string(), best_percent: z.number() })),
});
export type Mastery = z.infer<typeof Mastery>;

/**
 * A learner's streak (issue 31): consecutive days, in India's time zone, with a finished lesson
 * or a counted quiz or review answer. `days` includes today when `today` is true; a streak whose
 * last active day was yesterday still stands (0 once a whole day is missed).
 */
export const Streak = z.object({ days: z.number(), today: z.boolean() });
export type Streak = z.infer<typeof Streak>;

/** `getReviewSummary`: how many questions are due for review now, and the streak. */
export const ReviewQueueSummary = z.object({ due: z.number(), streak: Streak });
export type ReviewQueueSummary = z.infer<typeof ReviewQueueSummary>;

/**
 * `getReviewQueue`: the questions due for spaced review (at most ten, most overdue first, never
 * their answers), and the review attempt to answer them in (`null` when none is due).
 */
export const ReviewQueue = z.object({
  due: z.number(),
  attempt_id: z.nullable(z.string()),
  questions: z.array(QuizQuestion),
  streak: Streak,
});
export type ReviewQueue = z.infer<typeof ReviewQueue>;

/** `POST /api/local/clock` (local stack only): the local clock's time after the move. */
export const ClockAnswer = z.object({
  message: z.string(),
  data: z.object({ now: z.string(), offset_days: z.number() }),
});
export type ClockAnswer = z.infer<typeof ClockAnswer>;
