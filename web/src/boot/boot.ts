/*
 * The boot script (issue 30): index.html runs it before the bundle (a classic script in <head>,
 * bundled by web/vite.config.ts, as the site's CSP allows no inline script). On a lesson link of a
 * signed-in learner it starts, at once, the session refresh (under the same Web Lock as the app's
 * refreshes) and then the lesson read. It leaves the two requests on window for the app to adopt
 * (web/src/lib/boot.ts); the access token stays in this closure and is never written anywhere. On
 * every page it marks `<html data-account>` with the session hint's role, so a prerendered page
 * paints the right header.
 *
 * Where the browser plays HLS itself (Chrome, Android, Safari), the lesson starts before the app:
 * its rendition playlist and first segment are fetched at once, and a video that a tap plays stands
 * over the prerendered player frame, for the player to adopt with its own controls. The prerendered
 * lesson page keeps the app's scripts in a <template> (web/build/prerender.ts) so they do not
 * share a slow link with the first segment: they start when it is in, or at once where the
 * lesson does not start early. Elsewhere the bundle plays the lesson through hls.js, and the
 * script preloads the master playlist for it.
 *
 * On a prerendered public page it starts, at once, the public catalogue reads the page makes on
 * arrival (./page-reads.ts), as the app sends them, for the app to adopt: on a slow phone the data
 * is in when the app renders, not one round trip after it hydrated.
 *
 * A script, not a module: its imports are bundled in, the settings come in `__GIA_BOOT__`, and it
 * leaves no global of its own but the one the app adopts.
 */
import { dataSaverOn } from '../components/video-player/data-saver-rule.ts';
import { startEstimate } from '../components/video-player/link-estimate.ts';
import { startRung } from '../components/video-player/start-rung.ts';
import type { BootRequests } from '../lib/boot-contract.ts';
import { isUiLanguage } from '@gia/shared/languages.ts';
import {
  CHOSEN_ATTRIBUTE,
  LANGUAGE_KEY,
  openingLanguage,
  withLanguage,
} from '../lib/language-choice.ts';
import { readsFor } from './reads-for.ts';

type LessonVideo = NonNullable<NonNullable<GiaLessonHead['data']>['video']>;

((c: GiaBootConfig) => {
  const whenParsed = (run: () => void) => {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  };

  let appStarted = false;
  /**
   * The app's script (on the lesson page its preloads and stylesheet too), out of its <template>:
   * a prerendered page holds it there (web/build/app-on-cue.ts).
   */
  const startApp = () =>
    whenParsed(() => {
      if (appStarted) return;
      appStarted = true;
      const template = document.getElementById(c.appTemplate);
      if (!(template instanceof HTMLTemplateElement)) return;
      // New elements: a script parsed inside a template never runs, even once moved out.
      for (const el of Array.from(template.content.children)) {
        const copy = document.createElement(el.localName);
        for (const a of Array.from(el.attributes)) copy.setAttribute(a.name, a.value);
        document.head.appendChild(copy);
      }
      template.remove();
    });

  /**
   * The app once the page has painted from its HTML: on a slow phone whose link is fast (school
   * Wi-Fi) the bundle is in before the first frame, and running it first would hold the page
   * blank behind the app's start. The frame's callback runs before that frame is drawn, the
   * timeout after; the second timeout starts it where no frame comes (a tab opened behind).
   */
  const startAppAfterPaint = () =>
    whenParsed(() => {
      requestAnimationFrame(() => setTimeout(startApp));
      setTimeout(startApp, c.appAfterPaintMs);
    });

  const headers: Record<string, string> = { [c.csrf[0]]: c.csrf[1] };
  /** Leaves `requests` on window for the app (web/src/lib/boot.ts), beside what is there. */
  const leave = (requests: BootRequests): BootRequests => {
    const w = window as unknown as Record<string, BootRequests | undefined>;
    return (w[c.global] = { ...w[c.global], ...requests });
  };

  // The learner's language (issue 33), before the page paints: `<html lang>`, the choice bar
  // hidden once chosen (layout.css), and the reads asked in it, as the app's `call` asks them.
  let language: ReturnType<typeof openingLanguage>;
  try {
    language = openingLanguage(localStorage, location.search);
  } catch {
    language = undefined;
  }
  if (language) {
    document.documentElement.lang = language;
    document.documentElement.dataset[CHOSEN_ATTRIBUTE] = '';
  }

  // A language picked before the app runs (the page paints from its HTML seconds before it on a
  // slow phone, and its buttons do nothing until then): kept, as the app keeps it, so the app
  // opens in it, and the first visit's choice bar hides at once (layout.css). Once the app runs,
  // its own handlers do the same.
  const keepPicked = (e: Event) => {
    const picker = e.target instanceof Element ? e.target.closest(c.languagePickers) : null;
    const isSelect = picker instanceof HTMLSelectElement;
    // A button counts when tapped, the select when changed (a tap on it only opens it).
    if (!picker || isSelect !== (e.type === 'change')) return;
    const picked = isSelect ? picker.value : picker.getAttribute('lang');
    if (!isUiLanguage(picked)) return;
    try {
      localStorage.setItem(LANGUAGE_KEY, picked);
    } catch {
      // Private mode: the app, once it runs, still speaks what is tapped then.
    }
    document.documentElement.dataset[CHOSEN_ATTRIBUTE] = '';
  };
  document.addEventListener('click', keepPicked, true);
  document.addEventListener('change', keepPicked, true);

  // The page's public reads first, as the app's `call` sends them (no token: their answer is the
  // same for everyone); a failed one leaves `undefined`, and the app sends its own.
  const paths = readsFor(c.pageReads, location.pathname);
  if (paths.length) {
    const reads: NonNullable<BootRequests['reads']> = {};
    for (const read of paths) {
      const path = withLanguage(read, language);
      reads[path] = fetch(path, { headers, credentials: 'same-origin', cache: 'no-cache' }).catch(
        () => undefined,
      );
    }
    leave({ reads });
  }

  let hint: { isAuthenticated?: boolean; role?: string } | undefined;
  try {
    hint = JSON.parse(localStorage.getItem(c.sessionHint) ?? '{}').state;
  } catch {
    startAppAfterPaint();
    return;
  }
  // Before the page paints: a prerendered page's header hides the visitor's links (layout.css).
  if (hint?.isAuthenticated && hint.role)
    document.documentElement.dataset[c.accountHint] = hint.role;
  const params = new URLSearchParams(location.search);
  const topic = params.get('topic');
  // The link's chapter saves the lesson read a request (docs/api.md, getLesson).
  const chapter = params.get('chapter');
  // The lesson page is for learners: anyone else is sent to sign in by the app.
  if (
    location.pathname !== c.lessonPage ||
    !topic ||
    !hint?.isAuthenticated ||
    hint.role !== 'learner'
  ) {
    startAppAfterPaint();
    return;
  }
  const native =
    document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
  // Without HLS of its own, the browser needs the bundle's hls.js: nothing to wait for.
  if (!native) startApp();

  const post = () => fetch(c.refreshPath, { method: 'POST', headers, credentials: 'same-origin' });
  const locks = navigator.locks as LockManager | undefined;
  // The lock is held until the refresh answers (its cookie may rotate), as the app's refreshes do.
  const refresh = (locks ? locks.request(c.sessionLock, post) : post()) as Promise<Response>;
  const lesson = refresh
    .then((r) => (r.ok ? (r.clone().json() as Promise<{ accessToken?: string }>) : undefined))
    .then((b) =>
      b?.accessToken
        ? fetch(
            withLanguage(
              `${c.lessonPath}?topic_id=${encodeURIComponent(topic)}` +
                (chapter ? `&chapter_id=${encodeURIComponent(chapter)}` : ''),
              language,
            ),
            {
              headers: { ...headers, authorization: `Bearer ${b.accessToken}` },
              credentials: 'same-origin',
            },
          )
        : undefined,
    );
  const left = leave({ topic, refresh, lesson });

  /** The master playlist, preloaded as hls.js fetches it (cors mode, same-origin credentials). */
  const preloadMaster = (url: string) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.setAttribute('crossorigin', 'anonymous');
    link.href = url;
    document.head.appendChild(link);
  };

  /** Starts the video in the browser's own HLS player over the page's player frame. */
  const startEarly = (body: GiaLessonHead, video: LessonVideo & { hls_url: string }) => {
    const frame = document.querySelector(c.playerFrame);
    const renditions = [...(video.renditions ?? [])].sort((a, b) => a.height - b.height);
    if (!frame || !renditions.length) return false;
    const box = frame.getBoundingClientRect();
    const rung =
      renditions[
        startRung(
          renditions,
          { width: box.width, height: box.height, devicePixelRatio: window.devicePixelRatio },
          startEstimate(localStorage, navigator),
          dataSaverOn(localStorage, navigator),
        )
      ]!;
    // The i-th rendition is the ladder's i-th rung (never above the source: a prefix of it), whose
    // name the files carry; a source below the lowest rung has that rung at its own height.
    const name = c.rungNames[renditions.indexOf(rung)];
    if (!name) return false;
    const base = new URL(video.hls_url, location.href);
    const playlist = new URL(c.renditionPlaylist.replace('{rung}', name), base).href;
    // A link to a second of the video (a search result, `&t=134`) starts there, else the video
    // resumes where the learner stopped.
    const asked = Number(params.get('t') ?? NaN);
    const position =
      Number.isFinite(asked) && asked >= 0
        ? asked
        : (body.data?.chapter?.topics?.find((t) => t.topic_id === topic)?.progress
            ?.position_seconds ?? 0);
    const index = String(Math.floor(position / c.segmentSeconds) + 1).padStart(
      c.segment.digits,
      '0',
    );
    const segment = new URL(
      `${c.segment.prefix.replace('{rung}', name)}${index}${c.segment.suffix}`,
      base,
    ).href;
    // Both at once, into the browser's cache (the HLS answers may be kept privately): the player's
    // own requests for them are answered from it, a round trip sooner.
    for (const url of [playlist, segment])
      void fetch(url, { credentials: 'same-origin', priority: 'high' } as RequestInit).catch(
        () => undefined,
      );

    const v = document.createElement('video');
    const holder = document.createElement('div');
    v.dataset.hls = video.hls_url;
    v.dataset.rung = String(rung.height);
    v.playsInline = true;
    v.preload = 'auto';
    v.tabIndex = 0;
    v.setAttribute('aria-label', `Video: ${body.data?.topic?.topic_name ?? ''}`);
    Object.assign(v.style, { width: '100%', height: '100%', display: 'block', background: '#000' });
    if (position > 0)
      v.addEventListener('loadedmetadata', () => void (v.currentTime = position), { once: true });
    // A tap (or Space, Enter) plays and pauses, from the first moment: play() waits for the data.
    // Once the player has taken the video out of this box, its own controls do.
    const toggle = () => void (v.paused ? v.play().catch(() => undefined) : v.pause());
    v.addEventListener('click', () => {
      if (holder.contains(v)) toggle();
    });
    v.addEventListener('keydown', (e) => {
      if (!holder.contains(v) || (e.key !== ' ' && e.key !== 'Enter')) return;
      e.preventDefault();
      toggle();
    });
    v.src = playlist;
    // Over the frame, outside the app's root (the app hydrates the page around it), with a play
    // mark that lets taps through to the video, until the player takes the video.
    holder.dataset[c.bootPlayer] = '';
    const mark = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    mark.setAttribute('viewBox', '0 0 64 64');
    mark.setAttribute('aria-hidden', 'true');
    mark.innerHTML =
      '<circle cx="32" cy="32" r="30" fill="rgba(15,23,42,.7)"/><path d="M26 20v24l19-12z" fill="#fff"/>';
    Object.assign(mark.style, {
      position: 'absolute',
      left: 'calc(50% - 32px)',
      top: 'calc(50% - 32px)',
      width: '64px',
      height: '64px',
      pointerEvents: 'none',
    });
    v.addEventListener('play', () => mark.remove(), { once: true });
    holder.append(v, mark);
    const fit = () => {
      if (!holder.isConnected) {
        removeEventListener('resize', fit);
        return;
      }
      const r = frame.getBoundingClientRect();
      Object.assign(holder.style, {
        // The frame's rounded corners, as the player's (the inlined CSS styles only the frame).
        borderRadius: getComputedStyle(frame).borderRadius,
        overflow: 'hidden',
        position: 'absolute',
        left: `${r.left + scrollX}px`,
        top: `${r.top + scrollY}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
    };
    document.body.appendChild(holder);
    fit();
    addEventListener('resize', fit);
    left.video = v;
    // The app once the first segment is in (or the video failed), at the latest after appWaitMs.
    v.addEventListener('canplay', startApp, { once: true });
    // A video that cannot play here is not left to the player: the app plays the lesson itself.
    v.addEventListener(
      'error',
      () => {
        if (left.video === v) delete left.video;
        holder.remove();
        startApp();
      },
      { once: true },
    );
    setTimeout(startApp, c.appWaitMs);
    return true;
  };

  lesson
    .then((r) => (r?.ok ? (r.clone().json() as Promise<GiaLessonHead>) : undefined))
    .then((body) => {
      const video = body?.data?.video;
      const hls = video?.hls_url;
      if (!body || !video || !hls) return startApp();
      whenParsed(() => {
        if (native && startEarly(body, { ...video, hls_url: hls })) return;
        preloadMaster(hls);
        startApp();
      });
    })
    .catch(startApp);
})(__GIA_BOOT__);
