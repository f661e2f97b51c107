import { useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdateBar } from '../components/update-bar.tsx';

/**
 * Registers the service worker (`/sw.js`, web/src/sw/sw.ts; `vite dev` registers none) and
 * offers its new versions. A new version waits (`registerType: 'prompt'`) until the learner
 * presses Reload; when another tab's Reload switches versions, this tab does not reload by
 * itself: it offers Reload too.
 */
export function AppUpdate() {
  const asked = useRef(false);
  const {
    needRefresh: [waiting, setWaiting],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page's `load`: the precache's downloads never compete with the first paint.
    immediate: false,
    onNeedReload() {
      if (asked.current) window.location.reload();
      else setWaiting(true);
    },
  });
  return (
    <UpdateBar
      waiting={waiting}
      onReload={() => {
        asked.current = true;
        void updateServiceWorker();
      }}
      onLater={() => setWaiting(false)}
    />
  );
}
