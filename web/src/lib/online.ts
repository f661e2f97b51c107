import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the browser is online (issue 32, item 2), as the query cache sees it: TanStack Query's
 * onlineManager follows the `online` and `offline` events, pauses reads while offline and resumes
 * them by itself when the network returns. The app reads the same state, so what it says and what
 * the cache does never disagree.
 */

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
// A prerendered page is built online.
const onServer = () => true;

/** `false` while the browser is offline. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, onServer);

/**
 * At start (web/src/main.tsx): a page opened with no network, as the service worker's shell
 * allows (issue 32, item 1), starts offline. The onlineManager assumes online until an `offline`
 * event, which such a page never gets; `navigator.onLine` is trusted only when it says offline
 * (when it says online there may still be no internet, which failed reads then tell).
 */
export function startOnlineState(nav: Pick<Navigator, 'onLine'> = navigator) {
  if (nav.onLine === false) onlineManager.setOnline(false);
}
