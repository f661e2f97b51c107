import { describe, expect, it } from 'vitest';
import { SEARCH_INDEX_VERSION, type SearchIndexFile } from '@gia/shared/search-types.ts';
import { percentile, queriesOf } from './search-timing.ts';

const FILE: SearchIndexFile = {
  v: SEARCH_INDEX_VERSION,
  class_id: 'c10',
  built_at: '2026-11-28T20:00:00.000Z',
  nodes: [
    { k: 'class', id: 'c10', n: { en: 'Class 10', kn: 'ಹತ್ತನೇ ತರಗತಿ' } },
    { k: 'topic', id: 't1', p: 0, n: { en: 'Photosynthesis', kn: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ' } },
  ],
  places: [
    { t: 1, k: 'notes', at: 1, s: 'Chlorophyll traps sunlight in the leaves of green plants.' },
    { t: 1, k: 'video', at: 20, s: 'Stomata open in the morning to let carbon dioxide enter.' },
  ],
};

describe('the search timing helpers', () => {
  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile(values, 50)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it('makes the asked number of queries from the index’s own words, prefixes and typos among them', () => {
    const queries = queriesOf(FILE, 24);
    expect(queries).toHaveLength(24);
    expect(queries).toEqual(queriesOf(FILE, 24));
    const words = new Set([
      'photosynthesis',
      'chlorophyll',
      'sunlight',
      'leaves',
      'green',
      'plants',
      'stomata',
      'morning',
      'carbon',
      'dioxide',
      'enter',
      'traps',
      'class',
      'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ',
      'ಹತ್ತನೇ',
      'ತರಗತಿ',
    ]);
    // Each query is a word of the file, its prefix, or the word with one letter dropped.
    for (const q of queries) {
      const near = [...words].some(
        (w) =>
          w === q ||
          (w.startsWith(q) && q.length >= 4) ||
          [...w].some((_, i) => w.slice(0, i) + w.slice(i + 1) === q),
      );
      expect(near, q).toBe(true);
    }
    expect(queries.some((q) => !words.has(q))).toBe(true);
    expect(queries.some((q) => /[^\p{Script=Latin}]/u.test(q))).toBe(true);
  });
});
