import { table, type Part } from '../report.ts';

/** The budget: Lighthouse performance score (mobile preset) of each page. */
const MIN_PERFORMANCE = 95;

/** Lighthouse (mobile preset, median of 3) on pages of the stack; "not measured" if it cannot run. */
export async function lighthouseSection(url: string, paths: string[]): Promise<Part> {
  try {
    const { measurePages } = await import('../lighthouse.ts');
    const pages = await measurePages(url, paths);
    return {
      rows: pages.map((p) => ({
        what: `Lighthouse performance ${p.path}`,
        value: String(p.performance),
        budget: `≥ ${MIN_PERFORMANCE}`,
        met: p.performance >= MIN_PERFORMANCE,
      })),
      sections: [
        '## Lighthouse (mobile preset, headless Chromium, median of 3)\n\n' +
          table(
            ['page', 'performance', 'LCP ms', 'TBT ms', 'CLS', `performance ≥ ${MIN_PERFORMANCE}`],
            pages.map((p) => [
              p.path,
              p.performance,
              p.lcpMs,
              p.tbtMs,
              p.cls,
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
