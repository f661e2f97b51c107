import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PACK_NEEDS_CONFIRMING } from '@gia/shared/downloads-messages.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { links } from '../../lib/links.ts';
import { confirmedRecently, type PackRecord } from '../../lib/saved-packs.ts';
import { removeSaved, useLiveSaves, useSavedPacks } from './downloads.ts';
import { formatBytes } from './pack-plan.ts';
import './downloads.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "5 days ago". */
export function daysAgo(iso: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

const savedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

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
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => void navigator.storage.persist().then(onAnswer)}
    >
      Keep my downloads
    </button>
  );
}

/**
 * `/Downloads` (issue 32, item 3): the packs saved on this phone (subject · chapter, its lessons,
 * size, saved and confirmed dates), the storage used and free, persistent storage asked for, and
 * Remove. Everything here is read from the phone: it works offline.
 */
export function DownloadsPage() {
  useDocumentTitle('Downloads · GIA School');
  const queryClient = useQueryClient();
  const packs = useSavedPacks();
  const storage = useStorage();
  const live = useLiveSaves((s) => s.saves);
  const estimate = storage.data;
  // The answer to "Keep my downloads" (null until asked).
  const [persistAnswer, setPersistAnswer] = useState<boolean | null>(null);

  const remove = async (pack: PackRecord) => {
    if (!(await confirmDialog(`Remove "${pack.chapter_name}" from this phone?`))) return;
    await removeSaved(queryClient, pack.id);
    await storage.refetch();
  };

  return (
    <div className="downloads">
      <h1>Downloads</h1>
      <section className="card downloads-storage" aria-label="Storage">
        {estimate ? (
          <>
            <p>
              <strong>{formatBytes(estimate.usage)}</strong> used ·{' '}
              <strong>{formatBytes(estimate.free)}</strong> free on this phone for GIA School
            </p>
            {estimate.persisted || persistAnswer ? (
              <p className="muted small">
                Your browser keeps your downloads even when space runs low.
              </p>
            ) : (
              <>
                <p className="muted small">
                  Your browser may clear downloads when the phone runs low on space.
                </p>
                <PersistButton onAnswer={setPersistAnswer} />
                {persistAnswer === false && (
                  <p className="small" role="status">
                    The browser said no for now. It usually agrees once GIA School is installed or
                    used often.
                  </p>
                )}
              </>
            )}
          </>
        ) : (
          <p className="muted small">This browser does not say how much space is left.</p>
        )}
      </section>

      {packs.data && packs.data.length === 0 && (
        <div className="downloads-empty">
          <p className="empty">Nothing is saved on this phone yet.</p>
          <p className="muted">
            Open a lesson while online and tap &quot;Save lesson for offline&quot;, or save its
            whole chapter from the list of lessons.
          </p>
          <p>
            <Link to={links.boards()} className="btn btn-primary">
              Choose a lesson
            </Link>
          </p>
        </div>
      )}
      <ul className="downloads-list">
        {packs.data?.map((pack) => {
          const first = pack.topics[0];
          const running = live[pack.id];
          const usable = confirmedRecently(pack);
          return (
            <li key={pack.id} className="card downloads-item">
              <h2>
                {pack.subject_name && <span className="muted">{pack.subject_name} · </span>}
                {pack.chapter_name}
              </h2>
              <p className="small">
                {pack.kind === 'chapter'
                  ? `${pack.topics.length} ${pack.topics.length === 1 ? 'lesson' : 'lessons'}: `
                  : 'Lesson: '}
                {pack.topics.map((t) => t.topic_name).join(', ')}
              </p>
              <p className="small muted">
                {formatBytes(pack.bytes_stored)} · {pack.rung_height}p
                {pack.saved_at ? ` · saved ${savedOn(pack.saved_at)}` : ''} · confirmed{' '}
                {daysAgo(pack.confirmed_at)}
              </p>
              {pack.state === 'saving' && (
                <p className="small" role="status">
                  {running && !running.error
                    ? `Saving… ${formatBytes(running.stored)} of ${formatBytes(running.expected)}`
                    : (running?.error ??
                      'Not finished: it carries on by itself the next time you are online.')}
                </p>
              )}
              {!usable && (
                <p className="small" role="alert">
                  {PACK_NEEDS_CONFIRMING}
                </p>
              )}
              <div className="downloads-actions">
                {first && pack.state === 'saved' && usable && (
                  <Link to={links.topic(pack.chapter_id, first.topic_id)} className="btn btn-small">
                    Open
                  </Link>
                )}
                <button type="button" className="btn btn-small" onClick={() => void remove(pack)}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
