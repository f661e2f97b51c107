/**
 * `npm run bench -- journey` (issue 30): the learner's journey on a slow phone link, in real
 * Chromium (Debian's, driven by playwright-core) against the running stack and its built SPA
 * (web/dist), at 360×740 with a phone's device pixel ratio, the link emulated by CDP
 * (`Network.emulateNetworkConditions`) and every run in a new browser context (an empty cache):
 *
 * - the landing page's first contentful paint at 400 kbit/s (the paint entry), median of 3;
 * - a lesson link tapped (as from a class group's chat) → the first moving frame, at 400 and at
 *   150 kbit/s: a signed-in learner (only the session cookie, as after the phone restarted: the
 *   boot script refreshes it) opens the demo lesson's URL and taps the picture as soon as the
 *   player is on screen; the clock runs from navigation start to the first frame presented while
 *   playing past the first one (`requestVideoFrameCallback`);
 * - the bytes the lesson fetches in its first 60 s on a 10 Mbit/s link (the sum of CDP's
 *   `encodedDataLength`, page and app included) and the highest rung it asks for;
 * - the DynamoDB requests of an anonymous visitor's catalogue pages while the edge cache is warm.
 *
 * The demo lesson is the seed's (scripts/src/demo-assets.ts, 720p), transcoded to its HLS ladder
 * by the stack's own pipeline and served through the gateway with the viewer's signed cookies.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../chromium.ts';
import { ddbMetrics } from '@gia/functions/lib/dynamo.ts';
import { routePath } from '@gia/shared';
import { LEARNER_DATA, type BenchContext, type Ids } from '../demo.ts';
import {
  KINDS,
  highestRung,
  kindOf,
  megabytes,
  rungOf,
  secondsOf,
  timedRow,
  type Kind,
} from '../journey-measures.ts';
import { table, type Part, type Row } from '../report.ts';

/** A phone as the learners hold it: 360×740 CSS px at a device pixel ratio of 3 (1080 px). */
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;
const LATENCY_MS = 300;
/** The 10 Mbit/s link's latency (a 4G round trip). */
const FAST_LATENCY_MS = 50;
const RUNS = Number(process.env.BENCH_JOURNEY_RUNS ?? 3);
const BYTES_WINDOW_S = 60;
/** How long a run may take to its mark before it counts as never. */
const MARK_TIMEOUT_MS = 90_000;
/** How long the stack's ffmpeg may take to make the demo lesson's ladder. */
const LADDER_TIMEOUT_MS = 15 * 60_000;

/** The issue's budgets. */
export const JOURNEY_BUDGETS = {
  landingFcpS: 1.5,
  lessonAt400S: 4,
  lessonAt150S: 7,
  lessonMinuteBytes: 5_000_000,
  /** The rung a 360 px phone must never ask for. */
  neverRung: 720,
  warmCatalogueRequests: 0,
} as const;

/** The public pages of a first visit: landing, boards, classes, a class's page, a subject's. */
export const PUBLIC_PAGES = [
  '/',
  '/GetBoard',
  '/Board-Class',
  '/AllCourse',
  '/classes/{class}',
  '/subjects/{subject}',
];

const dist = fileURLToPath(new URL('../../../../web/dist/index.html', import.meta.url));

/** Measured in every page before its scripts: when the player appears and first moves. */
const FRAME_WATCH = `(() => {
  const m = (window.__journey = { videoSeen: null, firstFrame: null });
  const watch = (v) => {
    if (v.__journeyWatched) return;
    v.__journeyWatched = true;
    if (m.videoSeen === null) m.videoSeen = performance.now();
    let first = null;
    const onFrame = (now, meta) => {
      if (m.firstFrame !== null) return;
      // The first frame presented may be the still one before play; the mark is the first frame
      // after it presented while playing: the picture moves.
      if (first === null) first = meta.mediaTime;
      else if (!v.paused && meta.mediaTime > first) {
        m.firstFrame = meta.presentationTime || now;
        return;
      }
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    const v = document.querySelector('video');
    if (v) watch(v);
  }).observe(document, { childList: true, subtree: true });
})()`;

/** Kilobytes (10^3 bytes), no decimals. */
const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;

/** The link's throughput in bytes per second, as CDP takes it. */
const bytesPerSecond = (kbps: number) => (kbps * 1000) / 8;

/** Emulates the link on the page (before its first request) and counts the bytes it fetches. */
async function throttle(context: BrowserContext, page: Page, kbps: number, latency = LATENCY_MS) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: bytesPerSecond(kbps),
    uploadThroughput: bytesPerSecond(kbps),
  });
  const urls = new Map<string, string>();
  const inFlight = new Map<string, number>();
  const finished: { url: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    inFlight.set(e.requestId, 0);
  });
  cdp.on('Network.dataReceived', (e) => {
    const got = inFlight.get(e.requestId);
    if (got !== undefined) inFlight.set(e.requestId, got + e.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e) => {
    inFlight.delete(e.requestId);
    finished.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength });
  });
  return {
    /** Every URL requested so far. */
    requested: () => [...urls.values()],
    /** Bytes on the wire so far: finished requests, and what the unfinished ones received. */
    bytes: (match: (url: string) => boolean = () => true) =>
      finished.filter((f) => match(f.url)).reduce((a, f) => a + f.bytes, 0) +
      [...inFlight].filter(([id]) => match(urls.get(id) ?? '')).reduce((a, [, b]) => a + b, 0),
  };
}

/** The landing page's first contentful paint (ms from navigation start), cold, on the link. */
async function landingFcp(browser: Browser, url: string, kbps: number): Promise<number | null> {
  const context = await browser.newContext({ ...PHONE, baseURL: url });
  try {
    const page = await context.newPage();
    await throttle(context, page, kbps);
    await page.goto('/', { waitUntil: 'commit', timeout: MARK_TIMEOUT_MS });
    const fcp = await page.waitForFunction(
      "performance.getEntriesByName('first-contentful-paint')[0]?.startTime",
      undefined,
      { timeout: MARK_TIMEOUT_MS },
    );
    return Math.round(Number(await fcp.jsonValue()));
  } catch {
    return null;
  } finally {
    await context.close();
  }
}

/** A new learner's browser: signed in once, left with only the session cookie and the hint. */
async function learnerContext(browser: Browser, ctx: BenchContext): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL: ctx.url });
  const email = `journey-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@gia.local`;
  const password = 'Journey2026x';
  await ctx.api('POST', routePath('learner.login.signup'), undefined, {
    user_name: 'Journey Learner',
    email,
    password,
  });
  // Through the context's own client, so the session cookie lands in its jar as a sign-in leaves
  // it; the access token is dropped (a restarted phone has none).
  const res = await context.request.post(routePath('learner.login.request'), {
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const { user } = (await res.json()) as { user: Record<string, string> };
  // The SPA's persisted hint (localStorage `root`) that a learner is signed in: the boot script
  // reads it before it refreshes the session from the cookie.
  const hint = JSON.stringify({
    state: { isAuthenticated: true, role: 'learner', user, selections: {} },
    version: 0,
  });
  await context.addInitScript(
    `if (!localStorage.getItem('root')) localStorage.setItem('root', ${JSON.stringify(hint)});`,
  );
  await context.addInitScript(FRAME_WATCH);
  return context;
}

interface LessonRun {
  /** ms from navigation start; `null` when it never happened within the time limit. */
  playerShown: number | null;
  firstFrame: number | null;
  taps: number;
  /** Bytes fetched by the time of the mark, by kind. */
  before?: Record<Kind, number>;
}

type Marks = {
  videoSeen: number | null;
  firstFrame: number | null;
  paused: boolean;
  ready: number;
};
const marks = (page: Page) =>
  page.evaluate(
    "(() => { const v = document.querySelector('video'); const m = window.__journey; return { videoSeen: m.videoSeen, firstFrame: m.firstFrame, paused: v ? v.paused : true, ready: v ? v.readyState : 0 }; })()",
  ) as Promise<Marks>;

/**
 * Opens the lesson link cold and taps the picture as soon as the player is on screen (again when
 * the video has its metadata and is still paused: a tap before the stream was attached may have
 * been lost), until its first moving frame.
 */
async function lessonRun(page: Page, lessonPath: string): Promise<LessonRun> {
  let taps = 0;
  const tap = async () => {
    taps++;
    await page.locator('video').first().click({ timeout: MARK_TIMEOUT_MS });
  };
  try {
    await page.goto(lessonPath, { waitUntil: 'commit', timeout: MARK_TIMEOUT_MS });
    await page.locator('video').first().waitFor({ state: 'visible', timeout: MARK_TIMEOUT_MS });
    await tap();
    await page.waitForFunction(
      "(() => { const v = document.querySelector('video'); return window.__journey.firstFrame !== null || (v && v.readyState >= 1 && v.paused); })()",
      undefined,
      { timeout: MARK_TIMEOUT_MS, polling: 50 },
    );
    if ((await marks(page)).firstFrame === null) await tap();
    await page.waitForFunction('window.__journey.firstFrame !== null', undefined, {
      timeout: MARK_TIMEOUT_MS,
      polling: 50,
    });
  } catch {
    // Never reached within the limit: reported as such.
  }
  const m = await marks(page).catch(() => undefined);
  return { playerShown: m?.videoSeen ?? null, firstFrame: m?.firstFrame ?? null, taps };
}

/** One cold lesson open on the link: a new learner's browser, the clock from navigation start. */
async function lessonOpen(
  browser: Browser,
  ctx: BenchContext,
  lessonPath: string,
  kbps: number,
): Promise<LessonRun> {
  const context = await learnerContext(browser, ctx);
  try {
    const page = await context.newPage();
    const net = await throttle(context, page, kbps);
    const run = await lessonRun(page, lessonPath);
    const before = Object.fromEntries(
      KINDS.map((k) => [k, net.bytes((u) => kindOf(u) === k)]),
    ) as Record<Kind, number>;
    return { ...run, before };
  } finally {
    await context.close();
  }
}

/** The first minute of the lesson on a fast link: bytes fetched and the rungs asked for. */
async function lessonMinute(browser: Browser, ctx: BenchContext, lessonPath: string, kbps: number) {
  const context = await learnerContext(browser, ctx);
  try {
    const page = await context.newPage();
    // A 4G-like round trip: the fast link's test is which rung the player climbs to.
    const net = await throttle(context, page, kbps, FAST_LATENCY_MS);
    const started = Date.now();
    const run = await lessonRun(page, lessonPath);
    // The demo lesson has questions pinned to moments of its video (issue 17), each of which
    // pauses it: the learner skips them and watches on, so the minute is a minute of the lesson.
    let skipped = 0;
    const skip = page.getByRole('button', { name: 'Skip', exact: true });
    while (Date.now() - started < BYTES_WINDOW_S * 1000) {
      if (await skip.isVisible().catch(() => false)) {
        await skip.click({ timeout: 2000 }).catch(() => undefined);
        skipped++;
      }
      await page.waitForTimeout(500);
    }
    const isHls = (u: string) => u.includes('/media/private/hls/');
    const hlsUrls = net.requested().filter(isHls);
    const played = (await page.evaluate(
      "document.querySelector('video')?.currentTime ?? 0",
    )) as number;
    return {
      run,
      bytes: net.bytes(),
      videoBytes: net.bytes(isHls),
      skipped,
      highest: highestRung(hlsUrls),
      rungs: [...new Set(hlsUrls.map(rungOf).filter((r) => r !== undefined))].sort((a, b) => a - b),
      played,
    };
  } finally {
    await context.close();
  }
}

/**
 * An anonymous visitor's public pages, each viewed once to warm the edge cache, then again by
 * another visitor (a new context: nothing in the browser's cache) while the functions' DynamoDB
 * requests are counted. What the edge answered is read from each API answer's `x-cache`.
 */
async function warmCatalogue(browser: Browser, ctx: BenchContext) {
  const view = async (count: boolean) => {
    const context = await browser.newContext({ ...PHONE, baseURL: ctx.url });
    const answers = new Map<string, number>();
    const rows: (string | number)[][] = [];
    try {
      const page = await context.newPage();
      page.on('response', (r) => {
        if (!new URL(r.url()).pathname.startsWith('/api/')) return;
        const how = `${r.request().method()} ${r.status()} ${r.headers()['x-cache'] ?? 'no x-cache'}`;
        answers.set(how, (answers.get(how) ?? 0) + 1);
      });
      for (const path of PUBLIC_PAGES.map(ctx.fill)) {
        const before = ddbMetrics.requests;
        await page.goto(path, { waitUntil: 'networkidle', timeout: MARK_TIMEOUT_MS });
        if (count) rows.push([`\`${path}\``, ddbMetrics.requests - before]);
      }
    } finally {
      await context.close();
    }
    return { rows, answers };
  };
  await view(false);
  const second = await view(true);
  const total = second.rows.reduce((a, r) => a + Number(r[1]), 0);
  return { ...second, total };
}

/** The lesson with the demo's generated video: the first topic whose video is the seed's lesson. */
async function findDemoLesson(ctx: BenchContext): Promise<Ids> {
  const list = async (path: string) =>
    ((await ctx.api('GET', `${LEARNER_DATA}/${path}`)).body.data ?? []) as Ids[];
  for (const b of await list('getBoards'))
    for (const c of await list(`getClasses?board_id=${b.board_id}`))
      for (const s of await list(`getSubjects?class_id=${c.class_id}`))
        for (const ss of await list(`getSubSubjects?subject_id=${s.subject_id}`))
          for (const ch of await list(`getChapters?sub_subject_id=${ss.sub_subject_id}`))
            for (const t of await list(`getTopics?chapter_id=${ch.chapter_id}`))
              if (String(t.video_url ?? '').includes('demo-lesson'))
                return { topic: t.topic_id!, chapter: ch.chapter_id! };
  throw new Error(
    'the demo lesson was not found (is ffmpeg installed? GIA_DEMO_LESSON_SECONDS=0?)',
  );
}

/** Waits until the stack's pipeline has made the lesson's HLS ladder; answers its rungs. */
async function waitForLadder(ctx: BenchContext, topic: string): Promise<string[]> {
  const until = Date.now() + LADDER_TIMEOUT_MS;
  for (;;) {
    const res = await ctx.api(
      'GET',
      routePath('catalogue.getLesson', {}, { topic_id: topic }),
      ctx.learner,
    );
    const video = (
      res.body.data as {
        video?: { hls_url?: string; renditions?: { name?: string; height?: number }[] };
      }
    )?.video;
    if (video?.hls_url) return (video.renditions ?? []).map((r) => r.name ?? `${r.height}p`);
    if (Date.now() > until) throw new Error('the demo lesson had no HLS ladder after 15 minutes');
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/** A measure that may fail without failing the others: its value or its error. */
const attempt = <T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
  run().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const notMeasured = (what: string, budget: string, err: unknown): Row => ({
  what,
  value: `not measured: ${String(err).slice(0, 80)}`,
  budget,
  met: null,
});

/** The section: its budget rows, and a table of every run. */
export async function journeySection(ctx: BenchContext): Promise<Part> {
  if (!existsSync(dist)) {
    throw new Error('the journey section needs the built SPA: run `npm run build -w web` first');
  }
  const B = JOURNEY_BUDGETS;
  const browser = await launchChromium();
  try {
    const lesson = await findDemoLesson(ctx);
    const ladder = await waitForLadder(ctx, lesson.topic!);
    const lessonPath = `/GetTopic?chapter=${lesson.chapter}&topic=${lesson.topic}`;

    // The runs one after another: on 2 cores, parallel pages would slow each other's clocks.
    const fcp: (number | null)[] = [];
    for (let i = 0; i < RUNS; i++) fcp.push(await landingFcp(browser, ctx.url, 400));
    const opens: { kbps: number; run: LessonRun }[] = [];
    for (const kbps of [400, 150]) {
      for (let i = 0; i < RUNS; i++) {
        opens.push({ kbps, run: await lessonOpen(browser, ctx, lessonPath, kbps) });
      }
    }
    const minute = await attempt(() => lessonMinute(browser, ctx, lessonPath, 10_000));
    const warm = await attempt(() => warmCatalogue(browser, ctx));

    const at = (kbps: number) => opens.filter((o) => o.kbps === kbps).map((o) => o.run);
    const rows: Row[] = [
      timedRow('Landing: first contentful paint at 400 kbit/s, 300 ms, cold', fcp, B.landingFcpS),
      timedRow(
        'Lesson link tapped → first moving frame at 400 kbit/s, cold',
        at(400).map((r) => r.firstFrame),
        B.lessonAt400S,
      ),
      timedRow(
        'Lesson link tapped → first moving frame at 150 kbit/s, cold',
        at(150).map((r) => r.firstFrame),
        B.lessonAt150S,
      ),
    ];
    if (!minute.ok) {
      rows.push(
        notMeasured('Lesson: bytes in its first 60 s at 10 Mbit/s, 360 px', '≤ 5 MB', minute.error),
      );
    } else {
      const m = minute.value;
      rows.push(
        {
          what: 'Lesson: bytes in its first 60 s at 10 Mbit/s, 360 px (page, app and video)',
          value: `${megabytes(m.bytes)} (video ${megabytes(m.videoBytes)})`,
          budget: `≤ ${B.lessonMinuteBytes / 1_000_000} MB`,
          met: m.bytes <= B.lessonMinuteBytes,
        },
        {
          what: 'Lesson: highest rung asked for at 10 Mbit/s, 360 px',
          value: m.highest ? `${m.highest}p` : 'none',
          budget: `never ${B.neverRung}p`,
          met: m.highest > 0 && m.highest < B.neverRung,
        },
      );
    }
    const warmWhat = 'DynamoDB requests of an anonymous catalogue page view, cache warm';
    rows.push(
      warm.ok
        ? {
            what: warmWhat,
            value: `${warm.value.total} (${warm.value.rows.length} pages)`,
            budget: String(B.warmCatalogueRequests),
            met: warm.value.total <= B.warmCatalogueRequests,
          }
        : notMeasured(warmWhat, String(B.warmCatalogueRequests), warm.error),
    );

    const runRows = [
      ...fcp.map((f, i) => [
        'landing, first contentful paint',
        '400 kbit/s',
        i + 1,
        '',
        secondsOf(f),
        '',
      ]),
      ...opens.map((o, i) => [
        'lesson link → first moving frame',
        `${o.kbps} kbit/s`,
        (i % RUNS) + 1,
        secondsOf(o.run.playerShown),
        secondsOf(o.run.firstFrame),
        o.run.taps,
        o.run.before ? KINDS.map((k) => `${k} ${kb(o.run.before?.[k] ?? 0)}`).join(', ') : '',
      ]),
    ];
    const minuteText = minute.ok
      ? `One more learner opened the lesson on a 10 Mbit/s link (${FAST_LATENCY_MS} ms latency) and watched ${BYTES_WINDOW_S} s from navigation start (first moving frame at ${secondsOf(minute.value.run.firstFrame)}, ${minute.value.played.toFixed(1)} s of the lesson played; ${minute.value.skipped} of its video questions skipped as they paused it): ${megabytes(minute.value.bytes)} fetched in all, ${megabytes(minute.value.videoBytes)} of it the video (playlists and segments under \`/media/private/hls/\`); rungs asked for: ${minute.value.rungs.map((r) => `${r}p`).join(', ') || 'none'} (the ladder: ${ladder.join(', ')}).`
      : `The first minute at 10 Mbit/s was not measured: ${String(minute.error).slice(0, 200)}`;
    const warmText = warm.ok
      ? `The catalogue with the edge cache warm: an anonymous visitor opened ${PUBLIC_PAGES.length} public pages at full speed (to warm the gateway's edge cache, the local stand-in for CloudFront), then another visitor (a new context, nothing in the browser's cache) opened them again within the answers' 30 s, while the functions' DynamoDB requests were counted: ${warm.value.total} in all. The API answers of the second visit, by method, status and \`x-cache\`: ${[...warm.value.answers].map(([k, n]) => `${k} × ${n}`).join('; ') || 'none'}.\n\n` +
        table(['page (second view)', 'DynamoDB requests'], warm.value.rows)
      : `The warm catalogue was not measured: ${String(warm.error).slice(0, 200)}`;
    const section = [
      '## Journey on 3G',
      '',
      `Real Chromium (Debian's, headless, playwright-core) against the stack and its built SPA (web/dist, as the gateway serves it), at 360×740 with a device pixel ratio of ${PHONE.deviceScaleFactor}, the link emulated by CDP (\`Network.emulateNetworkConditions\`: the throughput both ways and ${LATENCY_MS} ms latency) from the page's first request, each run in a new browser context (an empty cache), one run at a time. Times are from navigation start (the page's \`performance\` clock). The lesson: the demo lesson the seed makes (scripts/src/demo-assets.ts, 720p) with the HLS ladder the stack's pipeline made of it (${ladder.join(', ')}), served through the gateway with the viewer's signed cookies. Its learner is new each run (no saved position) and has only the session cookie of an earlier sign-in (as after the phone restarted): the boot script refreshes the session and reads the lesson before the bundle, and, as Chromium plays HLS itself, starts the lesson there on the rung the phone fits, fetching its playlist and first segment at once, while the lesson page's app waits for that segment (README "A lesson link: one request, and a video before the app"). The learner taps the picture as soon as the player is on screen (again once the video has its metadata, if that tap came before the stream was attached: the taps column); the mark is the first frame presented while playing past the first one (\`requestVideoFrameCallback\`). The public pages and the lesson page are prerendered HTML (README "HTML that paints before JavaScript"): the landing paints before its JavaScript arrives; the lesson shows its frame at once and its video over it once the lesson answered, and the player adopts that video when the app arrives.`,
      '',
      table(
        ['measure', 'link', 'run', 'player on screen', 'mark', 'taps', 'fetched by the mark'],
        runRows,
      ),
      '',
      'What a lesson run had fetched by its mark (the bytes on the wire): the app (HTML, JS, CSS), the API (session refresh, lesson read), the video (playlists and segments) and the rest (images, fonts). At 400 kbit/s a second moves 50 KB; at 150 kbit/s about 19 KB, each request adding 300 ms or more of latency.',
      '',
      minuteText,
      '',
      warmText,
    ].join('\n');
    return { rows, sections: [section] };
  } finally {
    await browser.close();
  }
}
