import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';
import { enqueue } from '../../../lib/outbox.ts';
import { DEPENDS_ON_PURCHASES } from '../../../lib/purchases-api.ts';

/** Query keys of topics' reviews. */
export const reviewKeys = {
  topic: (topicId: string) => ['reviews', topicId] as const,
};

/** A topic's reviews with their summary; the texts only for a learner who may watch it. */
export const useReviews = (topicId: string) =>
  useQuery({
    queryKey: reviewKeys.topic(topicId),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: () => call('reviews.get', { query: { topic_id: topicId } }),
  });

/** The learner's review as the form sends it; with `id` it changes that review. */
export interface ReviewDraft {
  id?: string;
  rating: number;
  review_comment: string;
}

/** Posts the learner's review of a topic, or changes it. */
export function useSaveReview(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A new review goes through the outbox (issue 32): kept on the device first, written once.
    networkMode: 'always',
    mutationFn: async ({ id, ...review }: ReviewDraft) =>
      id
        ? call('reviews.update', { body: { id, ...review } })
        : (await enqueue('reviews.insert', { topic_id: topicId, ...review })).sent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.topic(topicId) }),
  });
}

/** Deletes the learner's review. */
export function useDeleteReview(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('reviews.delete', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.topic(topicId) }),
  });
}
