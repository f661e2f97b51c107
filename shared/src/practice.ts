import * as z from 'zod/mini';
import { CHAPTER_TOPIC_IDS_MAX } from './id-shape.ts';
import { optionalIdList, requiredId, topicAncestorHints } from './ids.ts';
import {
  CLOCK_ADVANCE_MAX_DAYS,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  type QuestionType,
} from './practice-limits.ts';
import { clientIdField } from './client-writes.ts';

/*
 * Practice (issue 17): a question bank per topic, topic quizzes and chapter tests graded on the
 * server, questions pinned to a video time, and mastery (docs/api.md §9).
 */

export * from './practice-limits.ts';
export * from './practice-bank.ts';

const M = PRACTICE_MESSAGES;

const id = (name: string) => requiredId(`${name} is required.`, `${name} is not valid.`);

/** A topic's questions (the bank in the back office, the video's pinned questions). */
export const QuestionsQuery = z.object({ topic_id: id('topic_id') });

/** At most this many questions (1–10; default 10): the check after a lesson asks 5. */
const quizCount = z.optional(
  z.coerce
    .number({ error: M.countInvalid })
    .check(
      z.int({ error: M.countInvalid }),
      z.minimum(1, { error: M.countInvalid }),
      z.maximum(PRACTICE_LIMITS.quizMax, { error: M.countInvalid }),
    ),
);

export const QuizQuery = z
  .object({
    topic_id: z.optional(id('topic_id')),
    chapter_id: z.optional(id('chapter_id')),
    count: quizCount,
    // Its subject, class and board ids (hints: one read less).
    ...topicAncestorHints,
    // With `chapter_id`: the chapter's topics, as the lesson read gave them (a hint too).
    topic_ids: optionalIdList('topic_ids is not valid.', CHAPTER_TOPIC_IDS_MAX),
  })
  .check(
    z.refine((q) => (q.topic_id === undefined) !== (q.chapter_id === undefined), {
      error: M.scopeRequired,
    }),
  );

/** `getOfflineQuiz` (issue 32): a topic's quiz only; a chapter test stays online only. */
export const TopicQuizQuery = z.object({
  topic_id: id('topic_id'),
  count: quizCount,
  ...topicAncestorHints,
});

export const MasteryQuery = z.object({ subject_id: id('subject_id') });

/**
 * `attempt_id`: `<t|c|r><number of questions>-<topic id, chapter id or "review">-<32 random hex
 * digits>` (`t` a topic quiz, `c` a chapter test, `r` a spaced review, issue 31). Its shape only
 * lets a question of another topic or chapter be refused before any read; what counts is the
 * attempt the server stored when it handed out the quiz (its learner, its questions).
 */
const ATTEMPT_ID = /^([tcr])(\d{1,2})-([0-9A-Za-z_-]{1,64})-([0-9a-f]{32})$/;

export type AttemptScope = 'topic' | 'chapter' | 'review';

export interface AttemptRef {
  scope: AttemptScope;
  total: number;
  /** The topic or chapter; `review` for a review, whose questions come from anywhere. */
  scope_id: string;
}

/** The `scope_id` of every review attempt. */
export const REVIEW_SCOPE_ID = 'review';

const SCOPE_LETTER = { topic: 't', chapter: 'c', review: 'r' } as const satisfies Record<
  AttemptScope,
  string
>;
const SCOPE_OF_LETTER: Record<string, AttemptScope> = { t: 'topic', c: 'chapter', r: 'review' };

export const attemptIdOf = (ref: AttemptRef, random: string) =>
  `${SCOPE_LETTER[ref.scope]}${ref.total}-${ref.scope_id}-${random}`;

/** The quiz an attempt id names, or undefined when it is not one. */
export function parseAttemptId(attemptId: string): AttemptRef | undefined {
  const m = ATTEMPT_ID.exec(attemptId);
  if (!m) return undefined;
  const total = Number(m[2]);
  const max = m[1] === 'r' ? PRACTICE_LIMITS.reviewMax : PRACTICE_LIMITS.quizMax;
  if (total < 1 || total > max) return undefined;
  const scope = SCOPE_OF_LETTER[m[1]!]!;
  if (scope === 'review' && m[3] !== REVIEW_SCOPE_ID) return undefined;
  return { scope, total, scope_id: m[3]! };
}

/** `POST /api/local/clock` (local stack only): how many days to move the clock forward. */
export const ClockInput = z.object({
  advance_days: z
    .number({ error: M.clockAdvanceInvalid })
    .check(
      z.int({ error: M.clockAdvanceInvalid }),
      z.minimum(1, { error: M.clockAdvanceInvalid }),
      z.maximum(CLOCK_ADVANCE_MAX_DAYS, { error: M.clockAdvanceInvalid }),
    ),
});
export type ClockInput = z.infer<typeof ClockInput>;

/**
 * `<topic id>_<ULID>`: a question's id names its topic, so every route finds the one bank item
 * that holds it from the id alone.
 */
export const questionIdOf = (topicId: string, ulid: string) => `${topicId}_${ulid}`;

/** The topic of a question id, or undefined when it is not one. */
export function topicOfQuestion(questionId: string): string | undefined {
  const at = questionId.lastIndexOf('_');
  if (at < 1 || !/^[0-9A-HJKMNP-TV-Z]{26}$/.test(questionId.slice(at + 1))) return undefined;
  return questionId.slice(0, at);
}

export const AnswerQuizInput = z.object({
  /** Omitted for a question inside the video: graded, not scored. */
  attempt_id: z.optional(
    z.string({ error: M.attemptInvalid }).check(
      z.maxLength(120, { error: M.attemptInvalid }),
      z.refine((v) => parseAttemptId(v) !== undefined, { error: M.attemptInvalid }),
    ),
  ),
  question_id: id('question_id'),
  /** Made on the device: a resend with the same id answers the first answer (issue 32). */
  client_id: clientIdField,
  answer: z.union(
    [
      z.string().check(z.maxLength(20)),
      z.array(z.string().check(z.maxLength(20))).check(z.maxLength(PRACTICE_LIMITS.optionsMax)),
      z.boolean(),
      z.number().check(z.refine(Number.isFinite)),
    ],
    { error: M.answerRequired },
  ),
});
export type AnswerQuizInput = z.infer<typeof AnswerQuizInput>;

/** Whether `given` answers a question whose answer is `answer` (numbers within `tolerance`). */
export function isCorrect(
  q: { type: QuestionType; answer: unknown; tolerance?: number },
  given: unknown,
): boolean {
  switch (q.type) {
    case 'single':
      return typeof given === 'string' && given === q.answer;
    case 'multiple': {
      if (!Array.isArray(given) || !Array.isArray(q.answer)) return false;
      const want = new Set(q.answer as string[]);
      const got = new Set(given);
      return got.size === want.size && [...got].every((g) => want.has(g as string));
    }
    case 'true_false':
      return given === q.answer;
    case 'numeric': {
      const n = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
      return (
        typeof n === 'number' &&
        Number.isFinite(n) &&
        Math.abs(n - Number(q.answer)) <= (q.tolerance ?? 0) + 1e-9
      );
    }
  }
}
