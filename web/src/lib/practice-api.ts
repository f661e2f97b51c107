import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { call } from './api-call.ts';
import { enqueue } from './outbox.ts';
import { DEPENDS_ON_PURCHASES } from './purchases-api.ts';
import { chapterHints, topicHints } from './topic-hints.ts';

/** Query keys of practice (issue 17). */
export const practiceKeys = {
  videoQuestions: (topicId: string) => ['practice', 'video', topicId] as const,
  mastery: (subjectId: string) => ['practice', 'mastery', subjectId] as const,
  lessonCheck: (topicId: string) => ['practice', 'lesson-check', topicId] as const,
  reviewSummary: ['practice', 'review', 'summary'] as const,
  reviewQueue: ['practice', 'review', 'queue'] as const,
};

/** Questions in the check a lesson offers when it ends (issue 31): 3–5, all when fewer. */
export const LESSON_CHECK_SIZE = 5;

/** What a quiz is drawn from: one topic, or every topic of a chapter the learner may open. */
export type QuizScope = ({ topic_id: string } | { chapter_id: string }) & { count?: number };

/** Starts a quiz: a new attempt with its questions, never their answers. */
export const useStartQuiz = () =>
  useMutation({
    mutationFn: async (scope: QuizScope) => {
      // A topic quiz sends the topic's ancestor ids the lesson gave, a chapter test those and the
      // chapter's topics: the server reads one less.
      const query =
        'topic_id' in scope
          ? { ...topicHints(scope.topic_id), ...scope }
          : { ...chapterHints(scope.chapter_id), ...scope };
      return (await call('practice.getQuiz', { query })).data;
    },
  });

/** One answer, graded by the server; the last answer of an attempt carries the score. */
export function useAnswerQuestion(subjectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Through the outbox (issue 32): kept on the device first, sent once, counted once.
    networkMode: 'always',
    mutationFn: async (body: { attempt_id?: string; question_id: string; answer: unknown }) =>
      (await (await enqueue('practice.answerQuiz', body)).sent).data,
    onSuccess: (graded, body) => {
      // A finished quiz may be a new best score: mastery is out of date.
      if (graded.score && subjectId) {
        void queryClient.invalidateQueries({ queryKey: practiceKeys.mastery(subjectId) });
      }
      if (graded.score) void queryClient.invalidateQueries({ queryKey: ['course-progress'] });
      // A counted answer schedules its question's review and counts toward the streak.
      if (body.attempt_id) {
        void queryClient.invalidateQueries({ queryKey: practiceKeys.reviewSummary });
      }
    },
  });
}

/**
 * The check a lesson offers at its end: a topic quiz of `LESSON_CHECK_SIZE` questions, issued
 * once per lesson visit (loading a quiz issues an attempt, so it is never refetched by itself),
 * or `null` when the topic has no approved questions (the end then offers the next lesson).
 */
export const useLessonCheck = (topicId: string, enabled: boolean) =>
  useQuery({
    queryKey: practiceKeys.lessonCheck(topicId),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async () => {
      try {
        return (
          await call('practice.getQuiz', {
            query: { ...topicHints(topicId), topic_id: topicId, count: LESSON_CHECK_SIZE },
          })
        ).data;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

/** The approved questions pinned to a topic's video (none for a topic the learner may not open). */
export const useVideoQuestions = (topicId: string, enabled: boolean) =>
  useQuery({
    queryKey: practiceKeys.videoQuestions(topicId),
    enabled,
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () =>
      (await call('practice.getVideoQuestions', { query: { topic_id: topicId } })).data.questions,
  });

/** Of a subject's topics, how many the learner has mastered (best quiz score ≥ 80%). */
export const useMastery = (subjectId: string, enabled = true) =>
  useQuery({
    queryKey: practiceKeys.mastery(subjectId),
    enabled: enabled && Boolean(subjectId),
    queryFn: async () =>
      (await call('practice.getMastery', { query: { subject_id: subjectId } })).data,
  });

/** How many questions are due for spaced review now, and the learner's streak (issue 31). */
export const useReviewSummary = (enabled = true) =>
  useQuery({
    queryKey: practiceKeys.reviewSummary,
    enabled,
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () => (await call('practice.getReviewSummary')).data,
  });

/**
 * The questions due for review, with the review attempt issued for them. Read once per visit of
 * the review screen: a refetch would issue a new attempt under the learner's answers.
 */
export const useReviewQueue = () =>
  useQuery({
    queryKey: practiceKeys.reviewQueue,
    queryFn: async () => (await call('practice.getReviewQueue')).data,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
