/**
 * The lesson page's layout while its lesson loads: the title, the 16:9 player frame and the
 * chapter's list, in the places the lesson takes (learning.css), so nothing moves when it arrives.
 * Shared: the lesson page shows it while its data loads, the router while the session and the
 * page's code do, and the prerendered lesson page (issue 30) paints it before any script.
 */
export function LessonSkeleton() {
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
