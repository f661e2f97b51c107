import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { CheckIcon, LockIcon } from '../../components/icons.tsx';
import { clock, lessonsTotal, topicLength, type TopicLengthFields } from '../../lib/duration.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';

/** A topic as the curriculum shows it (a lesson's chapter list, or a topic record). */
export type CurriculumTopic = Pick<TopicRecord, 'topic_id' | 'topic_name' | 'chapter_id'> &
  TopicLengthFields & { locked?: boolean };

/**
 * The chapter's topics as a curriculum: each a link to its lesson (numbered, the number on the
 * first line of a wrapped title), ticked once watched to the end, and the chapter's progress.
 */
export function Curriculum(props: {
  chapterName: string;
  topics: readonly CurriculumTopic[];
  currentId: string;
  watched: ReadonlySet<string>;
  /** Under the chapter's progress: what the app offers for the whole chapter (save for offline). */
  action?: ReactNode;
}) {
  const t = useT();
  const { topics, watched } = props;
  const count = topics.filter((t) => watched.has(t.topic_id)).length;
  return (
    <nav className="curriculum card" aria-labelledby="curriculum-title">
      <h2 id="curriculum-title" className="curriculum-title">
        {props.chapterName || t('lesson.lessons')}
      </h2>
      <p className="curriculum-progress-text" id="curriculum-progress">
        {t('lesson.watchedCount', { count, total: topics.length })}
      </p>
      <progress
        className="curriculum-progress"
        value={count}
        max={Math.max(topics.length, 1)}
        aria-labelledby="curriculum-progress"
      />
      <p className="muted small curriculum-total">{lessonsTotal(topics)}</p>
      {props.action}
      <ol className="curriculum-list">
        {topics.map((topic, i) => {
          const current = topic.topic_id === props.currentId;
          const done = watched.has(topic.topic_id);
          const length = topicLength(topic);
          return (
            <li key={topic.topic_id}>
              <Link
                to={links.topic(topic.chapter_id, topic.topic_id)}
                className={`curriculum-item ${current ? 'is-current' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                <span className="curriculum-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="curriculum-name">
                  <span className="sr-only">{t('lesson.numberLabel', { n: i + 1 })} </span>
                  {topic.topic_name}
                  {topic.locked === true && (
                    <span className="curriculum-locked">
                      {' '}
                      <LockIcon size={14} /> {t('lesson.paidCourse')}
                    </span>
                  )}
                  {length !== null && (
                    <span className="curriculum-length muted small">
                      <span className="sr-only">{t('lesson.lengthLabel')}</span> {clock(length)}
                    </span>
                  )}
                </span>
                <span
                  className={`curriculum-tick ${done ? 'is-done' : ''}`}
                  role="img"
                  aria-label={done ? t('lesson.watched') : t('lesson.notWatched')}
                >
                  {done && <CheckIcon size={18} strokeWidth={3} />}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
