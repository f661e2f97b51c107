import { describe, expect, it } from 'vitest';
import { bundleBudget } from './baseline.ts';

describe('the Lambda bundle budget', () => {
  it('holds every route group to 330 KB minified', () => {
    expect(bundleBudget('auth', 330, 0.5).met).toBe(true);
    expect(bundleBudget('auth', 331, 0.5)).toMatchObject({
      maxKb: 330,
      sizeMet: false,
      met: false,
    });
    expect(bundleBudget('media-jobs', 331, undefined).met).toBe(false);
  });

  it('allows ai, which carries the OpenAI SDK, 500 KB', () => {
    expect(bundleBudget('ai', 480, 0.55)).toMatchObject({ maxKb: 500, met: true });
    expect(bundleBudget('ai', 501, 0.55).sizeMet).toBe(false);
  });

  it('holds cold imports to 60% of the scaled baseline, health excepted', () => {
    expect(bundleBudget('cart', 290, 0.6).met).toBe(true);
    expect(bundleBudget('cart', 290, 0.61)).toMatchObject({ importMet: false, met: false });
    expect(bundleBudget('health', 260, 0.75)).toMatchObject({ importHeld: false, met: true });
    // A group made after the baseline has no time to compare with: its size alone is held.
    expect(bundleBudget('insights', 276, undefined)).toMatchObject({
      importHeld: false,
      met: true,
    });
  });
});
