import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { hasVideo, videoSourceOf } from '../../components/video-player/source.ts';
import { catalogueKeys } from '../../lib/catalogue-api.ts';
import { links } from '../../lib/links.ts';
import { useProgressSaver } from './api/progress.ts';
import { seekTarget } from '../../lib/player-seek.ts';
import type { TopicProgress } from '@gia/shared';
import { useVideoQuestionStops } from './video-questions.tsx';

/** The text a topic the learner may not watch shows in place of its video. */
export const PAID_LESSON = 'This lesson is part of the paid course';

/**
 * The lesson's video: it resumes where the learner stopped, saves the position as it plays, stops
 * at the questions pinned to it, and at the end offers the next lesson. A locked topic leads to its subject's page instead.
 */
export function LessonPlayer(props: {
  topic: TopicRecord;
  next?: TopicRecord;
  saved: readonly TopicProgress[];
  progressKnown: boolean;
}) {
  const { topic, next } = props;
  const save = useProgressSaver(topic.chapter_id);
  const [endedId, setEndedId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const stops = useVideoQuestionStops(
    topic.topic_id,
    topic.locked !== true && hasVideo(topic),
    topic.notes_url || undefined,
  );

  if (topic.locked === true) {
    return (
      <div className="player is-locked">
        <div>
          <p className="player-locked-title">{PAID_LESSON}</p>
          <p>Buy the course to watch every lesson, or try its free previews.</p>
          <Link to={links.subject(topic.subject_id)} className="btn btn-primary">
            See the course
          </Link>
        </div>
      </div>
    );
  }
  if (!hasVideo(topic)) {
    return <div className="player is-locked">No video available to play.</div>;
  }
  if (!props.progressKnown) return <div className="player lesson-placeholder" aria-busy="true" />;

  const ended = endedId === topic.topic_id;
  return (
    <div className="player-wrap" ref={seekTarget}>
      <VideoPlayer
        key={topic.topic_id}
        source={videoSourceOf(topic)}
        title={topic.topic_name}
        className="player"
        startAt={resumeAt(props.saved, topic.topic_id)}
        // Expired access: re-read the chapter's topics (fresh cookies / signed URL).
        onRenew={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: catalogueKeys.topics(topic.chapter_id) }),
            queryClient.refetchQueries({ queryKey: catalogueKeys.allMine() }),
          ])
        }
        onPlay={() => setEndedId(null)}
        onTimeUpdate={(v) => {
          save(topic.topic_id, v);
          stops.watch(v);
        }}
        onPause={(v) => save(topic.topic_id, v, true)}
        onEnded={(v) => {
          save(topic.topic_id, v, true);
          setEndedId(topic.topic_id);
        }}
      />
      {stops.panel}
      {ended && (
        <div className="lesson-end" role="status">
          {next ? (
            <>
              <p>Lesson complete. Up next: {next.topic_name}</p>
              <Link to={links.topic(next.chapter_id, next.topic_id)} className="btn btn-primary">
                Play the next lesson
              </Link>
            </>
          ) : (
            <p>You have finished the last lesson of this chapter.</p>
          )}
        </div>
      )}
    </div>
  );
}

/** Where the lesson resumes: the saved position, unless the learner had finished it. */
function resumeAt(saved: readonly TopicProgress[], topicId: string): number | undefined {
  const p = saved.find((x) => x.topic_id === topicId);
  return p && !p.completed && p.position_seconds > 0 ? p.position_seconds : undefined;
}
