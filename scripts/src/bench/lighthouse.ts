import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  path: string;
  /** Which site was measured: the stack's own (`this`), or the build to compare with (`base`). */
  site: Site;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's CPU speed (`environment.benchmarkIndex`): its simulated
   * throttling scales what it observed by it, so TBT and the score depend on the machine.
   */
  benchmarkIndex: number;
}

export type Site = 'this' | 'base';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Lighthouse's mobile preset (the default) against pages of the local stack, in Debian's
 * Chromium, median of `runs`. With `compareUrl` (the same stack's API behind another build of the
 * SPA), each run of a page measures both sites one after the other, so a busy machine weighs on
 * both alike.
 */
export async function measurePages(
  baseUrl: string,
  paths: string[],
  runs = 3,
  compareUrl?: string,
): Promise<LighthouseResult[]> {
  const sites: [Site, string][] = [['this', baseUrl]];
  if (compareUrl) sites.push(['base', compareUrl]);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const out: LighthouseResult[] = [];
    for (const path of paths) {
      const samples: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        for (const [site, url] of sites) {
          const result = await lighthouse(`${url}${path}`, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
          });
          const lhr = result?.lhr;
          if (!lhr) continue;
          samples.push({
            path,
            site,
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
            tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
            cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
            benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          });
        }
      }
      for (const [site] of sites) {
        const mine = samples.filter((s) => s.site === site);
        out.push({
          path,
          site,
          performance: median(mine.map((s) => s.performance)),
          lcpMs: median(mine.map((s) => s.lcpMs)),
          tbtMs: median(mine.map((s) => s.tbtMs)),
          cls: median(mine.map((s) => s.cls)),
          benchmarkIndex: median(mine.map((s) => s.benchmarkIndex)),
        });
      }
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
