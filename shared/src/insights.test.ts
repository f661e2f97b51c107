import { describe, expect, it } from 'vitest';
import { indiaDay, InsightsQuery, tenthOf } from './insights.ts';

describe('the insights range', () => {
  it('takes two calendar dates, the second on or after the first, at most 366 days', () => {
    expect(InsightsQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(InsightsQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    const messages = (q: unknown) =>
      InsightsQuery.safeParse(q).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual([
      'from and to must be dates written YYYY-MM-DD.',
    ]);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      'to must be the same day as from or a later one.',
    ]);
    expect(messages({ from: '2025-01-01', to: '2026-01-02' })).toEqual([
      'Choose a range of at most 366 days.',
    ]);
  });

  it.each([
    { from: '2024-01-01', to: '2024-13-45' },
    { from: '2024-13-45', to: '2024-12-31' },
    { from: '2026-01-01', to: '2026-00-10' },
    { from: '0000-00-00', to: '9999-99-99' },
  ])('refuses %o, a date that is not in the calendar, with the date reason', (query) => {
    // Given a month or day that no calendar has, when the range is parsed,
    // then it is refused with the reason (not thrown: a throw would answer 500).
    const result = InsightsQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'from and to must be dates written YYYY-MM-DD.',
    );
  });
});

describe('the rules of insights', () => {
  it('counts a moment on its India day', () => {
    expect(indiaDay('2026-11-26T18:29:59.999Z')).toBe('2026-11-26');
    expect(indiaDay('2026-11-26T18:30:00.000Z')).toBe('2026-11-27');
  });

  it('places a position in its tenth of the video, the end in the last', () => {
    expect(tenthOf(0, 100)).toBe(0);
    expect(tenthOf(9.9, 100)).toBe(0);
    expect(tenthOf(10, 100)).toBe(1);
    expect(tenthOf(100, 100)).toBe(9);
    expect(tenthOf(130, 100)).toBe(9);
    expect(tenthOf(10, 0)).toBeUndefined();
  });
});
