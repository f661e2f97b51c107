import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandoffDraft, PublicQuestion } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** Query keys of the question desk. */
export const deskKeys = {
  all: () => ['admin-qna'] as const,
  list: (unanswered: boolean) => ['admin-qna', unanswered] as const,
};

/** Where a question was asked: the topic and its ancestors, ids and current names. */
export interface QuestionPlace {
  topic_id: string;
  topic_name: string;
  chapter_id: string;
  chapter_name: string;
  sub_subject_id: string;
  sub_subject_name: string;
  subject_id: string;
  subject_name: string;
  class_id: string;
  class_name: string;
  board_id: string;
  board_name: string;
}

/**
 * A question on the desk: with who asked it and where (`null` once its topic is gone); a hand-off
 * from the AI teacher ("Ask a teacher") carries the AI's draft, for staff only.
 */
export type DeskQuestion = PublicQuestion & {
  user_id: string;
  place: QuestionPlace | null;
  handoff?: boolean;
  draft?: HandoffDraft;
};

/** Learners' questions (unanswered first), optionally only those without an answer. */
export const useDeskQuestions = (unanswered: boolean) =>
  useQuery({
    queryKey: deskKeys.list(unanswered),
    queryFn: async () =>
      (
        await api<{ data: DeskQuestion[] }>(
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
