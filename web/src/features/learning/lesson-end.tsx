import { Link } from 'react-router-dom';
import type { Quiz } from '@gia/shared/practice-answers.ts';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import type { NextTopic } from './practice-tab.tsx';

/**
 * What a finished lesson offers (issue 31): one primary action. "Check your understanding" (the
 * topic's check, a short quiz) when the topic has approved questions; otherwise the next lesson,
 * or, after the chapter's last lesson, the way back to the course. `check` is the check as the
 * page fetched it: `undefined` while on its way, `null` when the topic has no questions (or it
 * could not be read: the lesson's end never waits on it).
 */
export function LessonEnd(props: {
  subjectId: string;
  next?: NextTopic;
  check: Quiz | null | undefined;
  onCheck(quiz: Quiz): void;
}) {
  const t = useT();
  const { next, check } = props;
  const nextLink = next && (
    <Link to={links.topic(next.chapter_id, next.topic_id)} className="btn btn-primary">
      {t('lesson.nextLesson')} <ChevronRightIcon />
    </Link>
  );
  return (
    <div className="lesson-end" role="status">
      {check === undefined ? (
        <>
          <p>{t('lesson.complete')}</p>
          <button type="button" className="btn btn-primary" disabled aria-busy="true">
            {t('lesson.gettingQuestions')}
          </button>
        </>
      ) : check ? (
        <>
          <p>{t('lesson.completeCheck', { count: check.questions.length })}</p>
          <button type="button" className="btn btn-primary" onClick={() => props.onCheck(check)}>
            {t('lesson.checkUnderstanding')}
          </button>
          {next && (
            <Link to={links.topic(next.chapter_id, next.topic_id)} className="lesson-end-skip">
              {t('lesson.skipToNext')}
            </Link>
          )}
        </>
      ) : next ? (
        <>
          <p>{t('lesson.completeUpNext', { name: next.topic_name })}</p>
          {nextLink}
        </>
      ) : (
        <>
          <p>{t('lesson.chapterFinished')}</p>
          <Link to={links.subject(props.subjectId)} className="btn btn-primary">
            {t('lesson.backToCourse')}
          </Link>
        </>
      )}
    </div>
  );
}
