import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';

export type { DeskQuestion, QuestionPlace } from '@gia/shared/admin-answers.ts';

/** Query keys of the question desk. */
export const deskKeys = {
  all: () => ['admin-qna'] as const,
  list: (unanswered: boolean) => ['admin-qna', unanswered] as const,
};

/** Learners' questions (unanswered first), optionally only those without an answer. */
export const useDeskQuestions = (unanswered: boolean) =>
  useQuery({
    queryKey: deskKeys.list(unanswered),
    queryFn: async () =>
      (await call('admin.qna.get', { query: { unanswered: unanswered ? 'true' : undefined } }))
        .data,
  });

/** A staff answer to a question. */
export function useAnswerAsStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { qna_id: string; answer: string }) =>
      call('admin.qna.answer', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.all() }),
  });
}
