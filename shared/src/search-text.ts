/*
 * Text as search compares it, written once for every side that searches: the AI teacher's
 * retrieval over a topic's sources (functions/src/domain/grounding/passages.ts), the class index
 * built by the search function, and the search on the device (shared/src/search.ts). No
 * dependencies: the web's search chunk and the Lambdas both load it.
 */

/**
 * A word as retrieval compares it: Unicode NFC, without the zero-width joiners that Kannada and
 * Devanagari text carries or not by the tool that wrote it (a PDF's text layer, OCR, a keyboard),
 * lower case. The index and the question's words both go through it.
 */
export const searchTerm = (word: string) =>
  word
    .normalize('NFC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .toLowerCase();

/**
 * A text's words: runs of letters, combining marks and digits. The marks matter: a Kannada or
 * Devanagari vowel sign or virama (ಿ ್ ा) is a mark, not a letter, and a word cut at each one
 * would never match the notes' word.
 */
export const wordsOf = (text: string) => searchTerm(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** A word of a text as written, with where it is (to highlight it). */
export interface WordAt {
  /** The word as search compares it (`searchTerm`). */
  term: string;
  start: number;
  end: number;
}

/**
 * The words of a text with their places in the text as written: the same words as `wordsOf`
 * (joiners inside a word are kept in its span, and dropped from its term).
 */
export function wordsAt(text: string): WordAt[] {
  const out: WordAt[] = [];
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}\u200b-\u200d\u2060\ufeff]+/gu)) {
    const term = searchTerm(m[0]);
    if (term) out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}
