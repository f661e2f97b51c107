import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Lesson } from '@gia/shared/lesson-answers.ts';
import { useDataSaver } from '../../components/video-player/data-saver.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { useT } from '../../lib/i18n.ts';
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
  const t = useT();
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
          {t('downloads.savingThis', {
            what,
            stored: formatBytes(live.stored),
            expected: live.expected ? formatBytes(live.expected) : '…',
            percent,
          })}
        </p>
        <progress
          value={live.stored}
          max={Math.max(live.expected, 1)}
          aria-labelledby={headingId}
        />
        <button type="button" className="btn btn-small" onClick={() => cancelSave(id)}>
          {t('downloads.cancel')}
        </button>
      </>
    );
  } else if (saved) {
    body = (
      <p className="save-offline-status">
        <CheckIcon size={16} strokeWidth={3} />{' '}
        {covering ? t('downloads.savedWithChapter') : t('downloads.savedThis', { what })} ·{' '}
        {formatBytes(saved.bytes_stored)} ·{' '}
        <Link to={links.downloads()}>{t('downloads.title')}</Link>
      </p>
    );
  } else if (live?.error || record?.state === 'saving') {
    body = (
      <>
        <p className="save-offline-status" role={live?.error ? 'alert' : undefined}>
          {live?.error ?? t('downloads.stopped')}
          {record &&
            ` ${t('downloads.partSaved', {
              stored: formatBytes(record.bytes_stored),
              expected: formatBytes(record.bytes_expected),
            })}`}
        </p>
        <button
          type="button"
          className="btn btn-small"
          disabled={!online}
          onClick={() => void startSave(queryClient, target, record?.rung_height ?? rung)}
        >
          {t('downloads.carryOn')}
        </button>
      </>
    );
  } else if (!online) {
    body = <p className="save-offline-status muted">{t('downloads.connectToSave', { what })}</p>;
  } else if (!open) {
    body = (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        {t('downloads.saveFor', { what })}
      </button>
    );
  } else {
    body = (
      <fieldset className="save-offline-choice">
        <legend>{t('downloads.saveFor', { what })}</legend>
        <div className="save-offline-rungs" role="radiogroup" aria-label={t('downloads.quality')}>
          {SAVE_RUNGS.map((h) => (
            <label key={h}>
              <input
                type="radio"
                name={`rung-${id}`}
                checked={rung === h}
                onChange={() => setRung(h)}
              />{' '}
              {t(h === 234 ? 'downloads.smaller' : 'downloads.sharper', { height: h })}
            </label>
          ))}
        </div>
        <p className="save-offline-size" aria-live="polite" data-bytes={plan.data?.bytes}>
          {plan.isError
            ? t('downloads.sizeFailed')
            : plan.data
              ? t(locked ? 'downloads.sizeWithLocked' : 'downloads.size', {
                  size: formatBytes(plan.data.bytes),
                  count: plan.data.topics.length,
                  locked,
                })
              : t('downloads.sizing')}
        </p>
        <div className="save-offline-actions">
          <button type="button" className="btn btn-primary" disabled={!plan.data} onClick={start}>
            {t('downloads.save', { size: formatBytesOrNothing(plan.data?.bytes) })}
          </button>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            {t('downloads.notNow')}
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

const formatBytesOrNothing = (bytes?: number) => (bytes === undefined ? '' : formatBytes(bytes));
