import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_LIMITS, LEARNING_MESSAGES, type AiReply, type AiTurn } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

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
  status: () => ['ai-status'] as const,
};

/**
 * Whether the AI teacher is configured (`getAiStatus`): the app offers it only when it is. Read
 * once per visit; a failed read counts as not available.
 */
export const useAiStatus = () =>
  useQuery({
    queryKey: aiKeys.status(),
    staleTime: Infinity,
    retry: 1,
    queryFn: async () =>
      (await api<{ data: { available: boolean } }>('GET', apiPath('ai.status'))).data.available,
  });

/** The turns the server kept of this conversation (the learner sees them again on return). */
export const useAiConversation = (scope: AiScope) =>
  useQuery({
    queryKey: aiKeys.conversation(scope),
    queryFn: async () =>
      (await api<{ data: AiTurn[] }>('GET', apiPath('ai.conversation', {}, scopeQuery(scope))))
        .data,
  });

/**
 * Asks the teacher. The request carries only the new question; the reply joins the kept
 * conversation here as it does on the server (the last turns only).
 */
export function useAskAi(scope: AiScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (question: string) =>
      (
        await api<{ data: AiReply }>('POST', apiPath('ai.ask'), {
          body: { messages: question, topic_id: scope.topicId, class_id: scope.classId },
        })
      ).data,
    onSuccess: (reply, question) =>
      queryClient.setQueryData<AiTurn[]>(aiKeys.conversation(scope), (kept = []) =>
        [
          ...kept,
          { role: 'learner' as const, content: question },
          { role: 'teacher' as const, content: reply.reply || LEARNING_MESSAGES.aiEmpty },
        ].slice(-AI_LIMITS.storedTurns),
      ),
  });
}
