import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api } from '../../lib/api-client.ts';

const L = '/api/v1/classuser/data';

export interface Progress {
  topic_id: string;
  position_seconds: number;
  duration_seconds: number;
  completed: boolean;
}

/** Where the learner stopped in each topic of a chapter. */
export const useChapterProgress = (chapterId?: string) =>
  useQuery({
    queryKey: ['progress', chapterId ?? ''],
    enabled: Boolean(chapterId),
    queryFn: async () =>
      (
        await api<{ data: Progress[] }>(
          'GET',
          `${L}/getTopicProgress?chapter_id=${encodeURIComponent(chapterId ?? '')}`,
        )
      ).data,
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
      void api('POST', `${L}/saveTopicProgress`, {
        body: {
          topic_id: topicId,
          position_seconds: video.currentTime,
          duration_seconds: duration,
        },
      })
        .then(() =>
          force
            ? queryClient.invalidateQueries({ queryKey: ['progress', chapterId ?? ''] })
            : undefined,
        )
        .catch(() => undefined);
    },
    [chapterId, queryClient],
  );
}
