import * as z from 'zod/mini';
import { requiredId } from './ids.ts';
import { registerMessages } from './message-codes.ts';

/**
 * The AI teacher's grounding (issue 16): what a topic's sources are (notes pages, caption cues,
 * the description), how they are cut into passages, and what an answer cites.
 */

/** `hint`: a guiding question or the next step only, never the full answer. */
export const AI_MODES = ['answer', 'hint'] as const;
export type AiMode = (typeof AI_MODES)[number];

/**
 * Who wrote an answer: `model`, the AI model from the passages; `notes`, the notes themselves (the
 * best passages quoted, when no key is configured, the daily budget is spent or the provider fails).
 */
export const AI_ANSWER_MODES = ['model', 'notes'] as const;
export type AiAnswerMode = (typeof AI_ANSWER_MODES)[number];

export const AI_SOURCE_LIMITS = {
  /** A passage is cut at about this many words (a sentence is never split unless it is longer). */
  passageMinWords: 60,
  passageMaxWords: 120,
  /** The most passages kept per topic, and their text in total (the item stays far below 400 KB). */
  passagesPerTopic: 300,
  passageCharsPerTopic: 120_000,
  /** Passages of the topic sent with a question, and of the chapter's other topics. */
  topPassages: 5,
  chapterPassages: 3,
  /** Extracted text kept per notes file and per captions file. */
  sourceChars: 200_000,
  pagesPerNotes: 200,
  /** A corrected page's text. */
  correctedPageChars: 20_000,
  /** A quote shorter than this proves nothing and is dropped. */
  quoteMinChars: 8,
  citationsPerAnswer: 4,
} as const;

export const AI_SOURCE_MESSAGES = {
  sourcesLoaded: 'Topic sources loaded.',
  sourcesUpdated: 'Topic sources updated.',
  notCovered: "Your notes for this topic don't cover this question. You can ask a teacher instead.",
  /** The lead-in of a notes-mode answer: the notes' own words follow, quoted. */
  notesLeadIn: 'From your notes:',
  /** A notes-mode refusal: no word of the question is in the notes (off the topic, most likely). */
  notesNothing:
    "Nothing in this topic's notes matches your question. Without the AI teacher only the notes can answer: ask about this topic, or ask a teacher.",
  /** A notes-mode answer outside a lesson: only a topic's notes can answer without the model. */
  notesNeedLesson:
    'The AI teacher is not available right now. Ask in a lesson: its notes can answer there.',
  noNotes: 'This topic has no extracted notes to correct.',
  pageMissing: 'The notes have no such page.',
  pageInvalid: 'page must be a page number of the notes.',
  pagesRequired: 'pages must be a list of {page, text}.',
  pageTooLong: `At most ${AI_SOURCE_LIMITS.correctedPageChars} characters per page.`,
} as const;

export const TopicSourcesQuery = z.object({
  topic_id: requiredId('topic_id is required.', 'topic_id is not valid.'),
});
export type TopicSourcesQuery = z.infer<typeof TopicSourcesQuery>;

export const UpdateTopicSourcesInput = z.object({
  topic_id: requiredId('topic_id is required.', 'topic_id is not valid.'),
  pages: z
    .array(
      z.object({
        page: z
          .number({ error: AI_SOURCE_MESSAGES.pageInvalid })
          .check(
            z.int({ error: AI_SOURCE_MESSAGES.pageInvalid }),
            z.minimum(1, { error: AI_SOURCE_MESSAGES.pageInvalid }),
            z.maximum(AI_SOURCE_LIMITS.pagesPerNotes, { error: AI_SOURCE_MESSAGES.pageInvalid }),
          ),
        text: z.string({ error: AI_SOURCE_MESSAGES.pagesRequired }).check(
          z.maxLength(AI_SOURCE_LIMITS.correctedPageChars, {
            error: AI_SOURCE_MESSAGES.pageTooLong,
          }),
        ),
      }),
      { error: AI_SOURCE_MESSAGES.pagesRequired },
    )
    .check(
      z.minLength(1, { error: AI_SOURCE_MESSAGES.pagesRequired }),
      z.maxLength(AI_SOURCE_LIMITS.pagesPerNotes, { error: AI_SOURCE_MESSAGES.pagesRequired }),
    ),
});
export type UpdateTopicSourcesInput = z.infer<typeof UpdateTopicSourcesInput>;

/**
 * The structured output the AI teacher asks the model for (strict JSON schema): the answer,
 * whether the passages cover it, and the passages it cites with the quoted words.
 */
export const GROUNDED_REPLY_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'grounded_reply',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        on_topic: { type: 'boolean' },
        covered: { type: 'boolean' },
        answer: { type: 'string' },
        citations: {
          type: 'array',
          items: {
            type: 'object',
            properties: { passage_id: { type: 'string' }, quote: { type: 'string' } },
            required: ['passage_id', 'quote'],
            additionalProperties: false,
          },
        },
      },
      required: ['on_topic', 'covered', 'answer', 'citations'],
      additionalProperties: false,
    },
  },
} as const;

/** The model's reply in {@link GROUNDED_REPLY_FORMAT}. */
export interface GroundedReply {
  on_topic: boolean;
  covered: boolean;
  answer: string;
  citations: { passage_id: string; quote: string }[];
}

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('ai_source', AI_SOURCE_MESSAGES, [
  'sourcesLoaded',
  'sourcesUpdated',
  'noNotes',
  'pageMissing',
  'pageInvalid',
  'pagesRequired',
  'pageTooLong',
]);
