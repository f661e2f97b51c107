import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewsAnswer } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';
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
    queryFn: () => api<ReviewsAnswer>('GET', apiPath('reviews.get', {}, { topic_id: topicId })),
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
    mutationFn: ({ id, ...review }: ReviewDraft) =>
      id
        ? api<{ message: string }>('POST', apiPath('reviews.update'), { body: { id, ...review } })
        : api<{ message: string }>('POST', apiPath('reviews.insert'), {
            body: { topic_id: topicId, ...review },
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.topic(topicId) }),
  });
}

/** Deletes the learner's review. */
export function useDeleteReview(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>('DELETE', apiPath('reviews.delete', { id })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.topic(topicId) }),
  });
}
