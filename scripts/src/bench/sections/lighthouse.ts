import type { BenchContext } from '../demo.ts';
import { table, type Part } from '../report.ts';

/** The budget: Lighthouse performance score (mobile preset) of each page. */
const MIN_PERFORMANCE = 95;

/**
 * The pages measured: the landing page, the course list and a subject's page before purchase
 * (the demo's CBSE › Class 10 › Mathematics), the pages a new visitor lands on from a link.
 */
export const LIGHTHOUSE_PAGES = ['/', '/AllCourse', '/subjects/{subject}'];

/** Lighthouse (mobile preset, median of 3) on pages of the stack; "not measured" if it cannot run. */
export async function lighthouseSection(
  ctx: Pick<BenchContext, 'url' | 'fill'>,
  paths = LIGHTHOUSE_PAGES,
): Promise<Part> {
  try {
    const { measurePages } = await import('../lighthouse.ts');
    const pages = await measurePages(ctx.url, paths.map(ctx.fill));
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
          'compare scores only between runs with a similar index.\n\n' +
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
            pages.map((p) => [
              p.path,
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
  }
}
