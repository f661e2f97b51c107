import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicQuestion } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** Query keys of the question desk. */
export const deskKeys = {
  all: () => ['admin-qna'] as const,
  list: (unanswered: boolean) => ['admin-qna', unanswered] as const,
};

/** Learners' questions, optionally only those without an answer. */
export const useDeskQuestions = (unanswered: boolean) =>
  useQuery({
    queryKey: deskKeys.list(unanswered),
    queryFn: async () =>
      (
        await api<{ data: PublicQuestion[] }>(
          'GET',
          apiPath('admin.qna.get', {}, { unanswered: unanswered ? 'true' : undefined }),
        )
      ).data,
  });

/** A staff answer to a question. */
export function useAnswerAsStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { qna_id: string; answer: string }) =>
      api<{ message: string }>('POST', apiPath('admin.qna.answer'), { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.all() }),
  });
}
