import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export type { SourcePage, TopicSources } from '@gia/shared/admin-answers.ts';

export const sourcesKeys = {
  topic: (topicId: string) => ['admin-topic-sources', topicId] as const,
};

/** A topic's sources, once a topic is chosen. */
export const useTopicSources = (topicId: string) =>
  useQuery({
    queryKey: sourcesKeys.topic(topicId),
    enabled: Boolean(topicId),
    queryFn: async () => (await call('admin.ai.sources', { query: { topic_id: topicId } })).data,
  });

/**
 * Corrects pages of a topic's notes (an empty text restores the extracted one); the answer is the
 * topic's sources as they now are.
 */
export function useUpdateTopicSources(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pages: { page: number; text: string }[]) =>
      call('admin.ai.sources.update', { body: { topic_id: topicId, pages } }),
    onSuccess: (res) => queryClient.setQueryData(sourcesKeys.topic(topicId), res.data),
  });
}
