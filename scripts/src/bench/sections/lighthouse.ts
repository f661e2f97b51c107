import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import type { BenchContext } from '../demo.ts';
import { table, type Part } from '../report.ts';

/** The budget: Lighthouse performance score (mobile preset) of each page. */
const MIN_PERFORMANCE = 95;

/**
 * The pages measured: the landing page, the course list and a subject's page before purchase
 * (the demo's CBSE › Class 10 › Mathematics), the pages a new visitor lands on from a link.
 */
export const LIGHTHOUSE_PAGES = ['/', '/AllCourse', '/subjects/{subject}'];

/**
 * Another build of the SPA to measure beside this one (`LIGHTHOUSE_BASE_DIR`, its `dist` folder,
 * e.g. main's built in another checkout), served by a second gateway over the same stack: on a
 * busy machine the scores move with its load, so a change is judged against its base measured
 * in the same minutes.
 */
async function baseSite(): Promise<{ url: string; dir: string; server: Server } | undefined> {
  const dir = process.env.LIGHTHOUSE_BASE_DIR;
  if (!dir) return undefined;
  const webDir = resolve(dir);
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`LIGHTHOUSE_BASE_DIR ${webDir} has no index.html (a built web/dist)`);
  }
  const { startGateway } = await import('../../gateway.ts');
  const server = await startGateway({ port: 0, webDir });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, dir: webDir, server };
}

/** Lighthouse (mobile preset, median of 3) on pages of the stack; "not measured" if it cannot run. */
export async function lighthouseSection(
  ctx: Pick<BenchContext, 'url' | 'fill'>,
  paths = LIGHTHOUSE_PAGES,
): Promise<Part> {
  let base: Awaited<ReturnType<typeof baseSite>>;
  try {
    base = await baseSite();
    const { measurePages } = await import('../lighthouse.ts');
    const measured = await measurePages(ctx.url, paths.map(ctx.fill), 3, base?.url);
    const pages = measured.filter((p) => p.site === 'this');
    const label = (p: (typeof measured)[number]) =>
      p.site === 'base' ? `${p.path} (base build)` : p.path;
    return {
      rows: pages.map((p) => ({
        what: `Lighthouse performance ${p.path}`,
        value: String(p.performance),
        budget: `≥ ${MIN_PERFORMANCE}`,
        met: p.performance >= MIN_PERFORMANCE,
      })),
      sections: [
        '## Lighthouse (mobile preset, headless Chromium, median of 3)\n\n' +
          'Lighthouse simulates a mid-range phone by scaling what it observes on this machine; ' +
          'its `benchmarkIndex` is how fast it found the machine’s CPU (higher is faster), so ' +
          'compare scores only between runs with a similar index.' +
          (base
            ? ` Each run of a page measured this build, then the base build \`${base.dir}\` ` +
              '(`LIGHTHOUSE_BASE_DIR`, served by a second gateway over the same stack), so both ' +
              'met the same load; the budget rows are this build’s.'
            : '') +
          '\n\n' +
          table(
            [
              'page',
              'performance',
              'LCP ms',
              'TBT ms',
              'CLS',
              'benchmarkIndex',
              `performance ≥ ${MIN_PERFORMANCE}`,
            ],
            measured.map((p) => [
              label(p),
              p.performance,
              p.lcpMs,
              p.tbtMs,
              p.cls,
              p.benchmarkIndex,
              p.performance >= MIN_PERFORMANCE ? 'yes' : '**no**',
            ]),
          ),
      ],
    };
  } catch (err) {
    return {
      rows: [
        {
          what: 'Lighthouse',
          value: `not measured: ${String(err).slice(0, 80)}`,
          budget: `≥ ${MIN_PERFORMANCE}`,
          met: null,
        },
      ],
      sections: [],
    };
  } finally {
    base?.server.closeAllConnections();
    base?.server.close();
  }
}
