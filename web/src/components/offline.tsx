import { useOnline } from '../lib/online.ts';

/**
 * The bar under the header while the browser is offline (issue 32, item 2): what is already on
 * screen stays usable, and reads waiting for the network resume by themselves when it returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>You&apos;re offline.</strong> What is on screen stays; the rest loads when you&apos;re
      back online.
    </div>
  );
}

/**
 * In place of a skeleton that would wait for a network that is not there: what is missing and
 * that it comes by itself (the read is paused, not failed).
 */
export function OfflineNotice({ what }: { what: string }) {
  return (
    <div className="offline-notice" role="status">
      <p>
        <strong>You&apos;re offline.</strong> Not saved on this device: {what}.
      </p>
      <p className="muted">It loads by itself as soon as you&apos;re back online.</p>
    </div>
  );
}
