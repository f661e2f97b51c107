import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradedAnswer, Mastery, Quiz, VideoQuestion } from '@gia/shared/practice-answers.ts';
import { api } from './api-client.ts';
import { apiPath } from './api-paths.ts';
import { DEPENDS_ON_PURCHASES } from './purchases-api.ts';

/** Query keys of practice (issue 17). */
export const practiceKeys = {
  videoQuestions: (topicId: string) => ['practice', 'video', topicId] as const,
  mastery: (subjectId: string) => ['practice', 'mastery', subjectId] as const,
};

/** What a quiz is drawn from: one topic, or every topic of a chapter the learner may open. */
export type QuizScope = { topic_id: string } | { chapter_id: string };

/** Starts a quiz: a new attempt with its questions, never their answers. */
export const useStartQuiz = () =>
  useMutation({
    mutationFn: async (scope: QuizScope) =>
      (await api<{ data: Quiz }>('GET', apiPath('practice.getQuiz', {}, scope))).data,
  });

/** One answer, graded by the server; the last answer of an attempt carries the score. */
export function useAnswerQuestion(subjectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { attempt_id?: string; question_id: string; answer: unknown }) =>
      (await api<{ data: GradedAnswer }>('POST', apiPath('practice.answerQuiz'), { body })).data,
    onSuccess: (graded) => {
      // A finished quiz may be a new best score: mastery is out of date.
      if (graded.score && subjectId) {
        void queryClient.invalidateQueries({ queryKey: practiceKeys.mastery(subjectId) });
      }
      if (graded.score) void queryClient.invalidateQueries({ queryKey: ['course-progress'] });
    },
  });
}

/** The approved questions pinned to a topic's video (none for a topic the learner may not open). */
export const useVideoQuestions = (topicId: string, enabled: boolean) =>
  useQuery({
    queryKey: practiceKeys.videoQuestions(topicId),
    enabled,
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () =>
      (
        await api<{ data: { questions: VideoQuestion[] } }>(
          'GET',
          apiPath('practice.getVideoQuestions', {}, { topic_id: topicId }),
        )
      ).data.questions,
  });

/** Of a subject's topics, how many the learner has mastered (best quiz score ≥ 80%). */
export const useMastery = (subjectId: string, enabled = true) =>
  useQuery({
    queryKey: practiceKeys.mastery(subjectId),
    enabled: enabled && Boolean(subjectId),
    queryFn: async () =>
      (
        await api<{ data: Mastery }>(
          'GET',
          apiPath('practice.getMastery', {}, { subject_id: subjectId }),
        )
      ).data,
  });
