import { useEffect } from 'react';
import { useT } from '../lib/i18n.ts';
import { Trans } from '../lib/trans.tsx';
import { useOnline } from '../lib/online.ts';
import { clearDropped, pendingText, startOutbox, useOutbox } from '../lib/outbox.ts';
import { serverText } from '../lib/server-text.ts';

/**
 * The bar under the header while the browser is offline (issue 32, item 2): what is already on
 * screen stays usable, and reads waiting for the network resume by themselves when it returns;
 * with how many answers wait in the outbox to sync (item 5). It also starts the outbox (it sends
 * what waits at start and whenever the app is back online) and tells of a write the server
 * refused for good.
 */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  const { entries, dropped } = useOutbox();
  useEffect(() => startOutbox(), []);
  const pending = pendingText(entries);
  return (
    <>
      {!online && (
        <div className="offline-banner" role="status">
          <Trans id="common.offline.banner" components={{ 0: <strong /> }} />
          {pending && <> {pending}.</>}
        </div>
      )}
      {dropped.length > 0 && (
        <div className="offline-banner" role="alert">
          {t('common.offline.dropped', {
            count: dropped.length,
            message: serverText(dropped[0]!),
          })}{' '}
          <button type="button" className="link-btn" onClick={clearDropped}>
            {t('common.dismiss')}
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
  const t = useT();
  return (
    <div className="offline-notice" role="status">
      <p>
        <strong>{t('common.offline.youAre')}</strong>{' '}
        {todo
          ? t('common.offline.notSavedForOffline', { what })
          : t('common.offline.notSavedHere', { what })}
      </p>
      <p className="muted">{t('common.offline.loadsBySelf')}</p>
      {todo && <p>{todo}</p>}
    </div>
  );
}
