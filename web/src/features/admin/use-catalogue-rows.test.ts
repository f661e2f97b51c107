import { describe, expect, it } from 'vitest';
import { SCREENS } from './catalogue-config.ts';
import { newestFirst } from './use-catalogue-rows.ts';

describe('a back-office list', () => {
  it('shows the newest record first, and of one day the one made last first', () => {
    const classes = [
      { class_id: '01A', class_created_at: '2026-11-01T09:00:00.000Z' },
      { class_id: '01C', class_created_at: '2026-11-20T09:00:00.000Z' },
      { class_id: '01B', class_created_at: '2026-11-20T09:00:00.000Z' },
      { class_id: '01D' },
    ];

    const order = newestFirst(SCREENS.Class!, classes).map((c) => c.class_id);

    expect(order).toEqual(['01C', '01B', '01A', '01D']);
  });
});
