import { onlineManager } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppUpdate } from './app/app-update.tsx';
import { hydratingOver } from './lib/hydration.ts';
import { openLanguage } from './lib/i18n.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { startOnlineState } from './lib/online.ts';
import { applyDeferredStyles } from './lib/deferred-styles.ts';
import { reshapeOnFontLoads } from './lib/font-swap.ts';
import { showSessionStatus } from './lib/session.ts';
import { startSession } from './lib/session-sync.ts';
import './styles/index.css';

// Before the first render: the guards wait while a persisted session is restored from its cookie.
void startSession();
showSessionStatus(document.documentElement);

applyDeferredStyles();
reshapeOnFontLoads();
startOnlineState();
// The network back on a page that started offline (issue 32): the session is restored from its
// cookie before any guarded screen decides (listening before the app does, it goes first).
onlineManager.subscribe((online) => {
  if (online) void startSession();
});
// Kept from the start: the browser may hand the prompt over before any page asks for it.
captureInstallPrompt();
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
    {/* Renders nothing until a new version waits, so it never differs from a prerendered page. */}
    <AppUpdate />
  </StrictMode>
);
// A prerendered page (issue 30, web/build/prerender.ts) is hydrated: its first render is the
// build's (no session, no data), so React adopts the HTML that already painted. As a transition:
// React then hydrates in short slices that let the browser answer a tap between them, instead of
// one long task while the page already shows (Lighthouse's Total Blocking Time). index.html, the
// page of every other route, has an empty root.
//
// The page opens in the learner's language (issue 33): English is in this chunk; another
// language's catalogue is fetched first. A prerendered page is English, so in another language
// the app renders it anew instead of adopting it (the English stays on screen until then).
void openLanguage().then((language) => {
  if (root.firstElementChild && language === 'en') {
    hydratingOver(root);
    startTransition(() => void hydrateRoot(root, app));
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
});
