import type { QueryClient } from '@tanstack/react-query';
import type { Lesson, TopicProgress } from '@gia/shared';
import { lessonKeys } from '../../../lib/lesson-api.ts';

// The lesson read itself lives in lib (the catalogue pages' previews play through it too).
export { lessonKeys, useLesson } from '../../../lib/lesson-api.ts';

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
