import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Insights, TopicDropoff } from '@gia/shared/insights.ts';
import { call } from '../../../lib/api-call.ts';

export type { Insights, TopicDropoff };

export const insightsKeys = {
  range: (from: string, to: string) => ['admin-insights', from, to] as const,
  dropoff: (topicId: string) => ['admin-topic-dropoff', topicId] as const,
};

/** `getInsights` for a range of days (India time), once the range is valid. */
export const useInsights = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: insightsKeys.range(from, to),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await call('admin.insights.get', { query: { from, to } })).data,
  });

/** `getTopicDropoff`, once a topic is chosen. */
export const useTopicDropoff = (topicId: string) =>
  useQuery({
    queryKey: insightsKeys.dropoff(topicId),
    enabled: Boolean(topicId),
    queryFn: async () =>
      (await call('admin.insights.dropoff', { query: { topic_id: topicId } })).data,
  });
