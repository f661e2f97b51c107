import * as z from 'zod/mini';
import { requiredId } from './ids.ts';
import { preprocess } from './zod.ts';
import {
  DIFFICULTIES,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  QUESTION_NUMBER,
  QUESTION_STATUSES,
  QUESTION_TYPES,
  type QuestionType,
} from './practice-limits.ts';

/*
 * The question bank's inputs (issue 17): a question as the back office writes, updates, imports
 * or drafts it, and the rule that keeps its options and answer consistent. practice.ts re-exports
 * them; they are a module of their own because a schema is built when its module loads, so the
 * learner's practice function, which only takes quizzes, would otherwise bundle all of them.
 */

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
