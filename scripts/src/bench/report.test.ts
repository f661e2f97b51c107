import { describe, expect, it } from 'vitest';
import { renderReport, type Part } from './report.ts';

describe('the benchmark report', () => {
  it('lists every part’s budgets, then their sections in order, then the notes last', () => {
    const parts: Part[] = [
      {
        rows: [{ what: 'requests', value: '0', budget: '0', met: true }],
        sections: ['## First'],
      },
      {
        rows: [{ what: 'bundles', value: '2', budget: '0', met: false }],
        sections: ['## Second'],
        notes: ['## Why'],
      },
      { rows: [{ what: 'lighthouse', value: 'n/a', budget: '≥ 95', met: null }], sections: [] },
    ];

    const doc = renderReport(parts, new Date('2026-11-23T12:00:00Z'));

    expect(doc).toContain('on 2026-11-23');
    expect(doc).toContain('| requests | 0 | 0 | yes |');
    expect(doc).toContain('| bundles | 2 | 0 | **no** |');
    expect(doc).toContain('| lighthouse | n/a | ≥ 95 | n/a |');
    const order = ['## Budgets', '## First', '## Second', '## Why'].map((h) => doc.indexOf(h));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(-1);
  });
});
