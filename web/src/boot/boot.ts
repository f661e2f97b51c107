/*
 * The boot script (issue 30): index.html runs it before the bundle (a classic script in <head>,
 * built by web/vite.config.ts, as the site's CSP allows no inline script). On a lesson link of a
 * signed-in learner it starts, at once, the session refresh (under the same Web Lock as the app's
 * refreshes) and then the lesson read, and preloads the lesson's master playlist as soon as the
 * lesson answers. It leaves the two requests on window for the app to adopt (web/src/lib/boot.ts);
 * the access token stays in this closure and is never written anywhere. On every page it marks
 * `<html data-account>` with the session hint's role, so a prerendered page paints the right header.
 *
 * A script, not a module: no import (the settings come in `__GIA_BOOT__`), no global of its own.
 */
((c: GiaBootConfig) => {
  let hint: { isAuthenticated?: boolean; role?: string } | undefined;
  try {
    hint = JSON.parse(localStorage.getItem(c.sessionHint) ?? '{}').state;
  } catch {
    return;
  }
  // Before the page paints: a prerendered page's header hides the visitor's links (layout.css).
  if (hint?.isAuthenticated && hint.role)
    document.documentElement.dataset[c.accountHint] = hint.role;
  const topic = new URLSearchParams(location.search).get('topic');
  if (location.pathname !== c.lessonPage || !topic) return;
  // The lesson page is for learners: anyone else is sent to sign in by the app.
  if (!hint?.isAuthenticated || hint.role !== 'learner') return;
  const headers: Record<string, string> = { [c.csrf[0]]: c.csrf[1] };
  const post = () => fetch(c.refreshPath, { method: 'POST', headers, credentials: 'same-origin' });
  const locks = navigator.locks as LockManager | undefined;
  // The lock is held until the refresh answers (its cookie may rotate), as the app's refreshes do.
  const refresh = (locks ? locks.request(c.sessionLock, post) : post()) as Promise<Response>;
  const lesson = refresh
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ accessToken?: string }>) : undefined))
    .then((b) =>
      b?.accessToken
        ? fetch(`${c.lessonPath}?topic_id=${encodeURIComponent(topic)}`, {
            headers: { ...headers, authorization: `Bearer ${b.accessToken}` },
            credentials: 'same-origin',
          })
        : undefined,
    );
  // The playlist as soon as its cookies are set: before the bundle, the page and hls.js arrive.
  lesson
    .then((r) => (r?.ok ? (r.clone().json() as Promise<GiaLessonHead>) : undefined))
    .then((b) => {
      const url = b?.data?.video?.hls_url;
      if (!url) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'fetch');
      // As hls.js fetches it (cors mode, same-origin credentials), so the fetch finds the preload.
      link.setAttribute('crossorigin', 'anonymous');
      link.href = url;
      document.head.appendChild(link);
    })
    .catch(() => undefined);
  (window as unknown as Record<string, unknown>)[c.global] = { topic, refresh, lesson };
})(__GIA_BOOT__);
