import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../lib/api-paths.ts';
import { takeBootRead } from '../lib/boot.ts';
import { BOOT_NAMES, type BootConfig, type BootRequests } from '../lib/boot-contract.ts';
import { LANGUAGE_KEY } from '../lib/language-choice.ts';
import { pageReads } from './page-reads.ts';

/** The settings web/vite.config.ts writes into the built script. */
const config: BootConfig = {
  ...BOOT_NAMES,
  refreshPath: apiPath('learner.login.refresh'),
  lessonPath: apiPath('catalogue.getLesson'),
  csrf: ['x-requested-with', 'XMLHttpRequest'],
  renditionPlaylist: 'master_{rung}.m3u8',
  rungNames: ['234p', '360p', '480p', '720p'],
  segment: { prefix: 'master_{rung}_', digits: 5, suffix: '.ts' },
  segmentSeconds: 4,
  pageReads: pageReads(),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HLS = '/media/private/hls/abc/master.m3u8';

/** The lesson's video as getLesson answers it. */
const RUNGS = [
  { height: 720, bitrate_kbps: 2000 },
  { height: 234, bitrate_kbps: 72 },
  { height: 360, bitrate_kbps: 400 },
];
const VIDEO = { hls_url: HLS, renditions: [...RUNGS] };

/** The server: the refresh gives a token, the lesson a video (and the learner's place in it). */
function server(
  refresh = () => json(200, { accessToken: 'boot-token', expires_in: 3600 }),
  position = 0,
) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === config.refreshPath
      ? refresh()
      : url.startsWith(config.lessonPath)
        ? json(200, {
            message: 'Lesson',
            data: {
              topic: { topic_id: 't1', topic_name: 'Real numbers' },
              chapter: { topics: [{ topic_id: 't1', progress: { position_seconds: position } }] },
              video: VIDEO,
            },
          })
        : new Response('#EXTM3U'),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Opens `url` with the persisted hint, and runs the boot script as index.html does. */
async function boot(url: string, hint: object | null) {
  window.history.replaceState(null, '', url);
  if (hint) localStorage.setItem('root', JSON.stringify({ state: hint, version: 0 }));
  vi.stubGlobal('__GIA_BOOT__', config);
  vi.resetModules();
  // A script: it runs for its effect, as in the page.
  await import('./boot.ts');
  return (window as unknown as Record<string, BootRequests | undefined>).__giaBoot;
}

const learner = { isAuthenticated: true, role: 'learner' };

beforeEach(() => {
  delete (window as { __giaBoot?: unknown }).__giaBoot;
  document.head.querySelectorAll('link[rel=preload]').forEach((l) => l.remove());
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { locks?: unknown }).locks;
  window.history.replaceState(null, '', '/');
});

describe('the boot script on a lesson link', () => {
  it('refreshes the learner’s session, then reads the lesson with that token, and leaves both for the app', async () => {
    const fetchMock = server();

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    const lesson = await left!.lesson;

    expect(left!.topic).toBe('t1');
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[0]!;
    expect(refreshUrl).toBe(config.refreshPath);
    expect(refreshInit).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refreshInit?.body).toBeUndefined();
    const [lessonUrl, lessonInit] = fetchMock.mock.calls[1]!;
    // The link's chapter rides along: the server reads the topic from its chapter (one read less).
    expect(lessonUrl).toBe(`${config.lessonPath}?topic_id=t1&chapter_id=ch1`);
    expect(lessonInit?.headers).toMatchObject({ authorization: 'Bearer boot-token' });
    // The app reads both answers itself: their bodies are still unread.
    expect((await (await left!.refresh!).json()).accessToken).toBe('boot-token');
    expect(lesson?.bodyUsed).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('boot-token');
  });

  it('preloads the master playlist as soon as the lesson answers', async () => {
    server();
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await left!.lesson;

    await vi.waitFor(() => {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload]');
      expect(link?.getAttribute('href')).toBe(HLS);
      expect(link?.getAttribute('as')).toBe('fetch');
      expect(link?.getAttribute('crossorigin')).toBe('anonymous');
    });
  });

  it('takes the session’s Web Lock around the refresh, as every tab’s refresh does', async () => {
    server();
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await left!.lesson;

    expect(request).toHaveBeenCalledWith('gia-session', expect.any(Function));
  });

  it('reads no lesson when the session could not be refreshed', async () => {
    const fetchMock = server(() => json(401, { message: 'expired', code: 'UNAUTHENTICATED' }));

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);

    expect(await left!.lesson).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a signed-out visitor, another page, or a lesson link without a topic', async () => {
    const fetchMock = server();

    expect(await boot('/GetTopic?chapter=ch1&topic=t1', null)).toBeUndefined();
    expect(
      await boot('/GetTopic?chapter=ch1&topic=t1', { isAuthenticated: true, role: 'admin' }),
    ).toBeUndefined();
    expect(await boot('/Profile?topic=t1', learner)).toBeUndefined();
    expect(await boot('/GetTopic?chapter=ch1', learner)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the boot script where the browser plays HLS itself', () => {
  /** The prerendered lesson page: its player frame, and the app's tags held in a template. */
  beforeEach(async () => {
    // An earlier test's page that was not a lesson starts its app a moment after it was parsed:
    // that has happened, and does not empty this test's template.
    await new Promise((resolve) => setTimeout(resolve, config.appAfterPaintMs + 10));
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    document.body.innerHTML = '<div class="lesson-main"><div class="player"></div></div>';
    vi.spyOn(document.querySelector('.player')!, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 100, width: 360, height: 203 }),
    );
    const template = document.createElement('template');
    template.id = config.appTemplate;
    template.innerHTML =
      '<script type="module" crossorigin src="/assets/index-x.js"></script><link rel="modulepreload" crossorigin href="/assets/chunk-y.js">';
    document.head.appendChild(template);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.head
      .querySelectorAll('script[type=module], link[rel=modulepreload], template')
      .forEach((e) => e.remove());
    localStorage.clear();
  });

  const appScript = () => document.head.querySelector('script[type=module]');

  it('starts the lesson on the rung the phone’s player fits, fetching its playlist and first segment at once, and holds the app until the segment is in', async () => {
    const fetchMock = server();
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);

    await vi.waitFor(() => expect(left!.video).toBeDefined());
    const video = left!.video!;
    // No link measured on this device: a slow link's rung.
    expect(video.src).toBe('http://localhost:3000/media/private/hls/abc/master_234p.m3u8');
    expect(video.dataset).toMatchObject({ hls: HLS, rung: '234' });
    expect(video.getAttribute('aria-label')).toBe('Video: Real numbers');
    // In a box over the frame, outside the app's root, with a play mark that lets taps through.
    const box = video.parentElement!;
    expect(box.parentNode).toBe(document.body);
    expect(box.dataset.bootPlayer).toBe('');
    expect(box.style).toMatchObject({ position: 'absolute', top: '100px', width: '360px' });
    expect(box.querySelector('svg')?.style.pointerEvents).toBe('none');
    // A tap plays it before any data is in (play() waits for it), and its mark goes.
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    video.click();
    expect(play).toHaveBeenCalledTimes(1);
    expect(box.querySelector('svg')).toBeNull();
    const fetched = fetchMock.mock.calls.map(([url]) => url).slice(2);
    expect(fetched).toEqual([
      'http://localhost:3000/media/private/hls/abc/master_234p.m3u8',
      'http://localhost:3000/media/private/hls/abc/master_234p_00001.ts',
    ]);
    expect(document.head.querySelector('link[rel=preload]')).toBeNull();
    expect(appScript()).toBeNull();

    video.dispatchEvent(new Event('canplay'));

    // New elements (a script parsed in a template never runs), the template gone.
    expect(appScript()?.getAttribute('src')).toBe('/assets/index-x.js');
    expect(document.head.querySelector('link[rel=modulepreload]')?.getAttribute('href')).toBe(
      '/assets/chunk-y.js',
    );
    expect(document.getElementById(config.appTemplate)).toBeNull();
  });

  it('starts where the learner stopped, on a faster rung when this device measured the link, and the app after appWaitMs at the latest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    localStorage.setItem('gia.video.bandwidth', JSON.stringify({ bps: 5_000_000, at: Date.now() }));
    vi.stubGlobal('devicePixelRatio', 3);
    const fetchMock = server(undefined, 130);
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);

    await vi.waitFor(() => expect(left!.video).toBeDefined());
    // A 360 px frame at a pixel ratio of 3 (capped at 1.5, as hls.js does: 540 px) holds 360p
    // at most, never 720p however fast the link.
    expect(left!.video!.dataset.rung).toBe('360');
    // 130 s is in the 33rd 4 s segment.
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      'http://localhost:3000/media/private/hls/abc/master_360p_00033.ts',
    );
    expect(appScript()).toBeNull();
    vi.advanceTimersByTime(config.appWaitMs);
    expect(appScript()).not.toBeNull();
  });

  it('keeps the lowest rung with data saver, and starts the app at once for a page that is not a learner’s lesson', async () => {
    localStorage.setItem('gia.video.data-saver', JSON.stringify({ state: { choice: true } }));
    localStorage.setItem('gia.video.bandwidth', JSON.stringify({ bps: 5_000_000, at: Date.now() }));
    server();
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await vi.waitFor(() => expect(left!.video?.dataset.rung).toBe('234'));

    document.head.appendChild(
      document.getElementById(config.appTemplate) ?? document.createElement('template'),
    );
    await boot('/AllCourse', learner);
    await vi.waitFor(() => expect(appScript()).not.toBeNull());
  });

  it('names the files by the ladder’s rung, also for a source below the lowest rung', async () => {
    server();
    VIDEO.renditions.splice(0, 3, { height: 180, bitrate_kbps: 72 });
    try {
      const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
      await vi.waitFor(() => expect(left!.video).toBeDefined());
      expect(left!.video!.src).toBe('http://localhost:3000/media/private/hls/abc/master_234p.m3u8');
      expect(left!.video!.dataset.rung).toBe('180');
    } finally {
      VIDEO.renditions.splice(0, 1, ...RUNGS);
    }
  });

  it('removes a video that cannot play here and starts the app, which plays the lesson itself', async () => {
    server();
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await vi.waitFor(() => expect(left!.video).toBeDefined());
    const box = left!.video!.parentElement!;

    left!.video!.dispatchEvent(new Event('error'));

    expect(left!.video).toBeUndefined();
    expect(box.isConnected).toBe(false);
    expect(appScript()).not.toBeNull();
  });

  it('starts the app at once when the lesson has nothing to play early (no refresh, no video)', async () => {
    server(() => json(401, { message: 'expired', code: 'UNAUTHENTICATED' }));
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await left!.lesson;
    await vi.waitFor(() => expect(appScript()).not.toBeNull());
    expect(left!.video).toBeUndefined();
  });
});

describe('the boot script on any page', () => {
  afterEach(() => {
    delete document.documentElement.dataset.account;
    localStorage.clear();
  });

  it('starts a public page’s app once the page has painted, or after appAfterPaintMs where no frame comes', async () => {
    const template = () => {
      const t = document.createElement('template');
      t.id = config.appTemplate;
      t.innerHTML = '<script type="module" crossorigin src="/assets/index-x.js"></script>';
      document.head.appendChild(t);
    };
    const appScript = () => document.head.querySelector('script[type=module]');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    try {
      template();
      await boot('/AllCourse', null);
      expect(appScript()).toBeNull();
      // The frame is drawn: then the app.
      vi.advanceTimersToNextFrame();
      expect(appScript()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(appScript()?.getAttribute('src')).toBe('/assets/index-x.js');
      expect(document.getElementById(config.appTemplate)).toBeNull();
      appScript()!.remove();

      // No frame (a tab opened behind another): the app all the same, a moment later.
      vi.stubGlobal('requestAnimationFrame', () => 0);
      template();
      await boot('/', null);
      vi.advanceTimersByTime(config.appAfterPaintMs - 1);
      expect(appScript()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(appScript()).not.toBeNull();
    } finally {
      vi.useRealTimers();
      appScript()?.remove();
      document.getElementById(config.appTemplate)?.remove();
    }
  });

  it('marks <html data-account> with the hint’s role before the page paints, for its header', async () => {
    server();

    await boot('/GetBoard', learner);
    expect(document.documentElement.dataset.account).toBe('learner');

    delete document.documentElement.dataset.account;
    localStorage.clear();
    await boot('/', { isAuthenticated: false, role: null });
    expect(document.documentElement.dataset.account).toBeUndefined();
  });
});

describe('a language picked before the app runs', () => {
  afterEach(() => {
    document.body.replaceChildren();
    delete document.documentElement.dataset.languageChosen;
    localStorage.clear();
  });

  it('is kept from the first visit’s choice or the header’s select, so the app opens in it, and the choice bar hides', async () => {
    document.body.innerHTML = `
      <section class="language-choice">
        <p><span lang="en">Choose your language</span> · <span lang="hi">अपनी भाषा चुनें</span></p>
        <button type="button" lang="en">English</button>
        <button type="button" lang="kn">ಕನ್ನಡ</button>
      </section>
      <label class="language-select"><select>
        <option value="en">English</option><option value="hi">हिन्दी</option>
      </select></label>
      <button type="button" lang="hi" class="other">हिन्दी</button>`;
    server();
    await boot('/', null);
    const kept = () => localStorage.getItem(LANGUAGE_KEY);
    const click = (selector: string) =>
      document.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));

    // The prompt's words and a button elsewhere are no choice.
    click('.language-choice span[lang="hi"]');
    click('button.other');
    expect(kept()).toBeNull();
    expect(document.documentElement.dataset.languageChosen).toBeUndefined();

    click('.language-choice button[lang="kn"]');
    expect(kept()).toBe('kn');
    expect(document.documentElement.dataset.languageChosen).toBe('');

    // The select counts when it changes, not when it is tapped open.
    const select = document.querySelector('select')!;
    select.value = 'hi';
    click('select');
    expect(kept()).toBe('kn');
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(kept()).toBe('hi');
  });
});

describe('the boot script on a public page', () => {
  const outline = (id: string) => apiPath('catalogue.getSubjectOutline', { subjectId: id });
  const subjects = apiPath('catalogue.getSubjects', {}, { limit: 1000 });

  it('starts the page’s public reads as the app sends them, and the app takes each answer once', async () => {
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      json(200, { data: [], next_cursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const left = await boot('/AllCourse', null);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(subjects, {
      headers: { [config.csrf[0]]: config.csrf[1] },
      credentials: 'same-origin',
      cache: 'no-cache',
    });
    expect(Object.keys(left!.reads!)).toEqual([subjects]);
    expect((await takeBootRead(subjects))?.status).toBe(200);
    expect(takeBootRead(subjects)).toBeUndefined();
  });

  it('reads the landing page’s boards, classes and testimonials, also for a signed-in learner', async () => {
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      json(200, { data: [], next_cursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await boot('/', learner);

    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      apiPath('catalogue.getBoards', {}, { limit: 1000 }),
      apiPath('catalogue.getClasses', {}, { limit: 1000 }),
      apiPath('catalogue.gettestimonial', {}, { limit: 1000 }),
    ]);
    localStorage.clear();
  });

  it('asks the reads in the learner’s language (the URL’s, kept, or the device’s), and marks <html lang> before the page paints', async () => {
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      json(200, { data: [], next_cursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const left = await boot('/AllCourse?lang=kn', null);
    expect(Object.keys(left!.reads!)).toEqual([`${subjects}&lang=kn`]);
    expect(document.documentElement.lang).toBe('kn');
    expect(document.documentElement.dataset.languageChosen).toBe('');
    expect(localStorage.getItem('gia-language')).toBe('kn');

    // The next page, without `lang`: the device remembers.
    delete (window as { __giaBoot?: unknown }).__giaBoot;
    fetchMock.mockClear();
    await boot('/AllCourse', null);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([`${subjects}&lang=kn`]);

    // A language the product lacks changes nothing; English asks as before.
    delete (window as { __giaBoot?: unknown }).__giaBoot;
    fetchMock.mockClear();
    await boot('/AllCourse?lang=en', null);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([subjects]);
    localStorage.clear();
    delete document.documentElement.dataset.languageChosen;
    document.documentElement.lang = 'en';
  });

  it('reads the outline of the subject the page names, and nothing for a path that is no subject page', async () => {
    const fetchMock = vi.fn(async (_path: string) => json(200, { data: {} }));
    vi.stubGlobal('fetch', fetchMock);

    const left = await boot('/subjects/01J%20X/', null);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([outline('01J X')]);
    expect(Object.keys(left!.reads!)).toEqual([outline('01J X')]);

    delete (window as { __giaBoot?: unknown }).__giaBoot;
    for (const other of ['/subjects/', '/subjects/s1/extra', '/subjects/%E0%A4', '/Profile']) {
      expect(await boot(other, null)).toBeUndefined();
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves no answer for a read that failed, so the app sends its own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await boot('/AllCourse', null);

    expect(await takeBootRead(subjects)).toBeUndefined();
    expect(takeBootRead(subjects)).toBeUndefined();
  });
});
