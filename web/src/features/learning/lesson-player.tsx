import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { hasVideo, videoSourceOf } from '../../components/video-player/source.ts';
import { useT } from '../../lib/i18n.ts';
import { links, useLinkParam } from '../../lib/links.ts';
import { lessonKeys } from './api/lesson.ts';
import { resumePosition, useProgressSaver } from './api/progress.ts';
import { seekTarget, usePlayerSeek } from '../../lib/player-seek.ts';
import type { TopicProgress } from '@gia/shared';
import { useVideoQuestionStops } from './video-questions.tsx';
import { useLessonPlayback } from '../../lib/lesson-playback.ts';

/** How far into the video the check offered at its end is fetched, so it is there at the end. */
const NEAR_END = 0.85;

/**
 * The lesson's video: it resumes where the learner stopped, saves the position as it plays, stops
 * at the questions pinned to it, and when it ends (or the learner says they have finished: the
 * page's `finished`) shows `end`, what to do next (issue 31). `onNearEnd` tells the page the end
 * is coming, to fetch what `end` offers in time. A locked topic leads to its subject's page
 * instead. The pinned questions are read once the video plays, so they never compete with its
 * start.
 */
export function LessonPlayer(props: {
  topic: TopicRecord;
  saved: readonly TopicProgress[];
  finished: boolean;
  onFinished(): void;
  onReplay(): void;
  onNearEnd(): void;
  end: ReactNode;
}) {
  const t = useT();
  const { topic } = props;
  const save = useProgressSaver(topic.chapter_id);
  const [playedId, setPlayedId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Whether the video plays, for the app's update prompt (it waits); leaving the page ends it.
  const setPlaying = useLessonPlayback((s) => s.setPlaying);
  useEffect(() => () => setPlaying(false), [setPlaying]);
  const stops = useVideoQuestionStops(
    topic.topic_id,
    topic.locked !== true && hasVideo(topic) && playedId === topic.topic_id,
    topic.notes_url || undefined,
  );
  // A link to a second of the video (`&t=134`, a search result): a new player starts there once
  // its video can play (its `startAt`); the player already on screen (another result of the same
  // lesson) seeks there, as the AI teacher's citations do.
  const askedAt = secondsOf(useLinkParam('time'));
  const asked = useRef({ topicId: topic.topic_id, at: askedAt });
  useEffect(() => {
    const before = asked.current;
    asked.current = { topicId: topic.topic_id, at: askedAt };
    if (askedAt !== undefined && before.topicId === topic.topic_id && before.at !== askedAt) {
      usePlayerSeek.getState().seek(askedAt);
    }
  }, [topic.topic_id, askedAt]);

  if (topic.locked === true) {
    return (
      <div className="player is-locked">
        <div>
          <p className="player-locked-title">{t('lesson.paid')}</p>
          <p>{t('lesson.buyToWatch')}</p>
          <Link to={links.subject(topic.subject_id)} className="btn btn-primary">
            {t('lesson.seeCourse')}
          </Link>
        </div>
      </div>
    );
  }
  if (!hasVideo(topic)) {
    return <div className="player is-locked">{t('lesson.noVideo')}</div>;
  }
  return (
    <div className="player-wrap" ref={seekTarget}>
      <VideoPlayer
        key={topic.topic_id}
        source={videoSourceOf(topic)}
        title={topic.topic_name}
        className="player"
        startAt={askedAt ?? resumeAt(props.saved, topic.topic_id)}
        // Expired access: re-read the lesson (fresh cookies / signed URL).
        onRenew={() => queryClient.refetchQueries({ queryKey: lessonKeys.lesson(topic.topic_id) })}
        onPlay={() => {
          setPlaying(true);
          if (props.finished) props.onReplay();
          setPlayedId(topic.topic_id);
        }}
        onTimeUpdate={(v) => {
          save(topic.topic_id, v);
          stops.watch(v);
          if (v.duration > 0 && v.currentTime >= v.duration * NEAR_END) props.onNearEnd();
        }}
        onPause={(v) => {
          setPlaying(false);
          save(topic.topic_id, v, true);
        }}
        onEnded={(v) => {
          setPlaying(false);
          save(topic.topic_id, v, true);
          props.onFinished();
        }}
      />
      {stops.panel}
      {props.finished && props.end}
    </div>
  );
}

/**
 * Where the lesson resumes: the saved position (or a newer one kept on this device), unless the
 * learner had finished it.
 */
function resumeAt(saved: readonly TopicProgress[], topicId: string): number | undefined {
  const p = resumePosition(
    saved.find((x) => x.topic_id === topicId),
    topicId,
  );
  return p && !p.completed && p.position_seconds > 0 ? p.position_seconds : undefined;
}

/** The second a link asks for (`t`), or undefined when it asks none (or not a number). */
export function secondsOf(param: string | undefined): number | undefined {
  if (param === undefined || !/^\d+(\.\d+)?$/.test(param)) return undefined;
  return Number(param);
}
