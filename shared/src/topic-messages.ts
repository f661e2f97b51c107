import { registerMessages } from './message-codes.ts';

/**
 * The texts every function that serves a learner's topic work shares (the lesson, practice, the
 * AI teacher): a topic that is not there, a course not bought, a device-made write's id and time.
 * Part of `LEARNING_MESSAGES` (codes `learning.*`), in a module of their own so that such a
 * function does not bundle the texts of reviews, questions, the profile and the AI teacher.
 */
export const TOPIC_MESSAGES = {
  clientIdInvalid: 'client_id is not valid.',
  clientIdReused: 'This client_id was already used for another kind of write.',
  atInvalid: 'at must be a date and time (ISO 8601) no later than now.',
  topicNotFound: 'Topic not found.',
  notEntitled: "You haven't bought the course !!",
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('learning', TOPIC_MESSAGES);
