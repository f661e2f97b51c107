import * as z from 'zod/mini';
import { AI_ANSWER_MODES } from './ai-sources.ts';
import { AiCitation } from './citation.ts';

/*
 * Answers of the learning routes, as the web app reads them (output shapes: the server builds
 * them; the web takes its types from here instead of declaring them again). A module of its own:
 * the web imports only its types and the functions do not import it, so no bundle carries these
 * schemas.
 */

/** A review as learners see it: a name and `mine`, never another learner's id. */
export const PublicReview = z.object({
  id: z.string(),
  user_name: z.string(),
  topic_id: z.string(),
  rating: z.number(),
  review_comment: z.string(),
  created_at: z.string(),
  /** Set by the server: the caller wrote this review. */
  mine: z.boolean(),
});
export type PublicReview = z.infer<typeof PublicReview>;

/** A topic's average rating and number of reviews. */
export const ReviewSummary = z.object({ average_rating: z.number(), review_count: z.number() });
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** `getreviews`: the texts only for a learner who may watch the topic (`entitled`). */
export const ReviewsAnswer = z.object({
  data: z.array(PublicReview),
  summary: ReviewSummary,
  entitled: z.boolean(),
});
export type ReviewsAnswer = z.infer<typeof ReviewsAnswer>;

/** One answer to a question; `is_staff` is set by the server, never from a name. */
export const PublicAnswer = z.object({
  answer: z.string(),
  answered_by: z.string(),
  answered_at: z.optional(z.string()),
  is_staff: z.boolean(),
  /** Published by staff through the admin pool (answerqna): shown as "Verified by a teacher". */
  verified_by_teacher: z.optional(z.boolean()),
  mine: z.optional(z.boolean()),
});
export type PublicAnswer = z.infer<typeof PublicAnswer>;

/** A question of a topic with its answers (the admin desk also gets the asker's `user_id`). */
export const PublicQuestion = z.object({
  qna_id: z.string(),
  user_name: z.string(),
  topic_id: z.optional(z.string()),
  posted_date: z.string(),
  mine: z.optional(z.boolean()),
  user_id: z.optional(z.string()),
  /** Whether staff answered it (one of its answers is `verified_by_teacher`). */
  verified_by_teacher: z.optional(z.boolean()),
  questionanswers: z.array(z.object({ question: z.string(), answers: z.array(PublicAnswer) })),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;

/** `getqna`: one page of a topic's questions. */
export const QuestionPage = z.object({
  data: z.array(PublicQuestion),
  next_cursor: z.nullable(z.string()),
});
export type QuestionPage = z.infer<typeof QuestionPage>;

/** The learner's profile as `getclass_users`, `updateclass_users` and `verifyEmail` answer it. */
export const LearnerProfileAnswer = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_mobile: z.string(),
  email: z.string(),
  dob: z.string(),
  course_of_study: z.string(),
  profile_image: z.string(),
  /** GST state code, or null until the learner gives it (profile or checkout). */
  state: z.nullable(z.string()),
  /** The product's language the learner chose (`en`, `kn`, `hi`), or null until they choose. */
  language: z.nullable(z.string()),
  is_verified: z.boolean(),
  /** A new e-mail waiting for the code sent to it, else null. */
  pending_email: z.nullable(z.string()),
});
export type LearnerProfileAnswer = z.infer<typeof LearnerProfileAnswer>;

/** Where the learner stopped in a topic (`getTopicProgress`, `saveTopicProgress`). */
export const TopicProgress = z.object({
  topic_id: z.string(),
  chapter_id: z.optional(z.string()),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  completed: z.boolean(),
  /** When it was last saved (the latest one is where a chapter resumes). */
  updated_at: z.optional(z.string()),
});
export type TopicProgress = z.infer<typeof TopicProgress>;

/** One turn of the conversation the server keeps per learner and topic (or class). */
export const AiTurn = z.object({
  role: z.enum(['learner', 'teacher']),
  content: z.string(),
  at: z.optional(z.string()),
  /**
   * A learner's turn that asked for a hint: `hint`. A teacher's turn: who wrote it, `model` or
   * `notes` (the notes' own words quoted; turns kept before notes mode have none: `model`).
   */
  mode: z.optional(z.enum(['hint', ...AI_ANSWER_MODES])),
  /** A teacher's turn: whether the topic's notes covered it, and its verified citations. */
  covered: z.optional(z.boolean()),
  citations: z.optional(z.array(AiCitation)),
});
export type AiTurn = z.infer<typeof AiTurn>;

/**
 * `getAiResponse`: the teacher's reply (`refused` when the question left the class or topic;
 * `covered: false` when the topic's passages do not cover it: offer "Ask a teacher"). `mode`:
 * `model` when the AI model answered, `notes` when the reply quotes the notes' own words.
 */
export const AiReply = z.object({
  reply: z.string(),
  refused: z.boolean(),
  covered: z.boolean(),
  citations: z.array(AiCitation),
  mode: z.enum(AI_ANSWER_MODES),
});
export type AiReply = z.infer<typeof AiReply>;

/**
 * `getAiStatus`: how the teacher answers now. `available` is always true (the notes can always
 * answer; kept for older clients); `mode` is `model` when an OpenAI key is configured, else `notes`.
 */
export const AiStatus = z.object({
  available: z.boolean(),
  mode: z.enum(AI_ANSWER_MODES),
});
export type AiStatus = z.infer<typeof AiStatus>;
