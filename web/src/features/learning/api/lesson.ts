import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Lesson, TopicProgress } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { takeBootLesson } from '../../../lib/boot.ts';
import { DEPENDS_ON_PURCHASES } from '../../../lib/purchases-api.ts';

/** Query keys of the lesson read. */
export const lessonKeys = {
  all: () => ['lesson'] as const,
  lesson: (topicId?: string) => ['lesson', topicId ?? ''] as const,
};

/**
 * The lesson page's one request (`getLesson`): the topic, its chapter with the learner's progress,
 * the access and the video. On the link the page opened with, the boot script's request (made
 * before the bundle, web/src/boot/boot.ts) is adopted instead of asking again.
 */
export const useLesson = (topicId?: string) =>
  useQuery({
    queryKey: lessonKeys.lesson(topicId),
    enabled: Boolean(topicId),
    // Its video is signed, and `locked` false, only for a learner who may watch it.
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async ({ signal }) => {
      const id = topicId ?? '';
      const sent = await takeBootLesson(id);
      return (await call('catalogue.getLesson', { query: { topic_id: id }, signal, sent })).data;
    },
  });

/** The learner's saved positions in the lesson's chapter, as the progress read gives them. */
export const savedProgress = (lesson: Lesson): TopicProgress[] =>
  lesson.chapter.topics.flatMap((t) =>
    t.progress ? [{ topic_id: t.topic_id, chapter_id: t.chapter_id, ...t.progress }] : [],
  );

/**
 * Writes a saved position into every cached lesson of its chapter, so the curriculum's ticks
 * follow without reading the lesson again (a new read would sign the video anew and reload it).
 */
export function keepProgress(queryClient: QueryClient, saved: TopicProgress) {
  queryClient.setQueriesData<Lesson>({ queryKey: lessonKeys.all() }, (lesson) =>
    lesson && lesson.chapter.topics.some((t) => t.topic_id === saved.topic_id)
      ? {
          ...lesson,
          chapter: {
            ...lesson.chapter,
            topics: lesson.chapter.topics.map((t) =>
              t.topic_id === saved.topic_id
                ? {
                    ...t,
                    progress: {
                      position_seconds: saved.position_seconds,
                      duration_seconds: saved.duration_seconds,
                      completed: saved.completed,
                      ...(saved.updated_at ? { updated_at: saved.updated_at } : {}),
                    },
                  }
                : t,
            ),
          },
        }
      : lesson,
  );
}
