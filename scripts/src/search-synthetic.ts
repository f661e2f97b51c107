import type { ClassTree } from '@gia/functions/db/search.ts';
import type { SourceItem } from '@gia/functions/db/sources.ts';

/*
 * A synthetic class for the search index's size budget (issue 34): 300 topics, each with 10
 * notes pages of about 250 words and 10 minutes of captions (a cue every 3 s, about 150 words a
 * minute), all paid (the bounded index; a free topic's text goes in whole). The words are drawn,
 * Zipf-like, from a vocabulary of 6,000 made-up words of 2 to 4 syllables, so the text compresses
 * as a real subject's does (a few common words, a long tail of terms), not as a repeated phrase.
 * Deterministic: the same class every run.
 */

export const SYNTHETIC = { topics: 300, pages: 10, pageWords: 250, minutes: 10 } as const;

const SYLLABLES =
  'ka ri to me na su po la vi de ro ma ni te lu sa pa ge mo chi ra no be ta ki'.split(' ');

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticClass(): { tree: ClassTree; sources: Map<string, SourceItem> } {
  const next = random(34);
  const vocabulary = Array.from({ length: 6000 }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => SYLLABLES[Math.floor(next() * SYLLABLES.length)],
    ).join(''),
  );
  // Zipf: the word of rank r is drawn with weight 1/r.
  const weights = vocabulary.map((_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
  const word = () => {
    const x = next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo]!;
  };
  const sentence = (n: number) => {
    const words = Array.from({ length: n }, word);
    return `${words.join(' ')}.`;
  };
  const text = (words: number) => {
    const out: string[] = [];
    for (let left = words; left > 0;) {
      const n = Math.min(left, 8 + Math.floor(next() * 10));
      out.push(sentence(n));
      left -= n;
    }
    return out.join(' ');
  };

  const ids = { board_id: 'syn-b', class_id: 'syn-c', subject_id: 'syn-s', sub_subject_id: '' };
  const rec = (fields: Record<string, unknown>) => fields as never;
  const sources = new Map<string, SourceItem>();
  const chapters = Array.from({ length: 30 }, (_, i) =>
    rec({ ...ids, chapter_id: `syn-ch${i}`, chapter_name: `Chapter ${i + 1} ${word()}` }),
  );
  const topics = Array.from({ length: SYNTHETIC.topics }, (_, i) => {
    const id = `syn-t${i}`;
    const notes = `private/notes/${id}.pdf`;
    const captions = `private/captions/${id}.vtt`;
    sources.set(notes, {
      key: notes,
      kind: 'notes',
      status: 'ready',
      version: '1',
      updated_at: '',
      pages: Array.from({ length: SYNTHETIC.pages }, () => text(SYNTHETIC.pageWords)),
    });
    sources.set(captions, {
      key: captions,
      kind: 'captions',
      status: 'ready',
      version: '1',
      updated_at: '',
      cues: Array.from({ length: (SYNTHETIC.minutes * 60) / 3 }, (_, c) => ({
        start: c * 3,
        text: Array.from({ length: 7 + Math.floor(next() * 2) }, word).join(' '),
      })),
    });
    return rec({
      ...ids,
      chapter_id: `syn-ch${i % 30}`,
      topic_id: id,
      topic_name: `${word()} ${word()}`,
      status: 'Active',
      free_to_watch: '2',
      notes_url: `/media/${notes}`,
      captions: [{ language: 'en', url: `/media/${captions}` }],
    });
  });
  return {
    tree: {
      board: rec({ board_id: 'syn-b', board_name: 'Synthetic', free_course: false }),
      class: rec({ ...ids, class_name: 'Synthetic 300', free_course: false }),
      subjects: [rec({ ...ids, subject_name: 'Synthetic', free_course: false })],
      subSubjects: [],
      chapters,
      topics,
    },
    sources,
  };
}
