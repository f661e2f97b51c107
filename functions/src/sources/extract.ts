import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
// A CommonJS module: Node's ESM loader gives it as the default export only.
import webvttParser from 'webvtt-parser';
import { AI_SOURCE_LIMITS as LIMITS, scriptLanguage } from '@gia/shared';
import type { NotesMethod } from '../db/sources.ts';
import type { Cue } from '../domain/grounding/index.ts';
import { logger } from '../lib/logger.ts';
import { ALL_OCR_LANGUAGES, ToolError, withPdfOnDisk } from './pdf-tools.ts';

export type { NotesMethod };

/** Where uploaded sources live: notes (PDF or plain text) and captions (WebVTT). */
export const NOTES_PREFIX = 'private/notes/';
export const CAPTIONS_PREFIX = 'private/captions/';

/** Why an object could not be read, in words an admin can act on. */
export class ExtractionError extends Error {}

/** Caps the pages' text at `sourceChars` in total (later pages are cut, then left out). */
function capPages(pages: string[]): string[] {
  const out: string[] = [];
  let left: number = LIMITS.sourceChars;
  for (const page of pages.slice(0, LIMITS.pagesPerNotes)) {
    out.push(page.slice(0, Math.max(0, left)));
    left -= page.length;
  }
  return out;
}

/** Letters of the Kannada and Devanagari scripts, whose shaped clusters pdf.js loses. */
const INDIC_LETTERS = /[\p{Script=Kannada}\p{Script=Devanagari}]/u;

/**
 * A page with fewer letters than this in its text layer, and an image, is taken for a scan (an
 * image of text) and read by OCR; a page that OCR reads no better keeps its text layer.
 */
export const SCANNED_PAGE_LETTERS = 20;

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const tidy = (page: string) => page.replace(/[ \t]+/g, ' ').trim();
const sameText = (a: string[], b: string[]) =>
  a.length === b.length && a.every((p, i) => p.replace(/\s+/g, ' ') === b[i]!.replace(/\s+/g, ' '));

/**
 * The pages that look scanned: (almost) no text layer, and an image drawn (a page with a short
 * title and nothing else is not a scan, and is left alone). 1-based.
 */
async function scannedPages(
  pdf: Awaited<ReturnType<typeof getDocumentProxy>>,
  layer: string[],
): Promise<number[]> {
  const few = layer.flatMap((p, i) => (letters(p) < SCANNED_PAGE_LETTERS ? [i + 1] : []));
  if (!few.length) return [];
  const { OPS } = await getResolvedPDFJS();
  const drawsImage = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
  ]);
  const out: number[] = [];
  for (const n of few) {
    try {
      const { fnArray } = await (await pdf.getPage(n)).getOperatorList();
      if (fnArray.some((fn) => drawsImage.has(fn))) out.push(n);
    } catch {
      // A page pdf.js cannot draw keeps its text layer: no reason to fail the whole file.
    }
  }
  return out;
}

/** The tesseract languages of a document's text: its Indian script, with English beside it. */
function textLanguages(pages: string[]): string | undefined {
  const language = scriptLanguage(pages.join(' '));
  return language === 'kn' ? 'kan+eng' : language === 'hi' ? 'hin+eng' : undefined;
}

/** What a notes file's text came to be, and how. */
export interface NotesText {
  pages: string[];
  /**
   * Which read gave it: `text-layer` (pdf.js, unpdf; a .txt file), `actual-text` (poppler's
   * `pdftotext`, honouring `/ActualText`: Kannada and Devanagari printed with shaping), `ocr`
   * (tesseract, for pages without a text layer; `ocrPages` names them).
   */
  method: NotesMethod;
  /** The 1-based pages read by OCR (only with `method: 'ocr'`). */
  ocrPages?: number[];
}

export interface NotesOptions {
  /** Epoch ms after which no further page is OCR'd (the function's time is running out). */
  deadline?: number;
}

/** Logs that a tool could not help, once per tool and problem, and carries on without it. */
function toolWarning(key: string, err: unknown, seen: Set<string>): void {
  if (!(err instanceof ToolError)) throw err;
  const what = `${err.tool}:${err.problem}`;
  if (seen.has(what)) return;
  seen.add(what);
  logger.warn('notes tool unavailable, keeping the text read so far', {
    key,
    tool: err.tool,
    problem: err.problem,
    error: err.message,
  });
}

/**
 * A notes file's text per page: a .txt file as one page; a PDF page by page, first by unpdf
 * (pdf.js). When that text holds Kannada or Devanagari letters, poppler's `pdftotext` reads the
 * text layer again (pdf.js ignores the `/ActualText` that carries shaped clusters' letters); a
 * page with (almost) no text layer is OCR'd by tesseract in the languages the text, or else the
 * page's own script, suggests. A missing or failing tool leaves the text as read so far (logged),
 * never fails the file.
 */
export async function readNotes(
  key: string,
  bytes: Uint8Array,
  options: NotesOptions = {},
): Promise<NotesText> {
  const name = key.toLowerCase();
  if (name.endsWith('.txt')) {
    return { pages: capPages([new TextDecoder().decode(bytes)]), method: 'text-layer' };
  }
  if (!name.endsWith('.pdf')) throw new ExtractionError('Only PDF and .txt notes can be read.');
  let layer: string[];
  let scans: number[];
  try {
    // pdf.js takes (detaches) the buffer it is given: a copy, so the bytes stay for poppler.
    const pdf = await getDocumentProxy(bytes.slice());
    ({ text: layer } = await extractText(pdf, { mergePages: false }));
    scans = await scannedPages(pdf, layer.slice(0, LIMITS.pagesPerNotes));
  } catch {
    throw new ExtractionError('The PDF could not be read.');
  }
  let pages = layer.slice(0, LIMITS.pagesPerNotes).map(tidy);
  if (!pages.some((p) => INDIC_LETTERS.test(p)) && !scans.length) {
    return { pages: capPages(pages), method: 'text-layer' };
  }
  const warned = new Set<string>();
  let method: NotesMethod = 'text-layer';
  const ocrPages: number[] = [];
  await withPdfOnDisk(bytes, async (pdf) => {
    if (pages.some((p) => INDIC_LETTERS.test(p))) {
      try {
        const again = (await pdf.textPages()).slice(0, LIMITS.pagesPerNotes).map(tidy);
        if (again.length !== pages.length) {
          logger.warn('pdftotext and pdf.js disagree on the pages; keeping pdf.js', {
            key,
            pdfjs: pages.length,
            pdftotext: again.length,
          });
        } else if (!sameText(again, pages)) {
          pages = again;
          method = 'actual-text';
        }
      } catch (err) {
        toolWarning(key, err, warned);
      }
    }
    const languages = textLanguages(pages);
    for (const page of scans) {
      if (options.deadline && Date.now() > options.deadline) {
        logger.warn('no time left to OCR the remaining pages', { key, from: page });
        break;
      }
      try {
        const read = tidy(
          await pdf.ocrPage(
            page,
            languages ?? (await pdf.pageLanguages(page)) ?? ALL_OCR_LANGUAGES,
          ),
        );
        if (letters(read) > letters(pages[page - 1]!)) {
          pages[page - 1] = read;
          ocrPages.push(page);
        }
      } catch (err) {
        toolWarning(key, err, warned);
        // Without the tool no further page can be read either.
        if (err instanceof ToolError && err.problem === 'missing') break;
      }
    }
  });
  if (ocrPages.length) method = 'ocr';
  return { pages: capPages(pages), method, ...(ocrPages.length ? { ocrPages } : {}) };
}

/** A notes file's text per page (see {@link readNotes}). */
export const notesPages = async (key: string, bytes: Uint8Array) =>
  (await readNotes(key, bytes)).pages;

/** A WebVTT file's cues: their start in seconds and their words (markup removed; webvtt-parser). */
export function captionCues(bytes: Uint8Array): Cue[] {
  const text = new TextDecoder().decode(bytes);
  if (!/^\uFEFF?WEBVTT/.test(text)) throw new ExtractionError('Captions must be a WebVTT file.');
  let entries: { startTime: number; text: string }[];
  try {
    // The same parser (the W3C algorithm) that checks captions when an admin attaches them.
    ({ cues: entries } = new webvttParser.WebVTTParser().parse(text, 'subtitles'));
  } catch {
    throw new ExtractionError('The captions could not be read.');
  }
  const cues: Cue[] = [];
  let chars = 0;
  for (const e of entries) {
    const words = e.text
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!words) continue;
    chars += words.length;
    if (chars > LIMITS.sourceChars) break;
    cues.push({ start: Math.round(e.startTime * 1000) / 1000, text: words });
  }
  return cues;
}
