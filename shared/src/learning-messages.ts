/*
 * The texts and limits of reviews, Q&A, profile and the AI teacher, apart from their schemas
 * (learning.ts), so that a function that only names a message does not bundle the schemas.
 */

import { registerMessages } from './message-codes.ts';
import { PROFILE_MESSAGES } from './profile-messages.ts';
import { TOPIC_MESSAGES } from './topic-messages.ts';

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
  ...TOPIC_MESSAGES,
  reviewNotFound: 'Review not found.',
  reviewNotOwner: 'You can only change your own review.',
  questionsLoaded: 'Questions loaded successfully.',
  questionPosted: 'Question posted successfully.',
  questionEmpty: 'Question cannot be empty !!',
  questionUpdated: 'Question updated successfully.',
  answerAdded: 'Answer added successfully.',
  answerEmpty: 'Answer cannot be empty.',
  qnaNothing: 'Send a question or an answer.',
  questionNotFound: 'Question not found.',
  questionNotOwner: 'You can only edit your own question.',
  ...PROFILE_MESSAGES,
  aiBlank: 'Please provide a valid prompt.',
  aiModeInvalid: 'mode must be answer or hint.',
  aiUnavailable: 'The AI teacher is not available right now.',
  aiFailed: 'The AI teacher could not answer right now. Please try again.',
  aiRefusal: 'I can only help with questions about this class and topic.',
  aiEmpty: 'No response received.',
  aiRateLimited: 'You have asked many questions this hour. Please try again later.',
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

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('learning', LEARNING_MESSAGES);
