import { extractText, getDocumentProxy } from 'unpdf';
// A CommonJS module: Node's ESM loader gives it as the default export only.
import webvttParser from 'webvtt-parser';
import { AI_SOURCE_LIMITS as LIMITS } from '@gia/shared';
import type { Cue } from '../domain/grounding/index.ts';

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

/** A notes file's text per page: a PDF page by page (unpdf), a .txt file as one page. */
export async function notesPages(key: string, bytes: Uint8Array): Promise<string[]> {
  const name = key.toLowerCase();
  if (name.endsWith('.txt')) return capPages([new TextDecoder().decode(bytes)]);
  if (!name.endsWith('.pdf')) throw new ExtractionError('Only PDF and .txt notes can be read.');
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(bytes);
    ({ text: pages } = await extractText(pdf, { mergePages: false }));
  } catch {
    throw new ExtractionError('The PDF could not be read.');
  }
  return capPages(pages.map((p) => p.replace(/[ \t]+/g, ' ').trim()));
}

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
