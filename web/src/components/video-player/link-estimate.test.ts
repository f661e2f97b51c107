import { describe, expect, it } from 'vitest';
import { ESTIMATE_KEY, keepEstimate, SLOW_LINK_ESTIMATE, startEstimate } from './link-estimate.ts';

/** A storage holding what was kept, as localStorage would. */
const store = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};
const NOW = 1_800_000_000_000;

describe('where hls.js starts', () => {
  it('starts from the last session’s measurement while it is less than a day old', () => {
    const kept = store();
    keepEstimate(kept, 2_345_678.4, NOW);
    expect(JSON.parse(kept.getItem(ESTIMATE_KEY)!)).toEqual({ bps: 2_345_678, at: NOW });
    const nav = { connection: { downlink: 10 } };
    expect(startEstimate(kept, nav, NOW + 3600_000)).toBe(2_345_678);
    // A day later the browser's report counts again (80% of it).
    expect(startEstimate(kept, nav, NOW + 25 * 3600_000)).toBe(8_000_000);
  });

  it('else from 80% of the browser’s report, else a slow link’s guess', () => {
    expect(startEstimate(store(), { connection: { downlink: 0.4 } }, NOW)).toBe(320_000);
    expect(startEstimate(store(), {}, NOW)).toBe(SLOW_LINK_ESTIMATE);
    expect(startEstimate(undefined, undefined, NOW)).toBe(SLOW_LINK_ESTIMATE);
  });

  it('trusts neither a garbled value nor one out of bounds', () => {
    expect(startEstimate(store({ [ESTIMATE_KEY]: '{not json' }), {}, NOW)).toBe(SLOW_LINK_ESTIMATE);
    const kept = store();
    keepEstimate(kept, Number.NaN, NOW);
    keepEstimate(kept, 5_000, NOW);
    keepEstimate(kept, 1e9, NOW);
    expect(kept.getItem(ESTIMATE_KEY)).toBeNull();
    expect(startEstimate(store(), { connection: { downlink: 0.01 } }, NOW)).toBe(
      SLOW_LINK_ESTIMATE,
    );
  });
});
