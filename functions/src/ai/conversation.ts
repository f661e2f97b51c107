import { AI_LIMITS, type AiAnswerMode, type AiCitation, type AskAiInput } from '@gia/shared';
import { appendTurns, conversation, type ConversationScope } from '../db/ai.ts';
import { logger } from '../lib/logger.ts';
import { signedMediaUrl } from '../lib/media.ts';
import type { CheckedReply, StoredCitation } from './citations.ts';

/** Citations as the learner gets them: a notes one with its signed url opening at its page. */
export async function withUrls(citations: StoredCitation[] | undefined): Promise<AiCitation[]> {
  return Promise.all(
    (citations ?? []).map(async ({ notes_url, url: _, ...c }) => {
      const signed = c.source === 'notes' && notes_url ? await signedMediaUrl(notes_url) : null;
      return signed ? { ...c, url: `${signed}#page=${c.page ?? 1}` } : c;
    }),
  );
}

/**
 * Keeps a question and the teacher's answer in the learner's conversation (the last few turns,
 * each cut short), the answer with who wrote it (`model` or `notes`). The answer is already paid for: a failure to keep it is logged, never thrown.
 */
export async function keepExchange(
  userId: string,
  where: ConversationScope,
  question: { content: string; mode: AskAiInput['mode'] },
  reply: Omit<CheckedReply, 'refused'> & { mode: AiAnswerMode },
): Promise<void> {
  const at = new Date().toISOString();
  await appendTurns(
    userId,
    where,
    [
      {
        role: 'learner',
        content: question.content,
        at,
        ...(question.mode === 'hint' ? { mode: question.mode } : {}),
      },
      {
        role: 'teacher',
        content: reply.answer.slice(0, AI_LIMITS.storedTurnChars),
        at,
        mode: reply.mode,
        covered: reply.covered,
        citations: reply.citations,
      },
    ],
    AI_LIMITS.storedTurns,
  ).catch((err: unknown) => logger.warn('AI conversation not kept', { error: err as Error }));
}

/**
 * The learner's kept conversation in a scope, oldest turn first: teacher turns with their
 * citations (notes urls signed afresh) and whether the notes covered them.
 */
export async function shownConversation(userId: string, where: ConversationScope) {
  const turns = await conversation(userId, where);
  return Promise.all(
    turns.map(async (t) =>
      t.role === 'teacher' && t.citations ? { ...t, citations: await withUrls(t.citations) } : t,
    ),
  );
}
