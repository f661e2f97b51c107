import MiniSearch from 'minisearch';
import { AI_SOURCE_LIMITS as LIMITS } from '@gia/shared';
import { searchTerm, wordsOf } from '@gia/shared/search-text.ts';
import type { Cue, Passage } from '../../db/sources.ts';

// The one text normalisation of every search (issue 34): the AI teacher's retrieval and the
// class search index compare words the same way.
export { searchTerm, wordsOf };

export type { Cue, Passage };

/**
 * A topic's sources cut into small passages that keep where they come from (a notes page, a
 * caption time), a full-text index over them (minisearch), and the check that a quoted citation
 * really appears in its passage (docs/ai-teacher.md).
 */

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Sentences of a text (a sentence ends at `.`, `!`, `?` or `।` followed by a space). */
const sentences = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?।])\s+/)
    .filter(Boolean);

/**
 * Cuts units (sentences, or cues) into passages of about min–max words: a passage closes once it
 * reaches `min` words and the next unit would take it past `max`, or when it reaches `max`; a
 * single unit longer than `max` is split by words.
 */
function pack<T extends { text: string }>(
  units: T[],
  make: (first: T, text: string) => Omit<Passage, 'n'>,
): Omit<Passage, 'n'>[] {
  const out: Omit<Passage, 'n'>[] = [];
  let first: T | undefined;
  let bag: string[] = [];
  const flush = () => {
    if (first && bag.length) out.push(make(first, bag.join(' ')));
    first = undefined;
    bag = [];
  };
  for (const unit of units) {
    const w = words(unit.text);
    if (!w.length) continue;
    if (bag.length >= LIMITS.passageMinWords && bag.length + w.length > LIMITS.passageMaxWords) {
      flush();
    }
    for (let i = 0; i < w.length; i += LIMITS.passageMaxWords) {
      const part = w.slice(i, i + LIMITS.passageMaxWords);
      if (bag.length + part.length > LIMITS.passageMaxWords) flush();
      first ??= unit;
      bag.push(...part);
    }
  }
  flush();
  return out;
}

/** The passages of one notes file: each page's sentences packed, never across pages. */
export const notesPassages = (pages: string[]) =>
  pages.flatMap((text, i) =>
    pack(
      sentences(text).map((s) => ({ text: s })),
      (_, t) => ({ source: 'notes' as const, page: i + 1, text: t }),
    ),
  );

/** The passages of one captions file: cues packed, each passage starting at its first cue. */
export const captionPassages = (cues: Cue[]) =>
  pack(cues, (first, t) => ({
    source: 'video' as const,
    start_seconds: Math.floor(first.start),
    text: t,
  }));

/** The passages of a description (usually one). */
export const descriptionPassages = (description: string) =>
  pack(
    sentences(description).map((s) => ({ text: s })),
    (_, t) => ({ source: 'description' as const, text: t }),
  );

/**
 * Numbers passages and caps them: at most `passagesPerTopic`, and `passageCharsPerTopic` of text
 * in total (the rest is left out, so a topic's item stays well under DynamoDB's 400 KB).
 */
export function capPassages(parts: Omit<Passage, 'n'>[]): Passage[] {
  const kept: Passage[] = [];
  let chars = 0;
  for (const p of parts) {
    if (kept.length >= LIMITS.passagesPerTopic) break;
    if (chars + p.text.length > LIMITS.passageCharsPerTopic) break;
    chars += p.text.length;
    kept.push({ ...p, n: kept.length + 1 });
  }
  return kept;
}

const INDEX_OPTIONS = {
  idField: 'n',
  fields: ['text'],
  processTerm: searchTerm,
  searchOptions: { prefix: true, fuzzy: 0.2 },
};

/** The full-text index of a topic's passages, as JSON to store beside them. */
export function buildIndex(passages: Passage[]): string {
  const index = new MiniSearch<Passage>(INDEX_OPTIONS);
  index.addAll(passages);
  return JSON.stringify(index);
}

/** Words too common to say anything about a question. */
const STOP = new Set(
  (
    'a an and are as at be but by can do does for from has have how i in is it its me my of on or ' +
    'so that the their them then there these this to was what when where which who why will ' +
    'with you your about into than also please tell explain give'
  ).split(' '),
);

/** The question's words worth searching for. */
export const queryWords = (question: string) =>
  wordsOf(question).filter((w) => w.length > 1 && !STOP.has(w));

/** A passage found for a question, with its score. */
export interface Hit {
  passage: Passage;
  score: number;
}

/** The best passages for a question from a stored index (best first). */
export function search(indexJson: string, passages: Passage[], question: string, top: number) {
  const terms = queryWords(question);
  if (!terms.length) return [];
  const index = MiniSearch.loadJSON<Passage>(indexJson, INDEX_OPTIONS);
  const byN = new Map(passages.map((p) => [p.n, p]));
  const hits: Hit[] = [];
  for (const r of index.search(terms.join(' '))) {
    const passage = byN.get(r.id as number);
    if (passage) hits.push({ passage, score: r.score });
    if (hits.length >= top) break;
  }
  return hits;
}

/**
 * Text as compared for quotes: Unicode-normalised (NFKC), without zero-width joiners and spaces,
 * curly quotes and dashes made plain,
 * lower case, every run of whitespace one space, trimmed. So a quote survives the model's
 * re-spacing and capitalisation, and nothing else.
 */
export const normaliseForQuote = (text: string) =>
  text
    .normalize('NFKC')
    // Joiners and zero-width spaces: Kannada and Devanagari text carries them, or not, by the
    // tool that wrote it (a PDF's text layer, the model), with the same letters shown.
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'.,;:…\s]+|["'.,;:…\s]+$/g, '');

/** Whether `quote` appears in `passage` once both are normalised (and is long enough to matter). */
export function quoteAppears(quote: string, passage: string): boolean {
  const q = normaliseForQuote(quote);
  return q.length >= LIMITS.quoteMinChars && normaliseForQuote(passage).includes(q);
}
