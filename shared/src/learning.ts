import * as z from 'zod/mini';
import { optionalId, requiredId } from './ids.ts';
import { preprocess } from './zod.ts';
import { AI_MODES } from './ai-sources.ts';

/** Caps of the Q&A: answers per question and per learner, text length, page sizes. */
export const QNA_LIMITS = {
  /** Learners' answers stop here ("answersFull")… */
  answersPerQuestion: 50,
  /** …staff may still add this many beyond it. */
  staffReserve: 5,
  answersPerLearner: 5,
  textChars: 2000,
  pageDefault: 20,
  pageMax: 100,
} as const;

/** Texts of reviews, questions, profile and the AI teacher (docs/api.md §6 and §8). */
export const LEARNING_MESSAGES = {
  reviewsLoaded: 'Reviews loaded successfully.',
  reviewCreated: 'Review created successfully',
  reviewUpdated: 'Review updated successfully',
  reviewDeleted: 'Review deleted successfully',
  reviewRating: 'Please provide a rating',
  reviewText: 'Please provide a review',
  reviewTwice: 'You have already reviewed this topic.',
  reviewNotFound: 'Review not found.',
  reviewNotOwner: 'You can only change your own review.',
  topicNotFound: 'Topic not found.',
  notEntitled: "You haven't bought the course !!",
  questionsLoaded: 'Questions loaded successfully.',
  questionPosted: 'Question posted successfully.',
  questionEmpty: 'Question cannot be empty !!',
  questionUpdated: 'Question updated successfully.',
  answerAdded: 'Answer added successfully.',
  answerEmpty: 'Answer cannot be empty.',
  questionNotFound: 'Question not found.',
  questionNotOwner: 'You can only edit your own question.',
  profileLoaded: 'Profile loaded successfully.',
  profileUpdated: 'Profile Updated Successfully',
  profileMobile: 'Mobile number must be exactly 10 digits.',
  profileDob: 'Date of birth cannot be later than today.',
  profileEmailTaken: 'This email is already used by another account.',
  emailCodeSent:
    'We sent a 6-digit code to your new email address. Enter it to confirm the change.',
  emailCodeRequired: 'Please enter the 6-digit code from the email.',
  emailCodeWrong: 'This code is not correct.',
  emailCodeExpired: 'This code has expired. Save your new email again to get a new code.',
  emailCodeTooMany: 'Too many attempts. Please try again later.',
  emailNothingPending: 'There is no email change to confirm.',
  emailConfirmed: 'Your new email address is confirmed.',
  aiBlank: 'Please provide a valid prompt.',
  aiUnavailable: 'The AI teacher is not available right now.',
  aiFailed: 'The AI teacher could not answer right now. Please try again.',
  aiRefusal: 'I can only help with questions about this class and topic.',
  aiEmpty: 'No response received.',
  aiRateLimited: 'You have asked many questions this hour. Please try again later.',
  aiBudgetSpent:
    'The AI teacher has answered all the questions it can today. Please try again tomorrow.',
  aiSlow: 'The AI teacher is taking too long to answer. Please try again.',
  aiConversationLoaded: 'Conversation loaded.',
  progressSaved: 'Progress saved.',
  reviewBusy: 'Many reviews of this topic changed at once. Please try again.',
  answersFull: `This question already has the most answers it can take (${QNA_LIMITS.answersPerQuestion}).`,
  answersPerLearner: `You can give at most ${QNA_LIMITS.answersPerLearner} answers to one question.`,
  invalidCursor: 'Invalid cursor.',
} as const;

/** The name staff answers are shown under; `is_staff` (set by the server) is what marks them. */
export const STAFF_LABEL = 'GIA School';

/** Names a learner cannot appear under beside answers and reviews: they read as staff. */
const RESERVED_NAME = /\badmin|gia\s*school|\bstaff\b|\bmoderator\b|\bofficial\b/i;

/** Whether a display name would pass for staff ("Admin", "GIA School", "Staff"…). */
export const isReservedName = (name: string) => RESERVED_NAME.test(name.normalize('NFKC'));

/** A learner's name as others see it: a blank or staff-like name shows as "Learner". */
export const shownLearnerName = (name: string | undefined) =>
  !name?.trim() || isReservedName(name) ? 'Learner' : name;

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
