import * as z from 'zod/mini';
import { optionalId } from './ids.ts';
import { AI_MODES } from './ai-sources.ts';
import { languageInvalid, UI_LANGUAGES } from './languages.ts';
import { LEARNING_MESSAGES } from './learning-messages.ts';
import { text } from './zod.ts';

// The AI teacher's inputs, apart from learning.ts so the functions that validate reviews, Q&A
// and progress do not bundle them.

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
  mode: z._default(z.enum(AI_MODES, { error: LEARNING_MESSAGES.aiModeInvalid }), 'answer'),
  /** The product's language the learner reads (issue 33): the answer's when the question's script does not say. */
  language: z.optional(z.enum(UI_LANGUAGES, { error: languageInvalid('language') })),
});
export type AskAiInput = z.infer<typeof AskAiInput>;

/** `getAiConversation`: the kept turns of a topic, a class, or the general teacher. */
export const AiConversationQuery = z.object({
  topic_id: optionalId('topic_id is not valid.'),
  class_id: optionalId('class_id is not valid.'),
});
export type AiConversationQuery = z.infer<typeof AiConversationQuery>;
