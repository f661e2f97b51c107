import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_LIMITS, type AiMode, type AiTurn } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { aiStatusKey } from '../../../lib/ai-status.ts';
import { t, useLanguage } from '../../../lib/i18n.ts';

/** What the learner asks for: the answer, or only a hint (a guiding question, the next step). */
export type AskMode = AiMode;

/** What a conversation is about: a topic, a class, or neither (the general teacher). */
export interface AiScope {
  topicId?: string;
  classId?: string;
}

/** The scope as the API's query: the topic wins over the class. */
const scopeQuery = ({ topicId, classId }: AiScope) =>
  topicId ? { topic_id: topicId } : classId ? { class_id: classId } : {};

/** Query keys of the AI teacher's conversations. */
export const aiKeys = {
  conversation: (scope: AiScope) => ['ai-conversation', scopeQuery(scope)] as const,
  status: aiStatusKey,
};

export { useAiStatus } from '../../../lib/ai-status.ts';

/** The turns the server kept of this conversation (the learner sees them again on return). */
export const useAiConversation = (scope: AiScope) =>
  useQuery({
    queryKey: aiKeys.conversation(scope),
    queryFn: async () => (await call('ai.conversation', { query: scopeQuery(scope) })).data,
  });

/**
 * Asks the teacher, for the answer or a hint. The request carries only the new question and the
 * interface's language (the teacher answers in it, or in the question's own language when the
 * learner writes in another: the server's rule); the reply joins the kept conversation here as
 * it does on the server (the last turns only).
 */
export function useAskAi(scope: AiScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ question, mode = 'answer' }: { question: string; mode?: AskMode }) =>
      (
        await call('ai.ask', {
          body: {
            messages: question,
            topic_id: scope.topicId,
            class_id: scope.classId,
            mode,
            language: useLanguage.getState().language,
          },
        })
      ).data,
    onSuccess: (reply, { question, mode }) =>
      queryClient.setQueryData<AiTurn[]>(aiKeys.conversation(scope), (kept = []) =>
        [
          ...kept,
          { role: 'learner' as const, content: question, ...(mode === 'hint' ? { mode } : {}) },
          {
            role: 'teacher' as const,
            content: reply.reply || t('ai.empty'),
            mode: reply.mode,
            citations: reply.citations ?? [],
            ...(reply.covered !== undefined ? { covered: reply.covered } : {}),
          },
        ].slice(-AI_LIMITS.storedTurns),
      ),
  });
}

/**
 * "Ask a teacher": posts the question on the topic's Q&A; the server attaches the AI's draft for
 * staff. The topic's questions are read again so the Questions tab shows it.
 */
export function useAskTeacher(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) =>
      call('qna.askTeacher', { body: { topic_id: topicId, question } }),
    // The lesson's Questions tab reads ['qna', topicId] (learning/api/questions.ts): read it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['qna', topicId] }),
  });
}
