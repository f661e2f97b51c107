import { onlineManager, useQuery } from '@tanstack/react-query';
import { call } from './api-call.ts';
import { ApiError } from './api-client.ts';
import { takeBootLesson } from './boot.ts';
import { DEPENDS_ON_PURCHASES } from './purchases-api.ts';
import { rememberChapterTopics, rememberTopicAncestors } from './topic-hints.ts';

/** Query keys of the lesson read. */
export const lessonKeys = {
  all: () => ['lesson'] as const,
  lesson: (topicId?: string) => ['lesson', topicId ?? ''] as const,
};

/**
 * The lesson page's one request (`getLesson`): the topic, its chapter with the learner's progress,
 * the access and the video (a catalogue page's preview plays the same, components/lesson-preview.tsx). On the link the page opened with, the boot script's request (made
 * before the bundle, web/src/boot/boot.ts) is adopted instead of asking again. `chapterId`, the
 * topic's chapter where the caller knows it, saves the server a read.
 */
export const useLesson = (topicId?: string, chapterId?: string) =>
  useQuery({
    queryKey: lessonKeys.lesson(topicId),
    enabled: Boolean(topicId),
    // Its video is signed, and `locked` false, only for a learner who may watch it.
    meta: DEPENDS_ON_PURCHASES,
    // Asked even offline: the service worker answers a lesson saved for offline from the phone
    // (issue 32, web/src/sw/saved-packs-routes.ts); a lesson not saved fails, then waits paused.
    networkMode: 'offlineFirst',
    // A refusal is an answer (a saved pack past its 30 days says why): not retried, which
    // offline would only pause it.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    // Offline, a lesson not saved pauses at once (the page says so) rather than after a delay.
    retryDelay: (failures) =>
      onlineManager.isOnline() ? Math.min(1000 * 2 ** failures, 30_000) : 0,
    queryFn: async ({ signal }) => {
      const id = topicId ?? '';
      const sent = await takeBootLesson(id);
      // The chapter only saves the server a read: the answer is the same (the key has no chapter).
      const query = chapterId ? { topic_id: id, chapter_id: chapterId } : { topic_id: id };
      const lesson = (await call('catalogue.getLesson', { query, signal, sent })).data;
      // The topic's ancestors: hints of the lesson's other reads (its tabs, quizzes, packs).
      rememberTopicAncestors(
        [lesson.topic.topic_id, ...lesson.chapter.topics.map((t) => t.topic_id)],
        lesson.topic,
      );
      rememberChapterTopics(
        lesson.topic.chapter_id,
        lesson.chapter.topics.map((t) => t.topic_id),
      );
      return lesson;
    },
  });
