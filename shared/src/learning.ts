import * as z from 'zod/mini';
import { preprocess } from './zod.ts';

/** Texts of reviews, questions, profile and the AI teacher (CONTRACT sections 6 and 8). */
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
  aiBlank: 'Please provide a valid prompt.',
  aiUnavailable: 'The AI teacher is not available right now.',
  aiFailed: 'The AI teacher could not answer right now. Please try again.',
  aiRefusal: 'I can only help with questions about this class and topic.',
  aiEmpty: 'No response received.',
  aiRateLimited: 'You have asked many questions this hour. Please try again later.',
  progressSaved: 'Progress saved.',
} as const;

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

const id = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .check(z.trim(), z.minLength(1, { error: `${name} is required.` }));

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
    question: z.optional(z.string()),
    answer: z.optional(z.string()),
  })
  .check(
    z.refine((v) => v.question !== undefined || v.answer !== undefined, {
      error: 'Send a question or an answer.',
    }),
  );
export const AnswerQuestionInput = z.object({
  qna_id: id('qna_id'),
  answer: text(LEARNING_MESSAGES.answerEmpty),
});
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

const required = (field: keyof typeof PROFILE_FIELDS, max = 500) =>
  text(`${PROFILE_FIELDS[field]} is required!`, max);

export const UpdateProfileInput = z.object({
  user_mobile: z.pipe(
    required('user_mobile', 20),
    z.string().check(z.regex(/^\d{10}$/, { error: LEARNING_MESSAGES.profileMobile })),
  ),
  user_name: required('user_name', 100),
  email: z.pipe(required('email', 254), z.email({ error: 'Please enter a valid email address.' })),
  /** YYYY-MM-DD; a time part or trailing Z is dropped. */
  dob: z.pipe(
    z.pipe(
      required('dob', 40),
      z.transform((v) => v.replace(/Z$/, '').slice(0, 10)),
    ),
    z.iso.date({ error: 'Please enter a valid date of birth.' }),
  ),
  course_of_study: required('course_of_study', 200),
  profile_image: required('profile_image', 2000),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const AI_LIMITS = {
  maxPromptChars: 2000,
  maxHistory: 10,
  maxOutputTokens: 600,
  questionsPerHour: 30,
} as const;

export const AskAiInput = z.object({
  messages: text(LEARNING_MESSAGES.aiBlank, AI_LIMITS.maxPromptChars),
  topic_id: z.optional(z.string().check(z.trim(), z.minLength(1))),
  class_id: z.optional(z.string().check(z.trim(), z.minLength(1))),
  history: z.optional(
    z
      .array(
        z.object({
          role: z.enum(['user', 'assistant']),
          content: z.string().check(z.maxLength(AI_LIMITS.maxPromptChars)),
        }),
      )
      .check(
        z.maxLength(AI_LIMITS.maxHistory, {
          error: `At most ${AI_LIMITS.maxHistory} earlier turns.`,
        }),
      ),
  ),
});
export type AskAiInput = z.infer<typeof AskAiInput>;

/** The structured output the AI teacher asks the model for. */
export const TUTOR_REPLY_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'tutor_reply',
    strict: true,
    schema: {
      type: 'object',
      properties: { on_topic: { type: 'boolean' }, answer: { type: 'string' } },
      required: ['on_topic', 'answer'],
      additionalProperties: false,
    },
  },
} as const;

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
