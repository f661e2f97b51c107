/*
 * The service worker (issue 32, item 1), built by vite-plugin-pwa's injectManifest (web/build/
 * pwa.ts): the app shell precached, so the site opens with no network. No `/api/*` answer
 * (personal) and no `/media/*` file (signed, short-lived) is cached here, except what a learner
 * explicitly saved for offline (saved-packs-routes.ts), and the learner code the precache leaves
 * to the network (pdf.js) once it was downloaded, so saved notes open offline. A new version waits until the page asks it to take over (the "New version
 * available" bar, web/src/app/app-update.tsx), so it never swaps the code under a lesson.
 */
import { pageFileFor, SPA_INDEX } from '@gia/shared/page-shells.ts';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { routeSavedPacks } from './saved-packs-routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string })[] };

/**
 * What a navigation must never get from the shell: the API and media have their own answers, and
 * a file (its last segment has an extension) is not a client route, as CloudFront's
 * viewer-request function decides (infra/src/constructs/web-hosting.ts).
 */
const NOT_THE_SHELL = [/^\/api(\/|$)/, /^\/media\//, /\/[^/]*\.[^/]*$/];

// Registered before the precache's own route: that one would answer `/` with index.html, where
// the server answers the prerendered landing page.
registerRoute(
  new NavigationRoute(
    async ({ url }) => {
      // The page the server would send for this URL (shared/src/page-shells.ts), from the
      // precache; its network copy when the precache does not hold it (a first visit's race).
      const page =
        (await matchPrecache(`/${pageFileFor(url.pathname, url.search)}`)) ??
        (await matchPrecache(`/${SPA_INDEX}`));
      return page ?? fetch(url.href);
    },
    { denylist: NOT_THE_SHELL },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
routeSavedPacks();

/** The cache of built code that the precache leaves to the network (web/build/pwa.ts). */
const LATER_CODE_CACHE = 'gia-later-code';

// Built files are named by their content's hash, so a kept copy is never stale. The few kept are
// pdf.js and its worker (a save for offline downloads them, web/src/features/downloads/), so
// saved notes open with no network, and the learner's language: its message catalogue's parts
// (up to 8 a language, web/src/locales/parts.ts) and, on a phone without its own Noto, its fonts
// (issue 33), so a page in Kannada opens offline in Kannada once it was opened online with the
// service worker in charge. Room for two languages' parts beside pdf.js and the maths renderer;
// the least recently used make way after a few builds.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: LATER_CODE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
);

// The page's "Reload" (workbox-window's messageSkipWaiting, through useRegisterSW).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
