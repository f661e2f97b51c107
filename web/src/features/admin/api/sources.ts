import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BASES } from '@gia/shared/routes.ts';
import { api } from '../../../lib/api-client.ts';

/** A page of a topic's notes as the AI teacher reads it: the corrected text where there is one. */
export interface SourcePage {
  page: number;
  text: string;
  corrected: boolean;
}

/** `getTopicSources` (docs/api.md §8): what the AI teacher answers a topic from. */
export interface TopicSources {
  topic_id: string;
  notes: {
    status: 'none' | 'processing' | 'ready' | 'failed';
    error?: string;
    pages: SourcePage[];
  };
  captions: { language: string; cues: unknown[] }[];
  description: string;
}

// The sources routes belong to the ai-admin group (issue 16, built beside this screen): their
// paths as the contract names them, under the admin base of the route table.
const SOURCES_PATH = `${BASES.admin}/data/getTopicSources`;
const UPDATE_PATH = `${BASES.admin}/data/updateTopicSources`;

export const sourcesKeys = {
  topic: (topicId: string) => ['admin-topic-sources', topicId] as const,
};

/** A topic's sources, once a topic is chosen. */
export const useTopicSources = (topicId: string) =>
  useQuery({
    queryKey: sourcesKeys.topic(topicId),
    enabled: Boolean(topicId),
    queryFn: async () =>
      (
        await api<{ data: TopicSources }>(
          'GET',
          `${SOURCES_PATH}?${new URLSearchParams({ topic_id: topicId })}`,
        )
      ).data,
  });

/**
 * Corrects pages of a topic's notes (an empty text restores the extracted one); the answer is the
 * topic's sources as they now are.
 */
export function useUpdateTopicSources(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pages: { page: number; text: string }[]) =>
      api<{ message: string; data: TopicSources }>('POST', UPDATE_PATH, {
        body: { topic_id: topicId, pages },
      }),
    onSuccess: (res) => queryClient.setQueryData(sourcesKeys.topic(topicId), res.data),
  });
}
