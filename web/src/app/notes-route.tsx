/*
 * The notes viewer (`/Notes?topic=…&page=…`), its own lazy part of the bundle: pdf.js (a chunk of
 * its own, asked for as this part loads) and its worker never weigh on the lesson or the entry.
 * The topic's signed notes URL comes from the lesson's own read (`getLesson`): cached already when
 * the learner comes from the lesson, and signed only for a learner who may read it.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../components/query-state.tsx';
import { useLesson } from '../features/learning/api/lesson.ts';
import { NotesViewer } from '../features/notes/notes-viewer.tsx';
import { loadPdfJs } from '../features/notes/pdf.ts';
import { usePageParam } from '../features/notes/use-page-param.ts';
import { links, useLinkParam } from '../lib/links.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { t, useT } from '../lib/i18n.ts';

// pdf.js downloads beside the lesson's read, not after it; a failure is retried by "Try again".
void loadPdfJs().catch(() => undefined);

/** The page's title while notes are open, as the browser tab and history show it. */
export const notesTitle = (topicName: string) =>
  `${t('notes.titlePrefix', { name: topicName })} · ${t('app.name')}`;

/** `/Notes`: a topic's notes, at the page the URL names, for a learner who may read them. */
export function NotesPage() {
  useT();
  const topicId = useLinkParam('topic');
  const [page, setPage] = usePageParam();
  const lesson = useLesson(topicId);
  const topic = lesson.data?.topic;

  // Opened from further down the lesson: the notes start at the top of the screen.
  useEffect(() => window.scrollTo(0, 0), [topicId]);

  useDocumentTitle(topic && notesTitle(topic.topic_name));

  if (!topicId) {
    return (
      <div className="lesson-empty">
        <h1>{t('notes.kind')}</h1>
        <p className="empty">{t('notes.chooseLesson')}</p>
        <p>
          <Link to={links.boards()} className="btn btn-primary">
            {t('lesson.chooseBoard')}
          </Link>
        </p>
      </div>
    );
  }
  if (lesson.isError) {
    return (
      <div className="lesson-empty">
        <h1>{t('notes.kind')}</h1>
        <LoadError
          what={t('notes.what')}
          retrying={lesson.isFetching}
          onRetry={() => void lesson.refetch()}
        />
      </div>
    );
  }
  if (!topic) return <p className="loading">{t('page.loading')}</p>;

  const backTo = links.topic(topic.chapter_id, topic.topic_id);
  if (topic.locked === true || lesson.data?.access.status === 'locked') {
    return (
      <div className="lesson-empty">
        <h1>{topic.topic_name}</h1>
        <p role="alert">{t('lesson.notEntitled')}</p>
        <p>{t('notes.buyToRead')}</p>
        <p>
          <Link to={links.subject(topic.subject_id)} className="btn btn-primary">
            {t('lesson.seeCourse')}
          </Link>
        </p>
      </div>
    );
  }
  if (!topic.notes_url) {
    return (
      <div className="lesson-empty">
        <h1>{topic.topic_name}</h1>
        <p className="empty">{t('notes.none')}</p>
        <p>
          <Link to={backTo} className="btn">
            {t('notes.backToLesson')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <NotesViewer
      url={topic.notes_url}
      title={topic.topic_name}
      page={page}
      onPage={setPage}
      backTo={backTo}
      onRetry={() => void lesson.refetch()}
    />
  );
}
