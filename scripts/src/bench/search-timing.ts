/*
 * Search's timings on a phone (issue 34, "Measured"), for the benchmark's search section: on the
 * /search page at 360×740 with the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`),
 *
 * - keystroke → results: the time from a key's `keydown` (a letter inserted as text, as Kannada
 *   and Hindi ones are: its `beforeinput`) to the first frame after the page shows
 *   the results of the query that key completed (`data-search-for` on the page, set with the
 *   results it renders), over ≥ 20 queries once the index is open, each key alone (typed once
 *   the page has settled after the ones before it); its p95 and median;
 * - the index's download and opening at 400 kbit/s (CDP `Network.emulateNetworkConditions`): the
 *   pointer's and the file's transfer (Resource Timing), the file's bytes on the wire, and the
 *   time from the file's last byte to the page having it open (`data-indexes` on the page).
 *
 * The queries are words of the class's own index (names, notes and captions), some cut to a
 * prefix and some with a typo, so each finds something as a learner's would.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SearchIndexFile, SearchPointer } from '@gia/shared/search-types.ts';
import { wordsOf } from '@gia/shared/search-text.ts';

/** A phone, as the learners hold it (as the browser tests' PHONE). */
const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

export interface SearchTimingOptions {
  /** The stack's URL (its gateway: the SPA, `/api`, `/media`). */
  stackUrl: string;
  browser: Browser;
  /** The class whose index is searched (it must have one). */
  classId: string;
  /** The queries typed (default: {@link queriesOf} the class's index, 24 of them). */
  queries?: readonly string[];
  /** How much the CPU is slowed (default 4). */
  cpuThrottle?: number;
  /** The link for the download, kbit/s both ways, and its latency (default 400 and 150 ms). */
  kbps?: number;
  latencyMs?: number;
}

export interface SearchTiming {
  classId: string;
  queries: number;
  /** Keystroke → results rendered, ms. */
  keystrokeP95Ms: number;
  keystrokeMedianMs: number;
  keystrokeMaxMs: number;
  /** The index file as sent (gzip) and as JSON, bytes. */
  indexGzipBytes: number;
  indexBytes: number;
  /** At the emulated link: the pointer's and the file's transfer, ms. */
  pointerMs: number;
  fileMs: number;
  /** From the file's last byte to the page having it open (parse + build), ms, CPU slowed. */
  openMs: number;
  /** From the page's navigation start to the index open, ms (the page's own load included). */
  readyFromNavigationMs: number;
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/**
 * Queries a learner could type for a class: its words of 5+ Latin letters or any Indic word,
 * spread over its names and places, every third cut to a prefix of 4+ letters, every fifth with
 * one letter dropped (a typo). Deterministic: the same file gives the same queries.
 */
export function queriesOf(file: SearchIndexFile, count = 24): string[] {
  const words = new Set<string>();
  const texts = [
    ...file.nodes.flatMap((n) => Object.values(n.n).filter((v): v is string => Boolean(v))),
    ...file.places.map((p) => p.s),
  ];
  for (const text of texts)
    for (const w of wordsOf(text))
      if (/^[a-z]{5,}$/.test(w) || /^[^\p{Script=Latin}\d]{3,}$/u.test(w)) words.add(w);
  const all = [...words];
  if (!all.length) throw new Error(`class ${file.class_id}'s index has no words to search`);
  const step = Math.max(1, Math.floor(all.length / count));
  const picked: string[] = [];
  for (let i = 0; picked.length < count; i = (i + step) % all.length) {
    const w = all[i]!;
    const n = picked.length;
    const latin = /^[a-z]+$/.test(w);
    picked.push(
      latin && n % 3 === 2 && w.length > 5
        ? w.slice(0, Math.max(4, w.length - 2))
        : latin && n % 5 === 4 && w.length > 5
          ? w.slice(0, 2) + w.slice(3)
          : w,
    );
    if (picked.length >= all.length && picked.length >= count) break;
  }
  return picked;
}

/** Reads a class's pointer and index file from the stack, as the app does. */
async function indexOf(stackUrl: string, classId: string) {
  const pointer = (await (
    await fetch(`${stackUrl}/media/public/search/${classId}/latest.json`)
  ).json()) as SearchPointer;
  const file = (await (await fetch(`${stackUrl}/media/${pointer.file}`)).json()) as SearchIndexFile;
  return { pointer, file };
}

/** Records, from the page's first script, when it first has an index open (`data-indexes`). */
const WATCH_READY = `(() => {
  const look = () => {
    const el = document.querySelector('[data-indexes]');
    if (el && Number(el.getAttribute('data-indexes')) > 0 && !window.__searchReadyAt) {
      window.__searchReadyAt = performance.now();
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})()`;

async function slowPage(context: BrowserContext, page: Page, cpu: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return cdp;
}

/** Types `query` and answers the keystroke → results time of its last key, ms. */
async function timeLastKey(page: Page, query: string): Promise<number> {
  const head = query.slice(0, -1);
  await page.locator('#search-query').fill(head);
  // Each keystroke alone: the page shows the results of the rest of the query, and the URL has
  // followed the field (the page does it 150 ms after the last key; it keeps the query's words,
  // not the spaces around them), so no earlier key's work falls into this one's time.
  await page
    .waitForFunction(
      `(() => {
        const head = ${JSON.stringify(head.trim())};
        const shown = document.querySelector('[data-search-for]')?.getAttribute('data-search-for');
        const q = (new URL(location.href).searchParams.get('q') ?? '').trim();
        return shown === head && q === head;
      })()`,
      null,
      { timeout: 10_000, polling: 50 },
    )
    .catch(async (error: Error) => {
      const state = await page.evaluate(`({
        url: location.href,
        field: document.querySelector('#search-query')?.value,
        shown: document.querySelector('[data-search-for]')?.getAttribute('data-search-for'),
      })`);
      throw new Error(`the page did not settle on "${head}": ${JSON.stringify(state)}`, {
        cause: error,
      });
    });
  // Page code as text: this package has no DOM types (as the other benchmark pages' scripts).
  await page.evaluate(`(() => {
    const wanted = ${JSON.stringify(query.trim())};
    window.__keyAt = undefined;
    // A Latin letter is typed as a key (keydown first); a Kannada or Hindi one is inserted as
    // text (no keydown), as a phone's keyboard does: its beforeinput is when it was typed.
    for (const type of ['keydown', 'beforeinput']) {
      document.addEventListener(type, (e) => (window.__keyAt ??= e.timeStamp), {
        once: true,
        capture: true,
      });
    }
    window.__shown = new Promise((resolve) => {
      const look = () => {
        if (document.querySelector('[data-search-for]')?.getAttribute('data-search-for') !== wanted)
          return false;
        // The first frame that shows it.
        requestAnimationFrame(() => resolve(performance.now()));
        return true;
      };
      const observer = new MutationObserver(() => look() && observer.disconnect());
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
  })()`);
  await page.keyboard.type(query.slice(-1));
  const ms = (await page.evaluate(
    `window.__shown.then((shown) => shown - (window.__keyAt ?? NaN))`,
  )) as number;
  if (!Number.isFinite(ms)) throw new Error(`no keystroke was seen for "${query}"`);
  return ms;
}

/** Measures search on the /search page of `classId` (see the file's comment). */
export async function measureSearchTiming(opts: SearchTimingOptions): Promise<SearchTiming> {
  const cpu = opts.cpuThrottle ?? 4;
  const kbps = opts.kbps ?? 400;
  const { pointer, file } = await indexOf(opts.stackUrl, opts.classId);
  const queries = opts.queries ?? queriesOf(file);
  if (queries.length < 20) throw new Error('at least 20 queries make a p95');

  // The download and opening, at the emulated link, in a new context (an empty cache).
  const cold = await opts.browser.newContext({
    baseURL: opts.stackUrl,
    ...PHONE,
    serviceWorkers: 'block',
  });
  let load: Pick<
    SearchTiming,
    'pointerMs' | 'fileMs' | 'openMs' | 'readyFromNavigationMs' | 'indexGzipBytes'
  >;
  try {
    const page = await cold.newPage();
    const cdp = await slowPage(cold, page, cpu);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: opts.latencyMs ?? 150,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (kbps * 1000) / 8,
    });
    await page.addInitScript(WATCH_READY);
    await page.goto(`/search?class=${encodeURIComponent(opts.classId)}`);
    await page.waitForFunction('window.__searchReadyAt', null, { timeout: 180_000, polling: 100 });
    load = (await page.evaluate(`(() => {
      // The class's index file, whichever build the pointer named when the page read it (a
      // change to the class, such as a video transcoded, publishes a new one).
      const folder = '/media/' + ${JSON.stringify(pointer.file.slice(0, pointer.file.lastIndexOf('/') + 1))};
      const entries = performance.getEntriesByType('resource');
      const pointerEntry = entries.find((e) => e.name.endsWith('/latest.json'));
      const fileEntry = entries.find((e) => {
        const path = new URL(e.name).pathname;
        return path.startsWith(folder) && !path.endsWith('/latest.json');
      });
      const ready = window.__searchReadyAt;
      if (!pointerEntry || !fileEntry) throw new Error('the index was not fetched by the page');
      return {
        pointerMs: pointerEntry.responseEnd - pointerEntry.startTime,
        fileMs: fileEntry.responseEnd - fileEntry.startTime,
        openMs: ready - fileEntry.responseEnd,
        readyFromNavigationMs: ready,
        indexGzipBytes: fileEntry.encodedBodySize,
      };
    })()`)) as typeof load;
  } finally {
    await cold.close();
  }

  // Keystroke → results, with the index open (the link as it is: the index is in memory).
  const warm = await opts.browser.newContext({ baseURL: opts.stackUrl, ...PHONE });
  const times: number[] = [];
  try {
    const page = await warm.newPage();
    await page.goto(`/search?class=${encodeURIComponent(opts.classId)}`);
    await page.waitForSelector('[data-indexes="1"]', { timeout: 60_000 });
    await slowPage(warm, page, cpu);
    // One query first, not counted: the page's code for results is compiled once.
    await timeLastKey(page, queries[0]!);
    for (const query of queries) times.push(await timeLastKey(page, query));
  } finally {
    await warm.close();
  }

  return {
    classId: opts.classId,
    queries: times.length,
    keystrokeP95Ms: percentile(times, 95),
    keystrokeMedianMs: percentile(times, 50),
    keystrokeMaxMs: Math.max(...times),
    indexBytes: pointer.bytes,
    ...load,
    indexGzipBytes: load.indexGzipBytes || pointer.gzip_bytes,
  };
}
