import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { call } from '../../../lib/api-call.ts';
import { keepProgress } from './lesson.ts';

/** Query keys of the learner's progress. */
export const progressKeys = {
  chapter: (chapterId?: string) => ['progress', chapterId ?? ''] as const,
};

/** Where the learner stopped in each topic of a chapter. */
export const useChapterProgress = (chapterId?: string) =>
  useQuery({
    queryKey: progressKeys.chapter(chapterId),
    enabled: Boolean(chapterId),
    queryFn: async () =>
      (await call('progress.get', { query: { chapter_id: chapterId ?? '' } })).data,
  });

/** Saves the position at most every 5 seconds while playing, and at pause and end. */
export function useProgressSaver(chapterId?: string) {
  const last = useRef(0);
  const queryClient = useQueryClient();
  return useCallback(
    (topicId: string, video: HTMLVideoElement, force = false) => {
      const now = Date.now();
      if (!force && now - last.current < 5000) return;
      last.current = now;
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      void call('progress.save', {
        body: {
          topic_id: topicId,
          position_seconds: video.currentTime,
          duration_seconds: duration,
        },
      })
        .then(({ data }) => {
          // At a pause and the end only, as the chapter's progress is read again only then.
          if (!force) return;
          if (data) keepProgress(queryClient, data);
          return queryClient.invalidateQueries({ queryKey: progressKeys.chapter(chapterId) });
        })
        .catch(() => undefined);
    },
    [chapterId, queryClient],
  );
}
