import type OpenAI from 'openai';
import {
  AI_LIMITS,
  GROUNDED_REPLY_FORMAT,
  type AiAnswerMode,
  type AiConversationQuery,
  type AskAiInput,
  type UiLanguage,
} from '@gia/shared';
import { conversation, type ConversationTurn } from '../db/ai.ts';
import { env } from '../lib/env.ts';
import { AppError } from '../lib/errors.ts';
import { checkReply, type CheckedReply } from './citations.ts';
import { keepExchange, shownConversation, withUrls } from './conversation.ts';
import { countQuestion, takeModelBudget } from './limits.ts';
import { notesAnswer } from './notes.ts';
import { fixedRepliesFor } from './fixed-replies.ts';
import { promptMessages } from './prompt.ts';
import { modelReply, openai } from './provider.ts';
import { scope, type Scope } from './scope.ts';

/**
 * How the AI teacher answers now (`getAiStatus`): with the model when a key is configured, else
 * from the notes. Always available (the notes always answer); it says nothing else about the
 * configuration: not the key, not the URL.
 */
export const aiStatus = (): { available: true; mode: AiAnswerMode } => ({
  available: true,
  mode: env().OPENAI_API_KEY ? 'model' : 'notes',
});

/** A question (the mode defaults to `answer`, as the request schema's does). */
export type AskRequest = Omit<AskAiInput, 'mode'> & { mode?: AskAiInput['mode'] };

/**
 * The model's checked answer, or undefined when the model cannot answer: no key, the daily
 * budget spent (or unreadable), or the provider failing or timing out (logged by modelReply).
 */
async function fromModel(
  material: Scope,
  mode: AskAiInput['mode'],
  earlier: ConversationTurn[],
  question: string,
  reads?: UiLanguage,
): Promise<CheckedReply | undefined> {
  if (!env().OPENAI_API_KEY || !(await takeModelBudget())) return undefined;
  try {
    const content = await modelReply(
      openai(),
      {
        messages: promptMessages(material, mode, earlier, question, reads),
        response_format: GROUNDED_REPLY_FORMAT as unknown as OpenAI.ResponseFormatJSONSchema,
        max_completion_tokens: AI_LIMITS.maxOutputTokens,
      },
      'AI provider failed',
    );
    return checkReply(content, material, fixedRepliesFor(question, reads));
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

/**
 * Asks the AI teacher. The request carries only the new question: the earlier turns are the
 * server's (kept per learner and scope), so a learner can never put words in the teacher's
 * mouth. Questions are counted per learner (sliding hour, 429). For a topic, the question's best
 * passages go to the model as data, the model answers in the grounded_reply structure, and only
 * citations whose quote is really in the cited passage are kept; an answer without one is
 * treated as not covered (the fixed "not covered" reply). An off-topic answer becomes the fixed
 * refusal. When the model cannot answer (no key, the daily budget spent, the provider failing),
 * the notes answer: their best passages quoted (`mode: "notes"`, see notes.ts).
 */
export async function askTeacher(userId: string, input: AskRequest) {
  const mode = input.mode ?? 'answer';
  // The scope is checked before the question is counted: a 403 or 404 uses up no quota.
  const material = await scope(userId, input);
  await countQuestion(userId);
  const where = { topic_id: input.topic_id, class_id: input.class_id };
  const earlier = await conversation(userId, where);
  const model = await fromModel(material, mode, earlier, input.messages, input.language);
  const { answer, refused, covered, citations } =
    model ??
    notesAnswer(input.messages, material, mode, fixedRepliesFor(input.messages, input.language));
  const answeredBy: AiAnswerMode = model ? 'model' : 'notes';
  await keepExchange(
    userId,
    where,
    { content: input.messages, mode },
    { answer, covered, citations, mode: answeredBy },
  );
  return {
    reply: answer,
    refused,
    covered,
    citations: await withUrls(citations),
    mode: answeredBy,
  };
}

/**
 * The learner's kept conversation in a scope, oldest turn first (`getAiConversation`): teacher
 * turns with their citations (notes urls signed afresh) and whether the notes covered them.
 */
export const aiConversation = (userId: string, query: AiConversationQuery) =>
  shownConversation(userId, { topic_id: query.topic_id, class_id: query.class_id });
