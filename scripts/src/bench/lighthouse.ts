import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  path: string;
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Lighthouse's mobile preset (the default) against pages of the local stack, in Debian's
 * Chromium, median of `runs`.
 */
export async function measurePages(
  baseUrl: string,
  paths: string[],
  runs = 3,
): Promise<LighthouseResult[]> {
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
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const lhr = result?.lhr;
        if (!lhr) continue;
        samples.push({
          path,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
      }
      out.push({
        path,
        performance: median(samples.map((s) => s.performance)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        cls: median(samples.map((s) => s.cls)),
        benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
