import { registerMessages } from './message-codes.ts';
/*
 * Practice's names, limits and texts (issue 17), apart from its schemas (practice.ts), so that a
 * function naming only these (My Courses' mastery mark) does not bundle the schemas.
 */

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'numeric'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const QUESTION_STATUSES = ['draft', 'approved'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const PRACTICE_LIMITS = {
  /** Questions one topic's bank holds (one item of the table: well under its 400 KB). */
  questionsPerTopic: 100,
  /** Rows one CSV import takes. */
  importRows: 100,
  /** Characters of a CSV import. */
  importChars: 200_000,
  optionsMin: 2,
  optionsMax: 6,
  textChars: 600,
  optionChars: 200,
  explanationChars: 1000,
  /** A quiz asks this many questions (all of them when the bank has fewer)… */
  quizMin: 5,
  quizMax: 10,
  /** …and a draft request asks the AI for at most this many. */
  draftMax: 10,
  /** A review hands out at most this many of the questions due (issue 31). */
  reviewMax: 10,
} as const;

/** How far `POST /api/local/clock` moves the local stack's clock at once (days). */
export const CLOCK_ADVANCE_MAX_DAYS = 365;

/** A topic is mastered when the learner's best topic quiz reaches this share (percent). */
export const MASTERY_PERCENT = 80;

/** How many questions a quiz asks of `available` approved questions. */
export const quizSize = (available: number, asked: number = PRACTICE_LIMITS.quizMax) =>
  Math.min(available, asked, PRACTICE_LIMITS.quizMax);

/**
 * The numbers a numeric question stores as its answer and tolerance: at most 10^12 either way,
 * written with at most 6 decimals. Beyond that the table refuses or rounds them (DynamoDB keeps
 * 38 digits and nothing under 1e-130; the SDK refuses anything past 2^53), and no school answer
 * needs more.
 */
export const QUESTION_NUMBER = { max: 1e12, decimals: 6 } as const;

export const PRACTICE_MESSAGES = {
  questionsLoaded: 'Questions loaded successfully.',
  questionCreated: 'Question created successfully.',
  questionUpdated: 'Question updated successfully.',
  questionDeleted: 'Question deleted successfully.',
  questionNotFound: 'Question not found.',
  bankFull: `A topic can hold at most ${PRACTICE_LIMITS.questionsPerTopic} questions.`,
  bankBusy: "This topic's questions changed at the same time. Please try again.",
  imported: 'Questions imported successfully.',
  importFailed: 'Some rows have errors. Nothing was imported.',
  importEmpty: 'The CSV has no question rows.',
  importTooMany: `A CSV can import at most ${PRACTICE_LIMITS.importRows} questions at once.`,
  importHeader: 'The first row must be the header of the template.',
  drafted: 'Draft questions created. Approve them before learners see them.',
  draftNothing: 'The AI could not draft questions from this topic. Please try again.',
  draftNoNotes: 'This topic has no notes or captions to draft questions from.',
  aiOff: 'Drafting questions needs the AI teacher, which is not configured (no OpenAI key).',
  quizLoaded: 'Quiz loaded.',
  offlineQuizLoaded: 'Practice saved for offline.',
  topicNoQuestions: 'This topic has no practice questions yet.',
  chapterNoQuestions: 'This chapter has no practice questions yet.',
  videoQuestionsLoaded: 'Video questions loaded.',
  answerChecked: 'Answer checked.',
  alreadyAnswered: 'This question is already answered.',
  attemptRequired: 'Answer this question in its quiz.',
  attemptNotFound: 'Quiz attempt not found.',
  attemptInvalid: 'attempt_id is not valid.',
  countInvalid: 'count must be a whole number from 1 to 10.',
  notInQuiz: 'This question is not part of this quiz.',
  answerRequired: 'Please choose an answer.',
  masteryLoaded: 'Mastery loaded.',
  subjectNotFound: 'Subject not found.',
  chapterNotFound: 'Chapter not found.',
  reviewLoaded: 'Review loaded.',
  reviewSummaryLoaded: 'Review summary loaded.',
  clockAdvanceInvalid: `advance_days must be a whole number from 1 to ${CLOCK_ADVANCE_MAX_DAYS}.`,
  clockAdvanced: 'The local clock moved forward.',
  sourcePageInvalid: 'source.page must be a page number.',
  optionsInvalid: 'options must be a list of texts.',
  imageUrlTooLong: 'image_url is too long.',
  statusInvalid: 'status must be draft or approved.',
  positionInvalid: 'position must be a whole number of 0 or more.',
  csvTooLarge: 'The CSV is too large.',
  draftCountInvalid: `count must be 1 to ${PRACTICE_LIMITS.draftMax}.`,
  scopeRequired: 'Send topic_id or chapter_id.',
  answerNumberInvalid: `The answer must be a number from -${QUESTION_NUMBER.max} to ${QUESTION_NUMBER.max} with at most ${QUESTION_NUMBER.decimals} decimals.`,
  toleranceInvalid: `tolerance must be a number from 0 to ${QUESTION_NUMBER.max} with at most ${QUESTION_NUMBER.decimals} decimals.`,
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('practice', PRACTICE_MESSAGES, [
  'questionCreated',
  'questionUpdated',
  'questionDeleted',
  'bankFull',
  'bankBusy',
  'imported',
  'importFailed',
  'importEmpty',
  'importTooMany',
  'importHeader',
  'drafted',
  'draftNothing',
  'draftNoNotes',
  'aiOff',
  'clockAdvanceInvalid',
  'clockAdvanced',
  'sourcePageInvalid',
  'optionsInvalid',
  'imageUrlTooLong',
  'statusInvalid',
  'positionInvalid',
  'csvTooLarge',
  'draftCountInvalid',
  'answerNumberInvalid',
  'toleranceInvalid',
]);
