import * as z from 'zod/mini';
import { optionalId, requiredId } from './ids.ts';
import { preprocess } from './zod.ts';
import { AI_MODES } from './ai-sources.ts';
import { LEARNING_MESSAGES, QNA_LIMITS } from './learning-messages.ts';
import { isStateCode, SELLING_MESSAGES } from './selling-rules.ts';

export * from './learning-messages.ts';

const text = (message: string, max = 2000) =>
  preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: message })
      .check(
        z.minLength(1, { error: message }),
        z.maxLength(max, { error: `At most ${max} characters.` }),
      ),
  );

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
});
export const UpdateReviewInput = z.object({
  id: id('id'),
  rating,
  review_comment: text(LEARNING_MESSAGES.reviewText),
});
export const TopicQuery = z.object({ topic_id: id('topic_id') });

export const InsertQuestionInput = z.object({
  topic_id: id('topic_id'),
  question: text(LEARNING_MESSAGES.questionEmpty),
});
export const UpdateQuestionInput = z
  .object({
    qna_id: id('qna_id'),
    question: z.optional(text(LEARNING_MESSAGES.questionEmpty, QNA_LIMITS.textChars)),
    answer: z.optional(text(LEARNING_MESSAGES.answerEmpty, QNA_LIMITS.textChars)),
  })
  .check(
    z.refine((v) => v.question !== undefined || v.answer !== undefined, {
      error: 'Send a question or an answer.',
    }),
  );
export const AnswerQuestionInput = z.object({
  qna_id: id('qna_id'),
  answer: text(LEARNING_MESSAGES.answerEmpty, QNA_LIMITS.textChars),
});

/** `getqna`: one page of a topic's questions (a smaller page than other lists: answers ride along). */
export const QnaPageQuery = z.object({
  topic_id: id('topic_id'),
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

/** Profile fields with the names the "{field} is required!" messages use. */
export const PROFILE_FIELDS = {
  user_mobile: 'Mobile',
  user_name: 'Name',
  email: 'Email',
  dob: 'Date of birth',
  course_of_study: 'Course of study',
  profile_image: 'Profile image',
} as const;

/** The longest text each profile field takes (the form's `maxLength`s). */
export const PROFILE_LIMITS = {
  user_mobile: 10,
  user_name: 100,
  email: 254,
  course_of_study: 200,
  profile_image: 2000,
} as const;

/** The profile fields a learner must fill in: every one but the photo (issue 14). */
export const REQUIRED_PROFILE_FIELDS = [
  'user_mobile',
  'user_name',
  'email',
  'dob',
  'course_of_study',
] as const satisfies readonly (keyof typeof PROFILE_FIELDS)[];

const required = (field: keyof typeof PROFILE_FIELDS, max = 500) =>
  text(`${PROFILE_FIELDS[field]} is required!`, max);

export const UpdateProfileInput = z.object({
  user_mobile: z.pipe(
    required('user_mobile', 20),
    z.string().check(z.regex(/^\d{10}$/, { error: LEARNING_MESSAGES.profileMobile })),
  ),
  user_name: required('user_name', PROFILE_LIMITS.user_name),
  email: z.pipe(
    required('email', PROFILE_LIMITS.email),
    z.email({ error: 'Please enter a valid email address.' }),
  ),
  /** YYYY-MM-DD; a time part or trailing Z is dropped. */
  dob: z.pipe(
    z.pipe(
      required('dob', 40),
      z.transform((v) => v.replace(/Z$/, '').slice(0, 10)),
    ),
    z.iso.date({ error: 'Please enter a valid date of birth.', abort: true }).check(
      // Beside the other fields' problems, so a form hears of all of them at once.
      z.refine((d) => d <= new Date().toISOString().slice(0, 10), {
        error: LEARNING_MESSAGES.profileDob,
      }),
    ),
  ),
  course_of_study: required('course_of_study', PROFILE_LIMITS.course_of_study),
  /** The learner's state (GST state code, `INDIAN_STATES`): it decides the GST on their invoices. Missing: unchanged. */
  state: z.optional(
    z
      .string({ error: SELLING_MESSAGES.stateUnknown })
      .check(z.refine(isStateCode, { error: SELLING_MESSAGES.stateUnknown })),
  ),
  /** Optional: a profile is saved without a photo (missing or blank means none). */
  profile_image: z._default(
    preprocess(
      (v) => (v === null ? '' : typeof v === 'string' ? v.trim() : v),
      z.string().check(z.maxLength(PROFILE_LIMITS.profile_image)),
    ),
    '',
  ),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The code Cognito e-mailed to a new address, confirming an e-mail change. */
export const VerifyEmailInput = z.object({
  code: z.pipe(
    text(LEARNING_MESSAGES.emailCodeRequired, 20),
    z.string().check(z.regex(/^\d{6}$/, { error: LEARNING_MESSAGES.emailCodeRequired })),
  ),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;

export const AI_LIMITS = {
  maxPromptChars: 2000,
  maxOutputTokens: 600,
  /** Per learner, in any sliding hour. */
  questionsPerHour: 30,
  /** Turns kept per learner and topic (or class) on the server. */
  storedTurns: 8,
  storedTurnChars: 4000,
  /** Of those, the last few go to the model, each cut short. */
  historyTurnsSent: 4,
  historyTurnChars: 1000,
  /** Retries of a failed provider call (each attempt bounded by OPENAI_TIMEOUT_MS). */
  providerRetries: 1,
} as const;

/**
 * The request carries only the new question and its scope: the earlier turns are the server's,
 * and a `history` sent by a client is dropped (a learner cannot supply the teacher's turns).
 */
export const AskAiInput = z.object({
  messages: text(LEARNING_MESSAGES.aiBlank, AI_LIMITS.maxPromptChars),
  topic_id: optionalId('topic_id is not valid.'),
  class_id: optionalId('class_id is not valid.'),
  /** `hint`: a guiding question or the next step only (docs/ai-teacher.md); default `answer`. */
  mode: z._default(z.enum(AI_MODES, { error: 'mode must be answer or hint.' }), 'answer'),
});
export type AskAiInput = z.infer<typeof AskAiInput>;

/** `getAiConversation`: the kept turns of a topic, a class, or the general teacher. */
export const AiConversationQuery = z.object({
  topic_id: optionalId('topic_id is not valid.'),
  class_id: optionalId('class_id is not valid.'),
});
export type AiConversationQuery = z.infer<typeof AiConversationQuery>;

export const ChapterQuery = z.object({
  chapter_id: id('chapter_id'),
});

const seconds = z.coerce.number().check(z.minimum(0), z.maximum(24 * 3600));

/** Where the learner is in a topic's video, in seconds. */
export const SaveProgressInput = z.object({
  topic_id: id('topic_id'),
  position_seconds: seconds,
  duration_seconds: z.optional(seconds),
});

/** Watched to the end: within this many seconds of the end (at most 5% of it) counts as finished. */
export const WATCHED_TAIL_SECONDS = 5;
export const watchedToEnd = (position: number, duration: number) =>
  duration > 0 && position >= duration - Math.min(WATCHED_TAIL_SECONDS, duration * 0.05);
