import type { AskAiInput } from '@gia/shared';
import { queryWords } from '../domain/grounding/index.ts';
import type { CheckedReply, StoredCitation } from './citations.ts';
import type { SentPassage } from './retrieval.ts';
import { FIXED_REPLIES, type FixedReplies } from './fixed-replies.ts';

/**
 * Notes mode (docs/ai-teacher.md): the teacher's answer when the model cannot give one (no key,
 * the daily budget spent, the provider failing). The question's best passages, as retrieval
 * ranked them, are quoted verbatim — the notes' own words, never rewritten — with citations in
 * the same shape as a model answer's.
 */

/** Passages quoted in an answer (a hint quotes only the best one). */
export const NOTES_QUOTES = 3;
/** A passage answers when it holds at least this share of the question's words. */
export const NOTES_MIN_SHARE = 0.5;
/** A quote is a run of at most this many of the passage's sentences… */
const QUOTE_SENTENCES = 3;
/** …with the next while it is shorter than this… */
const QUOTE_MIN_WORDS = 12;
/** …and never longer than this (cut at a word, so it stays the notes' words as written). */
const QUOTE_MAX_CHARS = 400;

/**
 * Whether two words are the same word for a learner: equal, or sharing a stem of four letters or
 * more that leaves at most two letters of the shorter one ("equation"/"equations",
 * "factorise"/"factorisation").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n >= 4 && n >= Math.min(a.length, b.length) - 2;
}

/** The question's words a text holds. */
export function heldWords(asked: readonly string[], text: string): string[] {
  const have = new Set(queryWords(text));
  return asked.filter((w) => have.has(w) || [...have].some((h) => sameWord(w, h)));
}

/** The share (0–1) of the question's words a text holds, each word weighing `weight` (else 1). */
export function shareOf(
  asked: readonly string[],
  text: string,
  weight: (word: string) => number = () => 1,
): number {
  const total = asked.reduce((sum, w) => sum + weight(w), 0);
  if (!total) return 0;
  return heldWords(asked, text).reduce((sum, w) => sum + weight(w), 0) / total;
}

/**
 * How much each of the question's words tells among these passages (an inverse document
 * frequency): ln((n + 1) / passages holding it). A word on every page — the notes' title in each
 * page's footer — weighs little, a word of one page much. A word held by none weighs as the
 * others do on average: it cannot tell the passages apart, but it still asks for something.
 */
export function wordWeights(asked: readonly string[], texts: readonly string[]) {
  const held = texts.map((t) => new Set(heldWords(asked, t)));
  const present = new Map<string, number>();
  for (const w of asked) {
    const n = held.filter((h) => h.has(w)).length;
    if (n) present.set(w, Math.log((texts.length + 1) / n));
  }
  const mean = present.size ? [...present.values()].reduce((a, b) => a + b, 0) / present.size : 1;
  return (w: string) => present.get(w) ?? mean;
}

/** The sentences of a passage (passages keep the notes' spacing: one space between words). */
const sentencesOf = (text: string) => text.split(/(?<=[.!?।])\s+/).filter(Boolean);

/** A sentence that ends as one (a page's footer or a heading does not). */
const complete = (sentence: string) => /[.!?।]["'\u201d)]*$/.test(sentence);

/**
 * The quote of a passage: the run of at most QUOTE_SENTENCES sentences that best holds the
 * question's words — each word once, counting less the more sentences hold it — the shortest and
 * first on a tie; while shorter than QUOTE_MIN_WORDS it takes the complete sentences after it. At
 * most QUOTE_MAX_CHARS, cut at a word. Always a run of the passage's own text.
 */
export function quoteOf(asked: readonly string[], text: string): string {
  const sentences = sentencesOf(text);
  const holds = sentences.map((s) => heldWords(asked, s));
  const weight = (w: string) => 1 / holds.filter((h) => h.includes(w)).length;
  const score = (from: number, to: number) =>
    [...new Set(holds.slice(from, to).flat())].reduce((sum, w) => sum + weight(w), 0);
  // A run is of complete sentences (no footer or heading), unless the passage has none.
  const usable = sentences.some(complete) ? complete : () => true;
  let best = { from: 0, to: Math.min(1, sentences.length), score: -1 };
  for (let from = 0; from < sentences.length; from++) {
    const last = Math.min(sentences.length, from + QUOTE_SENTENCES);
    for (let to = from + 1; to <= last && usable(sentences[to - 1]!); to++) {
      const run = score(from, to);
      const tie = Math.abs(run - best.score) < 1e-9;
      if (run > best.score || (tie && to - from < best.to - best.from)) {
        best = { from, to, score: run };
      }
    }
  }
  let quote = sentences.slice(best.from, best.to).join(' ') || text;
  for (let i = best.to; i < sentences.length && complete(sentences[i]!); i++) {
    if (quote.split(' ').length >= QUOTE_MIN_WORDS) break;
    quote = `${quote} ${sentences[i]}`;
  }
  if (quote.length <= QUOTE_MAX_CHARS) return quote;
  const cut = quote.slice(0, QUOTE_MAX_CHARS);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1));
}

const citationOf = (p: SentPassage, quote: string): StoredCitation => ({
  source: p.source,
  ...(p.page ? { page: p.page } : {}),
  ...(p.start_seconds !== undefined ? { start_seconds: p.start_seconds } : {}),
  quote,
  ...(p.notes_url ? { notes_url: p.notes_url } : {}),
});

/**
 * The notes' answer to a question from the scope's passages (best first, as retrieval ranked
 * them). Passages holding at least NOTES_MIN_SHARE of the question's words (weighed by
 * wordWeights) answer, the best
 * share first (retrieval's order on a tie): up to NOTES_QUOTES of them (one for a hint) are
 * quoted, each cited. None: a question sharing no word with the passages is refused (most likely
 * off the topic; the notes cannot tell), any other is not covered. Outside a topic (no passages to
 * quote) the answer says the notes answer in a lesson. The fixed words are `replies`' language.
 */
export function notesAnswer(
  question: string,
  material: { passages: SentPassage[]; grounded: boolean },
  mode: AskAiInput['mode'] = 'answer',
  replies: FixedReplies = FIXED_REPLIES.en,
): CheckedReply {
  if (!material.grounded) {
    return {
      answer: replies.notesNeedLesson,
      refused: false,
      covered: false,
      citations: [],
    };
  }
  const asked = [...new Set(queryWords(question))];
  const weight = wordWeights(
    asked,
    material.passages.map((p) => p.text),
  );
  const scored = material.passages.map((p, rank) => ({
    p,
    rank,
    share: shareOf(asked, p.text, weight),
  }));
  if (!scored.some((s) => s.share > 0)) {
    return {
      answer: replies.notesNothing,
      refused: true,
      covered: false,
      citations: [],
    };
  }
  const picked = scored
    .filter((s) => s.share >= NOTES_MIN_SHARE)
    .sort((x, y) => y.share - x.share || x.rank - y.rank)
    .slice(0, mode === 'hint' ? 1 : NOTES_QUOTES);
  if (!picked.length) {
    return {
      answer: replies.notCovered,
      refused: false,
      covered: false,
      citations: [],
    };
  }
  const citations = picked.map(({ p }) => citationOf(p, quoteOf(asked, p.text)));
  const answer = [replies.notesLeadIn, ...citations.map((c) => `\u201c${c.quote}\u201d`)].join(
    '\n\n',
  );
  return { answer, refused: false, covered: true, citations };
}
