import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { TopicProgress } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { enqueue, flush } from '../../../lib/outbox.ts';
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

/**
 * How often the position is kept on the device while playing, and how often it is sent (issue
 * 30: a save every 5 s cost about ₹2.8 per 1,000 learner-minutes; one every 30 s, plus pause, end
 * and the page hiding, a sixth of that).
 */
export const PROGRESS_KEEP_MS = 5_000;
export const PROGRESS_SEND_MS = 30_000;

/** A position kept on the device: a lesson reopened offline resumes there (issue 32). */
export interface LocalPosition {
  position_seconds: number;
  duration_seconds: number;
  /** When it was kept (ISO). */
  at: string;
}

const positionKey = (topicId: string) => `gia.position.${topicId}`;

/** The position kept on this device for a topic, if any. */
export function localPosition(topicId: string): LocalPosition | undefined {
  try {
    const raw = localStorage.getItem(positionKey(topicId));
    return raw ? (JSON.parse(raw) as LocalPosition) : undefined;
  } catch {
    return undefined;
  }
}

function keepLocal(topicId: string, p: LocalPosition) {
  try {
    localStorage.setItem(positionKey(topicId), JSON.stringify(p));
  } catch {
    // Storage full or refused: the outbox still sends it.
  }
}

/**
 * Where a topic resumes: the server's saved progress, or the position kept on this device when it
 * is newer (saved offline, or not sent yet).
 */
export function resumePosition(
  saved: TopicProgress | undefined,
  topicId: string,
): { position_seconds: number; completed: boolean } | undefined {
  const local = localPosition(topicId);
  if (local && (!saved?.updated_at || local.at > saved.updated_at)) {
    return { position_seconds: local.position_seconds, completed: saved?.completed ?? false };
  }
  return saved;
}

/**
 * Keeps the position on the device at most every 5 seconds while playing, and sends it through
 * the outbox at most every 30 seconds, at pause and end, and as the page hides (sent with
 * `keepalive`, so it survives the tab closing). Each save carries the device's time, so one sent
 * late never moves a newer position back; a newer save replaces an older one still waiting.
 */
export function useProgressSaver(chapterId?: string) {
  const kept = useRef(0);
  const sent = useRef(0);
  const current = useRef<{ topicId: string; video: HTMLVideoElement } | null>(null);
  const queryClient = useQueryClient();

  const save = useCallback(
    (topicId: string, video: HTMLVideoElement, force = false) => {
      const now = Date.now();
      current.current = { topicId, video };
      if (!force && now - kept.current < PROGRESS_KEEP_MS) return;
      kept.current = now;
      const p: LocalPosition = {
        position_seconds: video.currentTime,
        duration_seconds: Number.isFinite(video.duration) ? video.duration : 0,
        at: new Date(now).toISOString(),
      };
      keepLocal(topicId, p);
      if (!force && now - sent.current < PROGRESS_SEND_MS) return;
      sent.current = now;
      void enqueue(
        'progress.save',
        { topic_id: topicId, ...p },
        { supersedes: `progress:${topicId}` },
      )
        .then(({ sent: answer }) => answer)
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

  // The page hides (tab switched, phone locked, tab closed): the latest position goes now.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState !== 'hidden' || !current.current) return;
      const { topicId, video } = current.current;
      save(topicId, video, true);
      void flush({ keepalive: true });
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
    };
  }, [save]);

  return save;
}
