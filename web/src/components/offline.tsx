import { useEffect } from 'react';
import { NOT_SAVED_FOR_OFFLINE } from '@gia/shared/downloads-messages.ts';
import { useOnline } from '../lib/online.ts';
import { clearDropped, pendingText, startOutbox, useOutbox } from '../lib/outbox.ts';

/**
 * The bar under the header while the browser is offline (issue 32, item 2): what is already on
 * screen stays usable, and reads waiting for the network resume by themselves when it returns;
 * with how many answers wait in the outbox to sync (item 5). It also starts the outbox (it sends
 * what waits at start and whenever the app is back online) and tells of a write the server
 * refused for good.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { entries, dropped } = useOutbox();
  useEffect(() => startOutbox(), []);
  const pending = pendingText(entries);
  return (
    <>
      {!online && (
        <div className="offline-banner" role="status">
          <strong>You&apos;re offline.</strong> What is on screen stays; the rest loads when
          you&apos;re back online.{pending && <> {pending}.</>}
        </div>
      )}
      {dropped.length > 0 && (
        <div className="offline-banner" role="alert">
          {dropped.length === 1
            ? `Something you did offline could not be saved: ${dropped[0]!.message}`
            : `${dropped.length} things you did offline could not be saved: ${dropped[0]!.message}`}{' '}
          <button type="button" className="link-btn" onClick={clearDropped}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

/**
 * In place of a skeleton that would wait for a network that is not there: what is missing and
 * that it comes by itself (the read is paused, not failed). `todo`: how to have it offline
 * next time, where the learner can (a lesson saved for offline).
 */
export function OfflineNotice({ what, todo }: { what: string; todo?: string }) {
  return (
    <div className="offline-notice" role="status">
      <p>
        <strong>You&apos;re offline.</strong>{' '}
        {todo ? NOT_SAVED_FOR_OFFLINE : 'Not saved on this device'}: {what}.
      </p>
      <p className="muted">It loads by itself as soon as you&apos;re back online.</p>
      {todo && <p>{todo}</p>}
    </div>
  );
}
