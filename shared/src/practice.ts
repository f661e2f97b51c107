import * as z from 'zod/mini';
import { requiredId } from './ids.ts';
import { preprocess } from './zod.ts';
import {
  CLOCK_ADVANCE_MAX_DAYS,
  DIFFICULTIES,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  QUESTION_NUMBER,
  QUESTION_STATUSES,
  QUESTION_TYPES,
  type QuestionType,
} from './practice-limits.ts';
import { clientIdField } from './client-writes.ts';

/*
 * Practice (issue 17): a question bank per topic, topic quizzes and chapter tests graded on the
 * server, questions pinned to a video time, and mastery (docs/api.md §9).
 */

export * from './practice-limits.ts';

const M = PRACTICE_MESSAGES;

const id = (name: string) => requiredId(`${name} is required.`, `${name} is not valid.`);

const text = (what: string, max: number) =>
  preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${what} is required.` })
      .check(
        z.minLength(1, { error: `${what} is required.` }),
        z.maxLength(max, { error: `${what}: at most ${max} characters.` }),
      ),
  );

const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds.` })
    .check(
      z.minimum(0, { error: `${what} must be a number of seconds.` }),
      z.maximum(24 * 3600, { error: `${what} must be a number of seconds.` }),
    );

/** Where a question's answer is taught: a page of the topic's notes or a moment of its video. */
export const QuestionSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('notes'),
    page: z
      .number({ error: M.sourcePageInvalid })
      .check(
        z.int({ error: M.sourcePageInvalid }),
        z.minimum(1, { error: M.sourcePageInvalid }),
        z.maximum(10_000, { error: M.sourcePageInvalid }),
      ),
  }),
  z.object({ kind: z.literal('video'), seconds: seconds('source.seconds') }),
]);
export type QuestionSource = z.infer<typeof QuestionSource>;

/** Whether `n` is a number a question stores as written (see {@link QUESTION_NUMBER}). */
export function isQuestionNumber(n: number): boolean {
  if (!Number.isFinite(n) || Math.abs(n) > QUESTION_NUMBER.max) return false;
  // Below 1e-6 and from 1e21 JavaScript writes an exponent; between, plain decimals.
  const written = String(n);
  return !written.includes('e') && (written.split('.')[1]?.length ?? 0) <= QUESTION_NUMBER.decimals;
}

const ANSWER_NUMBER = M.answerNumberInvalid;
const TOLERANCE_NUMBER = M.toleranceInvalid;

/** An option's id is its 1-based position: "1" … "6". */
export const optionIdOf = (index: number) => String(index + 1);

/**
 * A question as an admin writes it. `options` are the choices' texts (single and multiple only);
 * `answer` names options by their 1-based position ("2", or ["1", "3"]), or is a boolean
 * (true_false) or a number (numeric, right within `tolerance`).
 */
const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: `type must be one of ${QUESTION_TYPES.join(', ')}.` }),
  text: text('Question text', PRACTICE_LIMITS.textChars),
  options: z.optional(
    z.array(text('An option', PRACTICE_LIMITS.optionChars), {
      error: M.optionsInvalid,
    }),
  ),
  answer: z.union([z.string(), z.array(z.string()), z.boolean(), z.number()], {
    error: M.answerRequired,
  }),
  tolerance: z.optional(
    z
      .number({ error: TOLERANCE_NUMBER })
      .check(
        z.minimum(0, { error: TOLERANCE_NUMBER }),
        z.refine(isQuestionNumber, { error: TOLERANCE_NUMBER }),
      ),
  ),
  explanation: text('Explanation', PRACTICE_LIMITS.explanationChars),
  difficulty: z._default(
    z.enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` }),
    'medium',
  ),
  image_url: z.optional(
    z.nullable(z.string().check(z.maxLength(2000, { error: M.imageUrlTooLong }))),
  ),
  source: z.optional(z.nullable(QuestionSource)),
  /** The video time the question is pinned to: the player pauses there and asks it. */
  video_seconds: z.optional(z.nullable(seconds('video_seconds'))),
  status: z._default(z.enum(QUESTION_STATUSES, { error: M.statusInvalid }), 'draft'),
};

/** What is wrong with a question's options and answer for its type, or undefined. */
export function questionProblem(q: {
  type: QuestionType;
  options?: string[] | undefined;
  answer: unknown;
  tolerance?: number | undefined;
}): string | undefined {
  const options = q.options ?? [];
  const { optionsMin: min, optionsMax: max } = PRACTICE_LIMITS;
  const isOption = (a: unknown) =>
    typeof a === 'string' && /^\d$/.test(a) && Number(a) >= 1 && Number(a) <= options.length;
  if (q.type === 'single' || q.type === 'multiple') {
    if (options.length < min || options.length > max) {
      return `A ${q.type === 'single' ? 'single' : 'multiple'}-answer question needs ${min} to ${max} options.`;
    }
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      return 'Two options have the same text.';
    }
    if (q.tolerance !== undefined) return 'Only a numeric question has a tolerance.';
    if (q.type === 'single') {
      return isOption(q.answer) ? undefined : 'The answer must be the number of one option.';
    }
    const picks = Array.isArray(q.answer) ? q.answer : [];
    if (!picks.length || !picks.every(isOption) || new Set(picks).size !== picks.length) {
      return 'The answer must list the numbers of one or more options.';
    }
    return undefined;
  }
  if (options.length) return 'Only a choice question has options.';
  if (q.type === 'true_false') {
    if (q.tolerance !== undefined) return 'Only a numeric question has a tolerance.';
    return typeof q.answer === 'boolean' ? undefined : 'The answer must be true or false.';
  }
  if (typeof q.answer !== 'number' || !Number.isFinite(q.answer))
    return 'The answer must be a number.';
  return isQuestionNumber(q.answer) ? undefined : ANSWER_NUMBER;
}

type Checked = Parameters<typeof questionProblem>[0];
const consistent = z.refine<Checked>((q) => questionProblem(q) === undefined, {
  error: (issue) => questionProblem(issue.input as Checked) ?? 'Invalid question.',
});

export const InsertPracticeQuestionInput = z
  .object({ topic_id: id('topic_id'), ...questionFields })
  .check(consistent);
export type InsertPracticeQuestionInput = z.infer<typeof InsertPracticeQuestionInput>;

/** A question as written: its fields without the topic (an import row, an AI draft). */
export const PracticeQuestionFields = z.object(questionFields).check(consistent);
export type PracticeQuestionFields = z.infer<typeof PracticeQuestionFields>;

/**
 * An update: the question's id and the fields that change. A change of type, options or answer
 * is checked against the question's other fields on the server. `position` moves it (0-based).
 */
export const UpdatePracticeQuestionInput = z.object({
  question_id: id('question_id'),
  type: z.optional(questionFields.type),
  text: z.optional(questionFields.text),
  options: questionFields.options,
  answer: z.optional(questionFields.answer),
  tolerance: z.optional(z.nullable(questionFields.tolerance)),
  explanation: z.optional(questionFields.explanation),
  difficulty: z.optional(z.enum(DIFFICULTIES)),
  image_url: questionFields.image_url,
  source: questionFields.source,
  video_seconds: questionFields.video_seconds,
  status: z.optional(z.enum(QUESTION_STATUSES)),
  position: z.optional(
    z
      .number({ error: M.positionInvalid })
      .check(z.int(), z.minimum(0, { error: M.positionInvalid })),
  ),
});
export type UpdatePracticeQuestionInput = z.infer<typeof UpdatePracticeQuestionInput>;

export const ImportQuestionsInput = z.object({
  topic_id: id('topic_id'),
  csv: z
    .string({ error: 'csv is required.' })
    .check(
      z.minLength(1, { error: 'csv is required.' }),
      z.maxLength(PRACTICE_LIMITS.importChars, { error: M.csvTooLarge }),
    ),
});

export const QuestionsQuery = z.object({ topic_id: id('topic_id') });

export const DraftQuestionsInput = z.object({
  topic_id: id('topic_id'),
  count: z._default(
    z
      .number({ error: M.draftCountInvalid })
      .check(
        z.int({ error: M.draftCountInvalid }),
        z.minimum(1, { error: M.draftCountInvalid }),
        z.maximum(PRACTICE_LIMITS.draftMax, { error: M.draftCountInvalid }),
      ),
    5,
  ),
});

/** The columns of the CSV import, in order (the admin screen offers it as a template). */
export const QUESTION_CSV_HEADER = [
  'type',
  'text',
  'option_1',
  'option_2',
  'option_3',
  'option_4',
  'option_5',
  'option_6',
  'answer',
  'tolerance',
  'explanation',
  'difficulty',
  'source_page',
  'source_seconds',
  'video_seconds',
  'status',
] as const;

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
