import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { Breadcrumb } from '../../components/catalogue-ui.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/query-state.tsx';
import { useTopics, useWithMyTopics } from '../../lib/catalogue-api.ts';
import { links, useLinkParam } from '../../lib/links.ts';
import { useSession } from '../../lib/session.ts';
import { useChapterProgress } from './api/progress.ts';
import { Curriculum } from './curriculum.tsx';
import { chapterStanding, resumeTopic, sameSelections, selectionsOf } from './lesson.ts';
import { LessonPlayer } from './lesson-player.tsx';
import { LessonTabs, type LessonTab } from './lesson-tabs.tsx';
import { Questions } from './questions.tsx';
import { Reviews } from './reviews.tsx';
import { PracticeTab } from './practice-tab.tsx';

/** What the app passes in for the AI teacher: nothing when the teacher is not configured. */
export type Assistant = ((topic: TopicRecord) => ReactNode) | undefined;

/** The page's title while a lesson is open, as the browser tab and history show it. */
export const lessonTitle = (topicName: string) => `${topicName} · GIA School`;

/**
 * `/GetTopic?chapter=…&topic=…`: the lesson player. The URL names the lesson, so a reload or a
 * shared link opens the same one and sets the selections from the topics' ancestors; without a
 * topic it opens where the learner stopped, else the first. (`/GetTopic` alone still opens the
 * chosen chapter.) Choosing a lesson is a link: each lesson is its own history entry, so Back
 * returns to the lesson before; the URL the page completes itself replaces the one it came with.
 */
export function TopicViewerPage({ assistant }: { assistant?: Assistant }) {
  const navigate = useNavigate();
  const chapterParam = useLinkParam('chapter');
  const topicParam = useLinkParam('topic');
  const stored = useSession((s) => s.selections);
  const chapterId = chapterParam ?? stored.chapter?.id;
  const topics = useTopics(chapterId);
  // The public list shows at once; the lessons this learner may play open when theirs arrives.
  const playable = useWithMyTopics(topics.data, chapterId ? { chapter_id: chapterId } : undefined);
  const progress = useChapterProgress(chapterId);
  const [tab, setTab] = useState('notes');

  const list = playable ?? [];
  const saved = progress.data ?? [];
  const linked = list.find((t) => t.topic_id === topicParam);
  // Without a topic in the link, wait for the progress (a failed read counts as none).
  const progressKnown = !progress.isPending || progress.isError;
  const topic = linked ?? (progressKnown ? resumeTopic(list, saved) : undefined);
  const standing = chapterStanding(list, saved);
  const at = topic ? list.indexOf(topic) : -1;
  const previous = at > 0 ? list[at - 1] : undefined;
  const next = at >= 0 ? list[at + 1] : undefined;

  // Complete the URL (chapter and topic), so that it can be shared and reloaded as it is.
  useEffect(() => {
    if (topic && (chapterParam !== topic.chapter_id || topicParam !== topic.topic_id)) {
      void navigate(links.topic(topic.chapter_id, topic.topic_id), { replace: true });
    }
  }, [topic, chapterParam, topicParam, navigate]);

  // A deep link sets the selections (Board › … › Chapter) from the topics' ancestor fields.
  const first = list[0];
  useEffect(() => {
    if (!first) return;
    const wanted = selectionsOf(first);
    if (!sameSelections(useSession.getState().selections, wanted)) {
      useSession.setState({ selections: wanted });
    }
  }, [first]);

  useEffect(() => {
    if (!topic) return;
    const before = document.title;
    document.title = lessonTitle(topic.topic_name);
    return () => {
      document.title = before;
    };
  }, [topic]);

  if (!chapterId) {
    return (
      <div className="lesson-empty">
        <h1>Topics</h1>
        <p className="empty">No Topics available.</p>
        <p>
          <Link to={links.boards()} className="btn btn-primary">
            Choose a board
          </Link>
        </p>
      </div>
    );
  }
  if (topics.isError) {
    return (
      <div className="lesson-empty">
        <h1>{stored.chapter?.name || 'Topics'}</h1>
        <LoadError
          what="this chapter's lessons"
          retrying={topics.isFetching}
          onRetry={() => void topics.refetch()}
        />
      </div>
    );
  }
  if (topics.isPending || (!topic && list.length > 0)) {
    return (
      <div className="lesson-layout" aria-busy="true" role="status">
        <span className="sr-only">Loading the lesson…</span>
        <div className="lesson-main">
          <div className="lesson-placeholder lesson-placeholder-title" />
          <div className="player lesson-placeholder" />
        </div>
        <div className="curriculum card">
          <div className="lesson-placeholder lesson-placeholder-line" />
          <div className="lesson-placeholder lesson-placeholder-line" />
          <div className="lesson-placeholder lesson-placeholder-line" />
        </div>
      </div>
    );
  }
  if (!topic) {
    return (
      <div className="lesson-empty">
        <h1>{stored.chapter?.name || 'Topics'}</h1>
        <Breadcrumb />
        <p className="empty">No Topics available.</p>
      </div>
    );
  }

  const tabs: LessonTab[] = [
    { id: 'notes', label: 'Notes', panel: () => <LessonNotes topic={topic} /> },
    { id: 'questions', label: 'Questions', panel: () => <Questions topicId={topic.topic_id} /> },
    { id: 'reviews', label: 'Reviews', panel: () => <Reviews topicId={topic.topic_id} /> },
    {
      id: 'practice',
      label: 'Practice',
      panel: () => (
        <PracticeTab
          topicId={topic.topic_id}
          chapterId={topic.chapter_id}
          subjectId={topic.subject_id}
          notesOf={(id) => list.find((t) => t.topic_id === id)?.notes_url || undefined}
        />
      ),
    },
  ];
  if (assistant) tabs.push({ id: 'ai', label: 'AI teacher', panel: () => assistant(topic) });

  return (
    <div className="lesson-layout">
      <header className="lesson-header">
        <Breadcrumb />
        <p className="lesson-count">
          Lesson {at + 1} of {list.length}
        </p>
        <h1>{topic.topic_name}</h1>
      </header>
      <div className="lesson-main">
        <LessonPlayer topic={topic} next={next} saved={saved} progressKnown={progressKnown} />
        <nav className="lesson-nav" aria-label="Lessons">
          {previous ? (
            <Link
              to={links.topic(previous.chapter_id, previous.topic_id)}
              className="btn"
              rel="prev"
            >
              <ChevronLeftIcon /> Previous
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={links.topic(next.chapter_id, next.topic_id)}
              className="btn btn-primary"
              rel="next"
            >
              Next lesson <ChevronRightIcon />
            </Link>
          )}
        </nav>
      </div>
      <Curriculum
        chapterName={topic.chapter_name ?? stored.chapter?.name ?? ''}
        topics={list}
        currentId={topic.topic_id}
        watched={standing.watched}
      />
      <div className="lesson-details">
        <LessonTabs tabs={tabs} selected={tab} onSelect={setTab} label="About this lesson" />
      </div>
    </div>
  );
}

/** The Notes tab: what the lesson is about, its notes (a PDF) and its facts. */
function LessonNotes({ topic }: { topic: TopicRecord }) {
  return (
    <section className="card lesson-notes" aria-label="Notes">
      {topic.topic_description && <p>{topic.topic_description}</p>}
      <dl className="facts">
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
        <dt>Author</dt>
        <dd>{topic.author || 'N/A'}</dd>
        <dt>Class</dt>
        <dd>{topic.class_name || 'N/A'}</dd>
        <dt>Language</dt>
        <dd>{topic.language || 'N/A'}</dd>
      </dl>
    </section>
  );
}
