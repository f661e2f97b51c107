import { useT } from '../lib/i18n.ts';
import { useLessonPlayback } from '../lib/lesson-playback.ts';

/**
 * "New version available — Reload" (issue 32, item 1): a small bar at the bottom of the screen
 * while a new version of the app waits. It never interrupts a lesson: while a lesson's video
 * plays it stays hidden, and shows once the video is paused or ended, or the learner has left
 * the page. Nothing reloads until the learner presses Reload.
 */
export function UpdateBar(props: { waiting: boolean; onReload(): void; onLater(): void }) {
  const t = useT();
  const lessonPlaying = useLessonPlayback((s) => s.playing);
  if (!props.waiting || lessonPlaying) return null;
  return (
    <div className="update-bar" role="status">
      <span>{t('common.update.available')}</span>
      <button type="button" className="btn btn-primary" onClick={props.onReload}>
        {t('common.update.reload')}
      </button>
      <button type="button" className="update-bar-later" onClick={props.onLater}>
        {t('common.notNow')}
      </button>
    </div>
  );
}
