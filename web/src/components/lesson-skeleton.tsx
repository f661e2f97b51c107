import { useT } from '../lib/i18n.ts';

/**
 * The lesson page's layout while its lesson loads: the title, the 16:9 player frame and the
 * chapter's list, in the places the lesson takes (learning.css), so nothing moves when it arrives.
 * Shared: the lesson page shows it while its data loads, the router while the session and the
 * page's code do, and the prerendered lesson page (issue 30) paints it before any script.
 */
export function LessonSkeleton() {
  const t = useT();
  return (
    <div className="lesson-layout" aria-busy="true" role="status">
      <span className="sr-only">{t('lesson.loading')}</span>
      {/* The lesson's header as it will stand (breadcrumb, "Lesson n of m", a title of two lines
          on a phone, where most titles wrap, one from 900 px), so the player does not move. */}
      <div className="lesson-header" aria-hidden="true">
        <div className="breadcrumb">
          <span className="lesson-placeholder lesson-placeholder-crumb" />
        </div>
        <p className="lesson-count">
          <span className="lesson-placeholder lesson-placeholder-text">Lesson 1 of 1</span>
        </p>
        <h1>
          <span className="lesson-placeholder lesson-placeholder-text">Lesson title</span>
          <br className="lesson-placeholder-wrap" />
          <span className="lesson-placeholder lesson-placeholder-text lesson-placeholder-wrap">
            title
          </span>
        </h1>
      </div>
      <div className="lesson-main">
        <div className="player lesson-placeholder" />
      </div>
      <div className="lesson-details" aria-hidden="true">
        <div className="lesson-placeholder lesson-placeholder-line" />
      </div>
      <div className="curriculum card">
        <div className="lesson-placeholder lesson-placeholder-line" />
        <div className="lesson-placeholder lesson-placeholder-line" />
        <div className="lesson-placeholder lesson-placeholder-line" />
      </div>
    </div>
  );
}
