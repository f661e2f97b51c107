import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { confirmDialog } from '../../components/confirm.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { day } from '../../lib/format.ts';
import { t, useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { confirmedRecently, type PackRecord } from '../../lib/saved-packs.ts';
import { Trans } from '../../lib/trans.tsx';
import { removeSaved, useLiveSaves, useSavedPacks } from './downloads.ts';
import { formatBytes } from './pack-plan.ts';
import './downloads.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "5 days ago", in the learner's language. */
export function daysAgo(iso: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
  return days === 0
    ? t('downloads.today')
    : days === 1
      ? t('downloads.yesterday')
      : t('downloads.daysAgo', { days });
}

/** The browser's storage: used and free, and whether it keeps the downloads when space runs low. */
function useStorage() {
  return useQuery({
    queryKey: ['storage-estimate'],
    networkMode: 'always',
    queryFn: async () => {
      const storage = navigator.storage as StorageManager | undefined;
      if (!storage?.estimate) return null;
      const { usage = 0, quota = 0 } = await storage.estimate();
      const persisted = storage.persisted ? await storage.persisted() : false;
      return { usage, free: Math.max(0, quota - usage), persisted };
    },
  });
}

/** Asks the browser to keep the downloads when space runs low, and says its answer. */
function PersistButton({ onAnswer }: { onAnswer(kept: boolean): void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => void navigator.storage.persist().then(onAnswer)}
    >
      {t('downloads.keep')}
    </button>
  );
}

/**
 * `/Downloads` (issue 32, item 3): the packs saved on this phone (subject · chapter, its lessons,
 * size, saved and confirmed dates), the storage used and free, persistent storage asked for, and
 * Remove. Everything here is read from the phone: it works offline.
 */
export function DownloadsPage() {
  const t = useT();
  useDocumentTitle(t('downloads.documentTitle'));
  const queryClient = useQueryClient();
  const packs = useSavedPacks();
  const storage = useStorage();
  const live = useLiveSaves((s) => s.saves);
  const estimate = storage.data;
  // The answer to "Keep my downloads" (null until asked).
  const [persistAnswer, setPersistAnswer] = useState<boolean | null>(null);

  const remove = async (pack: PackRecord) => {
    if (!(await confirmDialog(t('downloads.removeQuestion', { chapter: pack.chapter_name }))))
      return;
    await removeSaved(queryClient, pack.id);
    await storage.refetch();
  };

  return (
    <div className="downloads">
      <h1>{t('downloads.title')}</h1>
      <section className="card downloads-storage" aria-label={t('downloads.storage')}>
        {estimate ? (
          <>
            <p>
              <Trans
                id="downloads.usedFree"
                values={{ used: formatBytes(estimate.usage), free: formatBytes(estimate.free) }}
                components={{ 0: <strong />, 1: <strong /> }}
              />
            </p>
            {estimate.persisted || persistAnswer ? (
              <p className="muted small">{t('downloads.kept')}</p>
            ) : (
              <>
                <p className="muted small">{t('downloads.mayClear')}</p>
                <PersistButton onAnswer={setPersistAnswer} />
                {persistAnswer === false && (
                  <p className="small" role="status">
                    {t('downloads.saidNo')}
                  </p>
                )}
              </>
            )}
          </>
        ) : (
          <p className="muted small">{t('downloads.noEstimate')}</p>
        )}
      </section>

      {packs.data && packs.data.length === 0 && (
        <div className="downloads-empty">
          <p className="empty">{t('downloads.empty')}</p>
          <p className="muted">{t('downloads.emptyHint')}</p>
          <p>
            <Link to={links.boards()} className="btn btn-primary">
              {t('downloads.chooseLesson')}
            </Link>
          </p>
        </div>
      )}
      <ul className="downloads-list">
        {packs.data?.map((pack) => {
          const first = pack.topics[0];
          const running = live[pack.id];
          const usable = confirmedRecently(pack);
          const names = pack.topics.map((topic) => topic.topic_name).join(', ');
          return (
            <li key={pack.id} className="card downloads-item">
              <h2>
                {pack.subject_name && <span className="muted">{pack.subject_name} · </span>}
                {pack.chapter_name}
              </h2>
              <p className="small">
                {pack.kind === 'chapter'
                  ? t('downloads.lessons', { count: pack.topics.length, names })
                  : t('downloads.lesson', { names })}
              </p>
              <p className="small muted">
                {formatBytes(pack.bytes_stored)} · {pack.rung_height}p
                {pack.saved_at
                  ? ` · ${t('downloads.savedOn', { date: day(pack.saved_at) || pack.saved_at })}`
                  : ''}{' '}
                · {t('downloads.confirmed', { ago: daysAgo(pack.confirmed_at) })}
              </p>
              {pack.state === 'saving' && (
                <p className="small" role="status">
                  {running && !running.error
                    ? t('downloads.saving', {
                        stored: formatBytes(running.stored),
                        expected: formatBytes(running.expected),
                      })
                    : (running?.error ?? t('downloads.notFinished'))}
                </p>
              )}
              {!usable && (
                <p className="small" role="alert">
                  {t('downloads.needsConfirming')}
                </p>
              )}
              <div className="downloads-actions">
                {first && pack.state === 'saved' && usable && (
                  <Link to={links.topic(pack.chapter_id, first.topic_id)} className="btn btn-small">
                    {t('downloads.open')}
                  </Link>
                )}
                <button type="button" className="btn btn-small" onClick={() => void remove(pack)}>
                  {t('downloads.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
