import * as z from 'zod/mini';
import { QuestionSource } from './practice.ts';
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
});
export type GradedAnswer = z.infer<typeof GradedAnswer>;

/** `getMastery`: a subject's topics mastered, and the best quiz score of each topic tried. */
export const Mastery = z.object({
  topics_total: z.number(),
  topics_mastered: z.number(),
  topics: z.array(z.object({ topic_id: z.string(), best_percent: z.number() })),
});
export type Mastery = z.infer<typeof Mastery>;
