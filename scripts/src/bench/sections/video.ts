/**
 * `npm run bench -- video`: today's MP4 against the HLS player, side by side in one run, in real
 * Chromium with the link emulated by CDP (`Network.emulateNetworkConditions`, 300 ms latency) at
 * 150 kbps, 400 kbps and 1.5 Mbps, plus the data-saver run: time to first frame, stalls and
 * stalled seconds in the first minute, bytes downloaded per minute.
 *
 * The lesson: the demo lesson as the seed makes it (demo-assets.ts), 90 s of 720p, its MP4 as
 * uploaded and its HLS ladder made by the local pipeline's ffmpeg arguments, in the contract's
 * layout (video-fixture.ts). Both are served by a small static server with HTTP ranges; the HLS page
 * runs hls.js (the light build the app loads) with the app's own settings (`hlsConfig`), bundled
 * from the app's module for the page.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { HLS_SEGMENT_SECONDS } from '@gia/shared/video.ts';
import { table, type Part, type Row } from '../report.ts';
import { demoLessonArgs } from '../../demo-assets.ts';
import { transcodeLadder } from '../video-fixture.ts';

const LINKS = [
  { name: '150 kbps', kbps: 150 },
  { name: '400 kbps', kbps: 400 },
  { name: '1.5 Mbps', kbps: 1500 },
] as const;
const LATENCY_MS = 300;
const WINDOW_S = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
/** The demo lesson's length here: longer than the window, so the end is never reached. */
const LESSON_SECONDS = 90;

type Mode = 'mp4' | 'hls' | 'hls-saver';

interface Measure {
  firstFrameS: number | null;
  stalls: number;
  stalledS: number;
  playedS: number;
  /** Bytes downloaded per minute of wall time. */
  bytes: number;
  /**
   * Bytes downloaded per minute of lesson downloaded (played, plus what is buffered ahead at the
   * end of the window): what a minute of the lesson costs.
   */
  bytesPerMinutePlayed: number | null;
}

const playerModule = new URL(
  '../../../../web/src/components/video-player/hls-config.ts',
  import.meta.url,
);

/**
 * The page's player script: hls.js's light build and the app's settings, bundled from the app's
 * own module (web/src/components/video-player/hls-config.ts) so the bench runs what learners run.
 */
async function playerScript(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import Hls, { FetchLoader } from 'hls.js/light';
import { hlsConfig } from ${JSON.stringify(playerModule.pathname)};
Object.assign(window, { Hls, hlsConfig: hlsConfig(FetchLoader) });`,
      resolveDir: new URL('../../../../web/', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** The player pages: the MP4 in a plain <video>, or hls.js with the app's settings. */
const page = (mode: Mode) => `<!doctype html><meta charset="utf-8">
<video id="v" muted playsinline width="360" height="203" style="width:360px;height:203px"></video>
<script src="/player.js"></script>
<script>
const v = document.getElementById('v');
const m = window.measure = { t0: 0, firstFrame: null, stalls: 0, stalled: 0, waitingSince: null, started: false };
v.requestVideoFrameCallback(() => { m.firstFrame = performance.now() - m.t0; });
v.addEventListener('playing', () => {
  if (m.waitingSince !== null) { m.stalled += (performance.now() - m.waitingSince) / 1000; m.waitingSince = null; }
  m.started = true;
});
v.addEventListener('waiting', () => {
  if (m.started && m.waitingSince === null) { m.stalls += 1; m.waitingSince = performance.now(); }
});
window.finish = () => {
  if (m.waitingSince !== null) m.stalled += (performance.now() - m.waitingSince) / 1000;
  const b = v.buffered;
  return { firstFrame: m.firstFrame, stalls: m.stalls, stalled: m.stalled, played: v.currentTime, loaded: b.length ? b.end(b.length - 1) : 0 };
};
window.start = () => {
  m.t0 = performance.now();
  if (${JSON.stringify(mode)} === 'mp4') { v.src = '/lesson.mp4'; }
  else {
    const hls = new Hls(window.hlsConfig);
    ${mode === 'hls-saver' ? 'hls.on(Hls.Events.MANIFEST_PARSED, () => { hls.autoLevelCapping = 0; hls.loadLevel = 0; });' : ''}
    hls.loadSource('/master.m3u8');
    hls.attachMedia(v);
  }
  v.play().catch(() => {});
};
</script>`;

/** Serves the fixture folder with byte ranges (as S3 and CloudFront do), and the pages. */
function serve(dir: string, player: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    m3u8: 'application/vnd.apple.mpegurl',
    ts: 'video/mp2t',
    mp4: 'video/mp4',
    js: 'text/javascript',
  };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/page-')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page(path.slice('/page-'.length) as Mode));
      return;
    }
    if (path === '/player.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(player);
      return;
    }
    const file = join(dir, path.replace(/^\/+/, ''));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file)) return void res.writeHead(404).end();
    const size = statSync(file).size;
    const type = types[file.split('.').pop() ?? ''] ?? 'application/octet-stream';
    const range = /bytes=(\d*)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : 0;
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        'content-type': type,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${size}`,
        'accept-ranges': 'bytes',
      });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'content-length': size, 'accept-ranges': 'bytes' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
    }),
  );
}

async function measure(browser: Browser, url: string, mode: Mode, kbps: number): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const p = await context.newPage();
  const cdp = await context.newCDPSession(p);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Bytes on the wire of the media requests: each finished request's encodedDataLength, and for
  // one still loading when the window ends (or cancelled) the data it has received so far.
  let bytes = 0;
  const media = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (/\.(mp4|ts|m3u8)(\?|$)/.test(e.response.url)) media.set(e.requestId, 0);
  });
  cdp.on('Network.dataReceived', (e) => {
    const got = media.get(e.requestId);
    if (got !== undefined) media.set(e.requestId, got + e.dataLength);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!media.has(e.requestId)) return;
    bytes += e.encodedDataLength;
    media.delete(e.requestId);
  });
  const inFlight = () => [...media.values()].reduce((a, b) => a + b, 0);
  // Time from the page's start: the page is a few hundred bytes, the player script is excluded
  // from the count (the app's chunk is measured by the spa section).
  // The page and the player's script load first at full speed (the app's player chunk is
  // measured by the spa section): the clock starts when the learner presses play.
  await p.goto(`${url}/page-${mode}`, { waitUntil: 'load' });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (kbps * 1000) / 8,
    uploadThroughput: (kbps * 1000) / 8,
  });
  await p.evaluate('window.start()');
  await p.waitForTimeout(WINDOW_S * 1000);
  bytes += inFlight();
  const r = (await p.evaluate('window.finish()')) as {
    firstFrame: number | null;
    stalls: number;
    stalled: number;
    played: number;
    loaded: number;
  };
  await context.close();
  const lesson = Math.max(r.played, r.loaded);
  return {
    firstFrameS: r.firstFrame === null ? null : r.firstFrame / 1000,
    bytesPerMinutePlayed: lesson > 0 ? (bytes * 60) / lesson : null,
    stalls: r.stalls,
    stalledS: r.stalled,
    playedS: r.played,
    bytes: (bytes * 60) / WINDOW_S,
  };
}

const s1 = (v: number | null) => (v === null ? 'never' : `${v.toFixed(1)} s`);
const mb = (b: number) => `${(b / 1_000_000).toFixed(2)} MB`;

/** The video section: the table of every run and the budgets rows. */
export async function videoSection(): Promise<Part> {
  const dir = mkdtempSync(join(tmpdir(), 'gia-bench-video-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  let server: Server | undefined;
  try {
    // The demo lesson as the seed makes it (scripts/src/demo-assets.ts), 90 s long.
    const mp4 = join(dir, 'lesson.mp4');
    execFileSync('ffmpeg', demoLessonArgs('Demo lesson: sound waves', LESSON_SECONDS, mp4));
    const fixture = transcodeLadder(dir, mp4, LESSON_SECONDS, 720);
    const mp4Mbps = (statSync(mp4).size * 8) / LESSON_SECONDS / 1_000_000;
    const served = await serve(dir, await playerScript());
    server = served.server;
    const runs: { mode: Mode; link: (typeof LINKS)[number]; m: Measure }[] = [];
    // One mode's three links at once (each page has its own emulated link): 3 windows, not 9.
    for (const mode of ['mp4', 'hls'] as const) {
      const got = await Promise.all(LINKS.map((l) => measure(browser, served.url, mode, l.kbps)));
      got.forEach((m, i) => runs.push({ mode, link: LINKS[i]!, m }));
    }
    const saverLink = LINKS[2];
    runs.push({
      mode: 'hls-saver',
      link: saverLink,
      m: await measure(browser, served.url, 'hls-saver', saverLink.kbps),
    });

    const label: Record<Mode, string> = {
      mp4: 'MP4 (today)',
      hls: 'HLS player',
      'hls-saver': 'HLS, data saver',
    };
    const find = (mode: Mode, kbps: number) =>
      runs.find((r) => r.mode === mode && r.link.kbps === kbps)?.m;
    const h150 = find('hls', 150);
    const h400 = find('hls', 400);
    const saver = find('hls-saver', saverLink.kbps);
    const rows: Row[] = [
      {
        what: 'Video first frame, HLS at 150 kbps',
        value: s1(h150?.firstFrameS ?? null),
        budget: '≤ 4 s',
        met: h150?.firstFrameS != null ? h150.firstFrameS <= 4 : false,
      },
      {
        what: 'Video first frame, HLS at 400 kbps',
        value: s1(h400?.firstFrameS ?? null),
        budget: '≤ 2 s',
        met: h400?.firstFrameS != null ? h400.firstFrameS <= 2 : false,
      },
      {
        what: `Video stalls after start, HLS at 150 kbps (first ${WINDOW_S} s)`,
        value: String(h150?.stalls ?? 'n/a'),
        budget: '0',
        met: h150 ? h150.stalls === 0 : null,
      },
      {
        what: 'Video data per minute with data saver',
        value: saver ? mb(saver.bytes) : 'n/a',
        budget: '≤ 1.3 MB',
        met: saver ? saver.bytes <= 1_300_000 : null,
      },
      {
        what: 'Video data per minute of lesson with data saver',
        value: saver?.bytesPerMinutePlayed != null ? mb(saver.bytesPerMinutePlayed) : 'n/a',
        budget: '≤ 1.3 MB',
        met: saver?.bytesPerMinutePlayed != null ? saver.bytesPerMinutePlayed <= 1_300_000 : null,
      },
    ];
    const section = [
      '## Video: MP4 against the HLS player',
      '',
      `The demo lesson as the seed makes it (scripts/src/demo-assets.ts: 720p at 30 fps, moving test content with its title and a timer, speech-like audio), ${fixture.duration_seconds} s long: its MP4 as uploaded (${mb(statSync(fixture.mp4).size)}, ${mp4Mbps.toFixed(1)} Mbps, +faststart) and its HLS ladder (${fixture.renditions.map((r) => `${r.height}p ${mb(r.bytes)}`).join(', ')}; ${HLS_SEGMENT_SECONDS} s MPEG-TS segments, made by the local pipeline's ffmpeg arguments). Served by a static server with byte ranges; real Chromium, one page per run at 360×740, the link emulated by CDP with ${LATENCY_MS} ms latency; the page and the player script load at full speed, then the link is throttled and the clock starts at play; each run watches ${WINDOW_S} s of wall time (first frame, stalls after the first frame, data per minute of wall time, and per minute of lesson downloaded: played plus buffered ahead). The HLS page runs hls.js (light build) with the app's settings (web/src/components/video-player/hls-config.ts). Data saver caps hls.js at the lowest rung, measured on the fastest link (where ABR would otherwise climb). Not yet through the local gateway with the delivery cookies: measured on the files alone.`,
      '',
      table(
        [
          'player',
          'link',
          'first frame',
          'stalls',
          'stalled',
          'lesson played',
          'data per minute',
          'data per lesson minute',
        ],
        runs.map((r) => [
          label[r.mode],
          r.link.name,
          s1(r.m.firstFrameS),
          r.m.stalls,
          `${r.m.stalledS.toFixed(1)} s`,
          `${r.m.playedS.toFixed(1)} s`,
          mb(r.m.bytes),
          r.m.bytesPerMinutePlayed === null ? 'n/a' : mb(r.m.bytesPerMinutePlayed),
        ]),
      ),
    ].join('\n');
    return { rows, sections: [section] };
  } finally {
    server?.close();
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
