import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Lesson } from '@gia/shared/lesson-answers.ts';
import { useDataSaver } from '../../components/video-player/data-saver.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { links } from '../../lib/links.ts';
import { useOnline } from '../../lib/online.ts';
import {
  cancelSave,
  packIdFor,
  planSave,
  startSave,
  useLiveSaves,
  useSavedPacks,
  type SaveTarget,
} from './downloads.ts';
import { defaultRung, formatBytes, SAVE_RUNGS } from './pack-plan.ts';
import './downloads.css';

/** What a save of `scope` takes from the lesson: this lesson, or the chapter's open topics. */
export function saveTargetOf(lesson: Lesson, scope: 'lesson' | 'chapter'): SaveTarget | null {
  const { topic, chapter, access } = lesson;
  if (access.status === 'locked' || topic.locked === true) return null;
  const topicIds =
    scope === 'lesson'
      ? [topic.topic_id]
      : chapter.topics.filter((t) => !t.locked).map((t) => t.topic_id);
  if (!topicIds.length) return null;
  return {
    kind: scope,
    of: scope === 'lesson' ? topic.topic_id : chapter.chapter_id,
    topicIds,
    subjectName: topic.subject_name ?? '',
    chapterId: chapter.chapter_id,
    chapterName: chapter.chapter_name || topic.chapter_name || '',
  };
}

/**
 * "Save for offline" (issue 32, item 3), for the lesson or for its whole chapter (the lessons the
 * learner may open): the size before it starts (at the data-saver rung by default, 234p or 360p
 * to choose), the progress and Cancel while it saves, and "Saved" once the pack is on the phone.
 */
export function SaveForOffline({ lesson, scope }: { lesson: Lesson; scope: 'lesson' | 'chapter' }) {
  const target = saveTargetOf(lesson, scope);
  const queryClient = useQueryClient();
  const online = useOnline();
  const [dataSaver] = useDataSaver();
  const [open, setOpen] = useState(false);
  const [rung, setRung] = useState(() => defaultRung(dataSaver));
  const packs = useSavedPacks();
  const id = target ? packIdFor(target) : '';
  const live = useLiveSaves((s) => s.saves[id]);
  const plan = useQuery({
    queryKey: ['save-plan', id, rung],
    queryFn: () => planSave(target!, rung),
    enabled: open && target !== null && !live,
    staleTime: 60_000,
    retry: false,
  });
  const headingId = useId();
  if (!target || !('caches' in window)) return null;

  const what = scope === 'chapter' ? 'chapter' : 'lesson';
  // The chapter's lessons the learner may not open are left out: the size says so.
  const locked = scope === 'chapter' ? lesson.chapter.topics.length - target.topicIds.length : 0;
  const record = packs.data?.find((p) => p.id === id);
  // A lesson is saved too when its whole chapter is.
  const covering =
    scope === 'lesson' && !record
      ? packs.data?.find(
          (p) => p.state === 'saved' && p.topics.some((t) => t.topic_id === target.topicIds[0]),
        )
      : undefined;
  const saved = record?.state === 'saved' ? record : covering;
  const start = () => {
    setOpen(false);
    void startSave(queryClient, target, rung, plan.data);
  };

  let body;
  if (live && !live.error) {
    const percent = live.expected
      ? Math.min(100, Math.round((live.stored / live.expected) * 100))
      : 0;
    body = (
      <>
        <p className="save-offline-status" id={headingId}>
          Saving this {what} for offline… {formatBytes(live.stored)} of{' '}
          {live.expected ? formatBytes(live.expected) : '…'} ({percent}%)
        </p>
        <progress
          value={live.stored}
          max={Math.max(live.expected, 1)}
          aria-labelledby={headingId}
        />
        <button type="button" className="btn btn-small" onClick={() => cancelSave(id)}>
          Cancel
        </button>
      </>
    );
  } else if (saved) {
    body = (
      <p className="save-offline-status">
        <CheckIcon size={16} strokeWidth={3} />{' '}
        {covering ? 'Saved for offline with its chapter' : `This ${what} is saved for offline`} ·{' '}
        {formatBytes(saved.bytes_stored)} · <Link to={links.downloads()}>Downloads</Link>
      </p>
    );
  } else if (live?.error || record?.state === 'saving') {
    body = (
      <>
        <p className="save-offline-status" role={live?.error ? 'alert' : undefined}>
          {live?.error ?? 'This save stopped before it finished.'}
          {record &&
            ` ${formatBytes(record.bytes_stored)} of ${formatBytes(record.bytes_expected)} saved.`}
        </p>
        <button
          type="button"
          className="btn btn-small"
          disabled={!online}
          onClick={() => void startSave(queryClient, target, record?.rung_height ?? rung)}
        >
          Carry on saving
        </button>
      </>
    );
  } else if (!online) {
    body = (
      <p className="save-offline-status muted">Connect to the internet to save this {what}.</p>
    );
  } else if (!open) {
    body = (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Save {what} for offline
      </button>
    );
  } else {
    body = (
      <fieldset className="save-offline-choice">
        <legend>Save {what} for offline</legend>
        <div className="save-offline-rungs" role="radiogroup" aria-label="Video quality">
          {SAVE_RUNGS.map((h) => (
            <label key={h}>
              <input
                type="radio"
                name={`rung-${id}`}
                checked={rung === h}
                onChange={() => setRung(h)}
              />{' '}
              {h}p {h === 234 ? '(smaller)' : '(sharper)'}
            </label>
          ))}
        </div>
        <p className="save-offline-size" aria-live="polite" data-bytes={plan.data?.bytes}>
          {plan.isError
            ? "We couldn't work out the size. Try again."
            : plan.data
              ? `Download size: ${formatBytes(plan.data.bytes)} (${lessonCount(plan.data.topics.length)}: video, captions, notes and practice${
                  locked ? `; ${lessonCount(locked)} of the paid course not included` : ''
                })`
              : 'Working out the download size…'}
        </p>
        <div className="save-offline-actions">
          <button type="button" className="btn btn-primary" disabled={!plan.data} onClick={start}>
            Save {formatBytesOrNothing(plan.data?.bytes)}
          </button>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Not now
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <div className={`save-offline save-offline-${scope}`} data-pack={id}>
      {body}
    </div>
  );
}

const lessonCount = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;

const formatBytesOrNothing = (bytes?: number) => (bytes === undefined ? '' : formatBytes(bytes));
