import { describe, expect, it } from 'vitest';
import { wordsOf } from '@gia/shared/search-text.ts';
import { openSearchIndex, searchIndexes } from '@gia/shared/search.ts';
import type { ClassTree } from '../db/search.ts';
import type { SourceItem } from '../db/sources.ts';
import { boundPlace, captionWindows, indexOfClass, PAID_BOUND } from './build.ts';

/** A page of 200 distinct-ish words: the kind of page a bound must cut. */
const longPage = Array.from(
  { length: 200 },
  (_, i) => `word${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}`,
).join(' ');

const rec = (fields: Record<string, unknown>) => fields as never;

/** A class with one free and one paid topic, each with notes and captions. */
function givenClass(): { tree: ClassTree; sources: Map<string, SourceItem> } {
  const ids = {
    board_id: 'b',
    class_id: 'c',
    subject_id: 's',
    sub_subject_id: '',
    chapter_id: 'ch',
  };
  const topic = (id: string, free: '1' | '2') =>
    rec({
      ...ids,
      topic_id: id,
      topic_name: `Topic ${id}`,
      status: 'Active',
      free_to_watch: free,
      notes_url: `/media/private/notes/${id}.pdf`,
      captions: [{ language: 'en', url: `/media/private/captions/${id}.vtt` }],
      translations: { kn: { topic_name: `ವಿಷಯ ${id}` } },
    });
  const source = (key: string, fields: Partial<SourceItem>): [string, SourceItem] => [
    key,
    { key, kind: 'notes', status: 'ready', version: '1', updated_at: '', ...fields },
  ];
  return {
    tree: {
      board: rec({ board_id: 'b', board_name: 'SSLC', free_course: false }),
      class: rec({ ...ids, class_name: 'Class 10', free_course: false }),
      subjects: [rec({ ...ids, subject_name: 'Science', free_course: false })],
      subSubjects: [],
      chapters: [rec({ ...ids, chapter_name: 'Light' })],
      topics: [
        topic('free', '1'),
        topic('paid', '2'),
        rec({ ...(topic('draft', '1') as object), status: 'Inactive' }),
      ],
    },
    sources: new Map([
      source('private/notes/free.pdf', { pages: ['Mirrors reflect light.', longPage] }),
      source('private/notes/paid.pdf', { pages: ['Lenses refract light.', longPage] }),
      source('private/notes/draft.pdf', { pages: ['Unpublished secret.'] }),
      source('private/captions/free.vtt', {
        kind: 'captions',
        cues: [
          { start: 0, text: 'Welcome.' },
          { start: 74.5, text: 'The periscope uses two mirrors.' },
        ],
      }),
      source('private/captions/paid.vtt', {
        kind: 'captions',
        cues: [{ start: 30, text: longPage }],
      }),
    ]),
  };
}

describe('the index of a class', () => {
  const { tree, sources } = givenClass();
  const file = indexOfClass(tree, sources, '2026-11-28T00:00:00.000Z');
  const topicAt = (id: string) => file.nodes.findIndex((n) => n.id === id);

  it('holds a free topic’s pages and caption windows whole', () => {
    const free = file.places.filter((p) => p.t === topicAt('free'));
    expect(free.map((p) => [p.k, p.at])).toEqual([
      ['notes', 1],
      ['notes', 2],
      ['video', 0],
      ['video', 74],
    ]);
    expect(free[1]?.s).toBe(longPage);
    expect(free.every((p) => p.w === undefined)).toBe(true);
  });

  it('never holds more of a paid page or minute of captions than the bound', () => {
    const paid = file.places.filter((p) => p.t === topicAt('paid'));
    expect(paid.map((p) => [p.k, p.at])).toEqual([
      ['notes', 1],
      ['notes', 2],
      ['video', 30],
    ]);
    for (const place of paid) {
      const snippets = place.s.split(' … ');
      expect(snippets.length).toBeLessThanOrEqual(PAID_BOUND.snippets);
      for (const s of snippets)
        expect(wordsOf(s).length).toBeLessThanOrEqual(PAID_BOUND.snippetWords);
      expect(wordsOf(place.w ?? '').length).toBeLessThanOrEqual(PAID_BOUND.keywords);
      const held = new Set([...wordsOf(place.s), ...wordsOf(place.w ?? '')]);
      expect(held.size).toBeLessThanOrEqual(PAID_BOUND.snippetWords * 2 + PAID_BOUND.keywords);
    }
    // The long page and the long caption window: far fewer words than they have.
    expect(wordsOf(paid[1]!.s + ' ' + (paid[1]!.w ?? '')).length).toBeLessThan(60);
  });

  it('leaves out topics that are not active', () => {
    expect(topicAt('draft')).toBe(-1);
    expect(JSON.stringify(file)).not.toContain('Unpublished');
  });

  it('names the board, class, subject, chapter and topics in every language they have', () => {
    expect(file.nodes.map((n) => [n.k, n.n.en])).toEqual([
      ['board', 'SSLC'],
      ['class', 'Class 10'],
      ['subject', 'Science'],
      ['chapter', 'Light'],
      ['topic', 'Topic free'],
      ['topic', 'Topic paid'],
    ]);
    expect(file.nodes[topicAt('paid')]).toMatchObject({ n: { kn: 'ವಿಷಯ paid' } });
    expect(file.nodes[topicAt('free')]?.free).toBe(true);
    expect(file.nodes[topicAt('paid')]?.free).toBeUndefined();
  });

  it('is searchable on the device: a caption word opens the free topic at its second', () => {
    const results = searchIndexes([openSearchIndex(file)], 'periscope', { language: 'en' });
    expect(results.topics[0]?.places[0]).toMatchObject({ kind: 'video', seconds: 74 });
  });

  it('makes every topic free in a free course', () => {
    const course = { ...tree, subjects: [{ ...tree.subjects[0]!, free_course: true }] };
    const free = indexOfClass(course, sources, '');
    expect(free.nodes.filter((n) => n.k === 'topic').every((n) => n.free)).toBe(true);
  });
});

describe('boundPlace', () => {
  it('keeps the words most telling within the class, not the ones every page has', () => {
    // "light" is on every page of the class; the rest are on one page each.
    const text = Array.from({ length: 30 }, (_, i) => `light term${i}`).join(' ');
    const df = new Map([['light', 40]]);
    const bounded = boundPlace(text, df, 40);
    expect(wordsOf(bounded.w ?? '')).not.toContain('light');
    expect(wordsOf(bounded.w ?? '')).toHaveLength(PAID_BOUND.keywords);
    expect(wordsOf(bounded.s).length).toBeLessThanOrEqual(PAID_BOUND.snippetWords);
    // No word is both shown and a keyword: the bound counts distinct words.
    const shown = new Set(wordsOf(bounded.s));
    expect(wordsOf(bounded.w ?? '').some((w) => shown.has(w))).toBe(false);
  });
});

describe('captionWindows', () => {
  it('puts cues in windows of 20 s, each at its first cue’s second', () => {
    expect(
      captionWindows(
        [
          { start: 1.2, text: 'a' },
          { start: 15, text: 'b' },
          { start: 21.9, text: 'c' },
          { start: 45, text: 'd' },
        ],
        20,
      ),
    ).toEqual([
      { at: 1, text: 'a b' },
      { at: 21, text: 'c' },
      { at: 45, text: 'd' },
    ]);
  });
});
