import { useState, type ReactNode } from 'react';
import { useChapterProgress, useProgressSaver } from './api/progress.ts';
import { Questions } from './questions.tsx';
import { Reviews } from './reviews.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { useSession } from '../../lib/session.ts';
import { Breadcrumb } from '../../components/catalogue-ui.tsx';
import { useTopics } from '../../lib/catalogue-api.ts';

/**
 * `/GetTopic`: the chapter's topics in serial order beside the selected topic's video and
 * details; `assistant` is the AI teacher of a topic, passed in by the app.
 */
export function TopicViewerPage({ assistant }: { assistant(topicId: string): ReactNode }) {
  const chapter = useSession((s) => s.selections.chapter);
  const topics = useTopics(chapter?.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const progress = useChapterProgress(chapter?.id);
  const save = useProgressSaver(chapter?.id);
  const positions = new Map((progress.data ?? []).map((p) => [p.topic_id, p]));
  const list = topics.data ?? [];
  const topic = list.find((t) => t.topic_id === selectedId) ?? list[0];
  return (
    <>
      <PageHeading title={chapter?.name ?? 'Topics'} />
      <Breadcrumb />
      {topics.isLoading && chapter ? (
        <p className="loading">Loading...</p>
      ) : !topic ? (
        <p className="empty">No Topics available.</p>
      ) : (
        <div className={`topic-layout ${open ? '' : 'is-collapsed'}`}>
          <aside className="topic-list card">
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {open ? '« Hide topics' : '» Topics'}
            </button>
            {open && (
              <ol>
                {list.map((t) => (
                  <li key={t.topic_id}>
                    <button
                      type="button"
                      className={`link-btn ${t === topic ? 'is-active' : ''}`}
                      aria-current={t === topic}
                      onClick={() => setSelectedId(t.topic_id)}
                    >
                      {t.topic_name}{' '}
                      {t.locked === true && <span className="muted small">(locked)</span>}
                      {positions.get(t.topic_id)?.completed && (
                        <span className="watched" aria-label="Watched">
                          {' '}
                          ✓
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </aside>
          <section className="topic-main">
            {topic.video_url && progress.isFetched ? (
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
                  const saved = positions.get(topic.topic_id);
                  if (saved && !saved.completed && saved.position_seconds > 0) {
                    e.currentTarget.currentTime = saved.position_seconds;
                  }
                }}
                onTimeUpdate={(e) => save(topic.topic_id, e.currentTarget)}
                onPause={(e) => save(topic.topic_id, e.currentTarget, true)}
                onEnded={(e) => save(topic.topic_id, e.currentTarget, true)}
              />
            ) : (
              <div className="player is-locked">
                {topic.video_url
                  ? 'Loading...'
                  : topic.locked === true
                    ? "You haven't bought the course !!"
                    : 'No video available to play.'}
              </div>
            )}
            <h2>{topic.topic_name}</h2>
            <p>{topic.topic_description}</p>
            <dl className="facts">
              <dt>Author</dt>
              <dd>{topic.author || 'N/A'}</dd>
              <dt>Notes</dt>
              <dd>
                {topic.notes_url ? (
                  <a href={topic.notes_url} target="_blank" rel="noreferrer">
                    View Notes
                  </a>
                ) : (
                  'Not Available'
                )}
              </dd>
              <dt>Class</dt>
              <dd>{topic.class_name || 'N/A'}</dd>
              <dt>Language</dt>
              <dd>{topic.language || 'N/A'}</dd>
            </dl>
            <Reviews topicId={topic.topic_id} />
            <Questions topicId={topic.topic_id} />
          </section>
          {assistant(topic.topic_id)}
        </div>
      )}
    </>
  );
}
