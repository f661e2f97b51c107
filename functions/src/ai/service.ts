import type OpenAI from 'openai';
import {
  AI_LIMITS,
  GROUNDED_REPLY_FORMAT,
  type AiConversationQuery,
  type AskAiInput,
} from '@gia/shared';
import { conversation } from '../db/ai.ts';
import { env } from '../lib/env.ts';
import { checkReply } from './citations.ts';
import { keepExchange, shownConversation, withUrls } from './conversation.ts';
import { countQuestion } from './limits.ts';
import { promptMessages } from './prompt.ts';
import { modelReply, openai } from './provider.ts';
import { scope } from './scope.ts';

/**
 * Whether the AI teacher can answer at all (a key is configured), so that a client offers it only
 * then (`getAiStatus`). It says nothing else about the configuration: not the key, not the URL.
 */
export const aiStatus = () => ({ available: Boolean(env().OPENAI_API_KEY) });

/** A question (the mode defaults to `answer`, as the request schema's does). */
export type AskRequest = Omit<AskAiInput, 'mode'> & { mode?: AskAiInput['mode'] };

/**
 * Asks the AI teacher. The request carries only the new question: the earlier turns are the
 * server's (kept per learner and scope), so a learner can never put words in the teacher's
 * mouth. Questions are counted per learner (sliding hour) and against the daily budget. For a
 * topic, the question's best passages go to the model as data, the model answers in the
 * grounded_reply structure, and only citations whose quote is really in the cited passage are
 * kept; an answer without one is treated as not covered (the fixed "not covered" reply). An
 * off-topic answer becomes the fixed refusal.
 */
export async function askTeacher(userId: string, input: AskRequest) {
  const ai = openai();
  const mode = input.mode ?? 'answer';
  // The scope is checked before the question is counted: a 403 or 404 uses up no quota.
  const material = await scope(userId, input);
  await countQuestion(userId);
  const where = { topic_id: input.topic_id, class_id: input.class_id };
  const earlier = await conversation(userId, where);
  const content = await modelReply(
    ai,
    {
      messages: promptMessages(material, mode, earlier, input.messages),
      response_format: GROUNDED_REPLY_FORMAT as unknown as OpenAI.ResponseFormatJSONSchema,
      max_completion_tokens: AI_LIMITS.maxOutputTokens,
    },
    'AI provider failed',
  );
  const { answer, refused, covered, citations } = checkReply(content, material);
  await keepExchange(
    userId,
    where,
    { content: input.messages, mode },
    { answer, covered, citations },
  );
  return { reply: answer, refused, covered, citations: await withUrls(citations) };
}

/**
 * The learner's kept conversation in a scope, oldest turn first (`getAiConversation`): teacher
 * turns with their citations (notes urls signed afresh) and whether the notes covered them.
 */
export const aiConversation = (userId: string, query: AiConversationQuery) =>
  shownConversation(userId, { topic_id: query.topic_id, class_id: query.class_id });
