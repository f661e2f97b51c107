import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnline } from '../../lib/online.ts';
import { PACK_CACHE_PREFIX } from '../../lib/saved-packs.ts';
import { useSession } from '../../lib/session.ts';
import type { TopicExtra } from './downloads.ts';

/** The extras of every pack ({@link TopicExtra}), as the app last passed them. */
let extras: readonly TopicExtra[] = [];

/** The downloads' code, loaded only where there may be packs to keep (a learner's, or to clear). */
const downloads = () =>
  import('./downloads.ts').then((d) => {
    d.setTopicExtras(extras);
    return d;
  });

/**
 * Keeps the packs saved for offline true to the session (issue 32, item 4), mounted once by the
 * app; renders nothing.
 *
 * - Online with a learner's session (at start, and each time the network returns): entitlement
 *   is checked again and unfinished saves carry on (downloads.ts `keepPacks`).
 * - No learner signed in on this phone (signed out, or never): every pack is removed, so the next
 *   person on a shared phone never finds a paid course.
 */
export function DownloadsKeeper({
  topicExtras = [],
}: {
  /**
   * What every pack keeps per topic besides its files: where the practice packs of issue 32
   * item 5 are passed in (`{ save: savePracticePack, remove: removePracticePack }`).
   */
  topicExtras?: readonly TopicExtra[];
}) {
  extras = topicExtras;
  const queryClient = useQueryClient();
  const online = useOnline();
  const learner = useSession((s) =>
    s.status === 'signed-in' && s.role === 'learner'
      ? s.user?.empid || s.user?.email || 'learner'
      : null,
  );

  useEffect(() => {
    if (!('caches' in window)) return;
    if (online && learner) void downloads().then((d) => d.keepPacks(queryClient));
  }, [online, learner, queryClient]);

  useEffect(() => {
    if (!('caches' in window)) return;
    // The store itself, not the render's value: a prerendered page hydrates with the build's
    // state (no session), which must not be read as a sign-out.
    let cleared = false;
    const clearWhenSignedOut = (s: { isAuthenticated: boolean }) => {
      if (s.isAuthenticated || cleared) return;
      cleared = true;
      void caches
        .keys()
        .then((names) =>
          names.some((n) => n.startsWith(PACK_CACHE_PREFIX))
            ? downloads().then((d) => d.forgetPacks(queryClient))
            : undefined,
        )
        .finally(() => {
          cleared = false;
        });
    };
    clearWhenSignedOut(useSession.getState());
    return useSession.subscribe(clearWhenSignedOut);
  }, [queryClient]);

  return null;
}
