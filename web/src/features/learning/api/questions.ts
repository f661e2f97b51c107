import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { QNA_LIMITS } from '@gia/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { call } from '../../../lib/api-call.ts';
import { enqueue } from '../../../lib/outbox.ts';
import { DEPENDS_ON_PURCHASES } from '../../../lib/purchases-api.ts';
import { topicHints } from '../../../lib/topic-hints.ts';

/** Query keys of topics' questions. */
export const questionKeys = {
  topic: (topicId: string) => ['qna', topicId] as const,
};

/** A topic's questions, newest first, a page at a time. */
export const useQuestions = (topicId: string) =>
  useInfiniteQuery({
    queryKey: questionKeys.topic(topicId),
    meta: DEPENDS_ON_PURCHASES,
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      call('qna.get', {
        // The topic's ancestor ids the lesson gave: the server reads one less.
        query: {
          ...topicHints(topicId),
          topic_id: topicId,
          limit: QNA_LIMITS.pageDefault,
          cursor: pageParam,
        },
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // A topic the learner has not bought answers 403: nothing to retry.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });

/** Posts a question about the topic. */
export function usePostQuestion(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Through the outbox (issue 32): kept on the device first, posted once however often sent.
    networkMode: 'always',
    mutationFn: async (question: string) =>
      (await enqueue('qna.insert', { topic_id: topicId, question })).sent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: questionKeys.topic(topicId) }),
  });
}
