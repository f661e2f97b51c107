import { readFile } from 'node:fs/promises';
import { distance } from 'fastest-levenshtein';
import { notesPages } from '@gia/functions/sources/extract.ts';
import {
  PRINTED_NOTES,
  printedNotesUrl,
  printedPageTexts,
  type PrintedNotes,
} from './demo-printed-notes.ts';

/**
 * How well the notes pipeline reads a printed Kannada or Hindi notes PDF (issue 33): its
 * character error rate, the edit distance (Levenshtein) from the text the PDF was printed from to
 * the text `notesPages` (the sources function's own extraction, unpdf) gets out of it, divided by
 * the printed text's length. Both texts are compared in Unicode NFC with every run of white space
 * as one space, so a line break where the printer wrapped a line is no error.
 */

/** The bar: above it the PDF's text layer is not good enough, and the notes need OCR. */
export const CER_TARGET = 0.02;

/**
 * The printed notes whose text layer `notesPages` cannot read within {@link CER_TARGET}, as
 * measured (2026-11, unpdf 1.7.0's pdf.js, Chromium's PDF): Chromium writes each shaped cluster's
 * letters only as a marked-content `/ActualText`, and maps a glyph to letters (ToUnicode) only
 * when the font's cmap gives it one; pdf.js's text content ignores `/ActualText`, so every
 * conjunct, subjoined form and vowel sign drawn by a substituted glyph is lost (Kannada about
 * 40%, Hindi about 19%). A tagged PDF does not help (its structure carries no ActualText).
 * These notes need an OCR path; a file that comes under the bar must leave this list.
 */
export const TEXT_LAYER_UNREADABLE: readonly string[] = [
  'photosynthesis-kn.pdf',
  'respiration-kn.pdf',
  'photosynthesis-hi.pdf',
];

/** A text as compared: NFC, white space runs as one space, trimmed. */
export const comparable = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** The character error rate of `extracted` against `reference` (0 when they are the same). */
export function characterErrorRate(reference: string, extracted: string): number {
  const ref = comparable(reference);
  const got = comparable(extracted);
  if (!ref) return got ? 1 : 0;
  return distance(ref, got) / ref.length;
}

/** One notes file's measure: over the whole file, and page by page. */
export interface NotesCer {
  file: string;
  language: PrintedNotes['language'];
  /** Characters of the printed text (after normalisation). */
  chars: number;
  /** Edits from the printed text to the extracted one. */
  edits: number;
  cer: number;
  pages: { printed: number; extracted: number };
  pageCer: number[];
}

/** Measures one printed notes file's extraction against its text. */
export async function measureNotes(notes: PrintedNotes): Promise<NotesCer> {
  const bytes = new Uint8Array(await readFile(printedNotesUrl(notes)));
  const extracted = await notesPages(`private/notes/${notes.file}`, bytes);
  const printed = printedPageTexts(notes);
  const reference = comparable(printed.join(' '));
  const edits = distance(reference, comparable(extracted.join(' ')));
  return {
    file: notes.file,
    language: notes.language,
    chars: reference.length,
    edits,
    cer: edits / reference.length,
    pages: { printed: printed.length, extracted: extracted.length },
    pageCer: printed.map((text, i) => characterErrorRate(text, extracted[i] ?? '')),
  };
}

/** Every printed notes file's measure. */
export const measureAllNotes = () => Promise.all(PRINTED_NOTES.map(measureNotes));

/** One line per file, as the eval and the test print it. */
export const formatCer = (m: NotesCer) =>
  `${m.file.padEnd(24)} ${m.language}  CER ${(m.cer * 100).toFixed(2)}% (${m.edits} edits in ${
    m.chars
  } characters; pages ${m.pageCer.map((c) => `${(c * 100).toFixed(2)}%`).join(', ')})`;
