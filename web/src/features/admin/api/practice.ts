import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion } from '@gia/shared/practice-answers.ts';
import { call } from '../../../lib/api-call.ts';

/** A question as the form writes it (`insertQuestions` / `updateQuestions`, docs/api.md §8b). */
export type QuestionDraft = Omit<
  AdminQuestion,
  'question_id' | 'topic_id' | 'position' | 'options' | 'created_at' | 'updated_at'
> & { options?: string[] };

export const bankKeys = {
  topic: (topicId: string) => ['admin-question-bank', topicId] as const,
};

/** A topic's question bank in order, drafts included. */
export const useQuestionBank = (topicId: string) =>
  useQuery({
    queryKey: bankKeys.topic(topicId),
    enabled: Boolean(topicId),
    queryFn: async () => (await call('admin.practice.get', { query: { topic_id: topicId } })).data,
  });

/** Every change of the bank re-reads it (order and positions come from the server). */
function useBankChange<V, R extends { message: string }>(
  topicId: string,
  send: (v: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankKeys.topic(topicId) }),
  });
}

/** Adds a question, or changes the one named by `question_id` (fields that change, `position`). */
export const useSaveQuestion = (topicId: string) =>
  useBankChange(
    topicId,
    (q: (Partial<QuestionDraft> & { question_id?: string; position?: number }) | QuestionDraft) =>
      'question_id' in q && q.question_id
        ? call('admin.practice.update', { body: q })
        : call('admin.practice.insert', { body: { ...q, topic_id: topicId } }),
  );

export const useDeleteQuestion = (topicId: string) =>
  useBankChange(topicId, (questionId: string) =>
    call('admin.practice.delete', { params: { question_id: questionId } }),
  );

/** Imports a CSV in the template's columns: all its rows, or none with a report per row. */
export const useImportQuestions = (topicId: string) =>
  useBankChange(topicId, (csv: string) =>
    call('admin.practice.import', { body: { topic_id: topicId, csv } }),
  );

/** Asks the AI for `count` draft questions from the topic's notes. */
export const useDraftQuestions = (topicId: string) =>
  useBankChange(topicId, (count: number) =>
    call('admin.practice.draft', { body: { topic_id: topicId, count } }),
  );
