import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { links } from '../../lib/links.ts';
import { useProgressSaver } from './api/progress.ts';
import { seekTarget } from '../../lib/player-seek.ts';
import type { SavedProgress } from './lesson.ts';

/** The text a topic the learner may not watch shows in place of its video. */
export const PAID_LESSON = 'This lesson is part of the paid course';

/**
 * The lesson's video: it resumes where the learner stopped, saves the position as it plays, and
 * at the end offers the next lesson. A locked topic leads to its subject's page instead.
 */
export function LessonPlayer(props: {
  topic: TopicRecord;
  next?: TopicRecord;
  saved: readonly SavedProgress[];
  progressKnown: boolean;
}) {
  const { topic, next } = props;
  const save = useProgressSaver(topic.chapter_id);
  const [endedId, setEndedId] = useState<string | null>(null);

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
  if (!topic.video_url) {
    return <div className="player is-locked">No video available to play.</div>;
  }
  if (!props.progressKnown) return <div className="player lesson-placeholder" aria-busy="true" />;

  const ended = endedId === topic.topic_id;
  return (
    <div className="player-wrap" ref={seekTarget}>
      <video
        key={topic.topic_id}
        src={topic.video_url}
        controls
        preload="metadata"
        width={640}
        height={360}
        className="player"
        aria-label={`Video: ${topic.topic_name}`}
        onLoadedMetadata={(e) => {
          // Resume where the learner left off (unless they had finished it).
          const saved = props.saved.find((p) => p.topic_id === topic.topic_id);
          if (saved && !saved.completed && saved.position_seconds > 0) {
            e.currentTarget.currentTime = saved.position_seconds;
          }
        }}
        onPlay={() => setEndedId(null)}
        onTimeUpdate={(e) => save(topic.topic_id, e.currentTarget)}
        onPause={(e) => save(topic.topic_id, e.currentTarget, true)}
        onEnded={(e) => {
          save(topic.topic_id, e.currentTarget, true);
          setEndedId(topic.topic_id);
        }}
      />
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
