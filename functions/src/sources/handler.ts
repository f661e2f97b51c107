import type { Context, S3Event } from 'aws-lambda';
import { markSourceProcessing, saveSourceResult } from '../db/sources.ts';
import { logger } from '../lib/logger.ts';
import { getObject } from '../lib/s3-presign.ts';
import {
  CAPTIONS_PREFIX,
  ExtractionError,
  NOTES_PREFIX,
  captionCues,
  readNotes,
  type NotesOptions,
} from './extract.ts';

/** Time kept for writing the result after the last page's OCR (the function's own limit). */
const RESULT_MARGIN_MS = 20_000;

/** The largest object read (a notes PDF of about 200 pages; S3 sends the notification anyway). */
const MAX_BYTES = 25 * 1024 * 1024;

/**
 * Extracts one uploaded object's text into its `SOURCE#<key>` item; for notes, also which read
 * gave it (`method`: text-layer, actual-text or ocr, and the OCR'd pages), logged too.
 */
export async function extractSource(key: string, options: NotesOptions = {}): Promise<void> {
  const kind = key.startsWith(NOTES_PREFIX)
    ? 'notes'
    : key.startsWith(CAPTIONS_PREFIX)
      ? 'captions'
      : undefined;
  if (!kind) return;
  await markSourceProcessing(key, kind);
  try {
    const bytes = await getObject(key);
    if (!bytes) throw new ExtractionError('The file is not there any more.');
    if (bytes.byteLength > MAX_BYTES) throw new ExtractionError('The file is too large to read.');
    if (kind === 'captions') {
      await saveSourceResult(key, { cues: captionCues(bytes) });
      return;
    }
    const notes = await readNotes(key, bytes, options);
    logger.info('notes extracted', {
      key,
      method: notes.method,
      pages: notes.pages.length,
      ...(notes.ocrPages ? { ocr_pages: notes.ocrPages } : {}),
    });
    await saveSourceResult(key, {
      pages: notes.pages,
      method: notes.method,
      ...(notes.ocrPages ? { ocr_pages: notes.ocrPages } : {}),
    });
  } catch (err) {
    logger.warn('source not extracted', { key, error: err as Error });
    await saveSourceResult(key, {
      error: err instanceof ExtractionError ? err.message : 'The file could not be read.',
    });
  }
}

/**
 * The sources function (docs/ai-teacher.md): S3 ObjectCreated notifications of `private/notes/`
 * and `private/captions/` (in AWS; the local stack calls it on its own object-created events).
 * unpdf (about 1 MB) lives only in this function's bundle, never in a route group; in AWS it runs
 * in a container image with poppler and tesseract (infra/docker/sources-extraction).
 */
export async function handler(
  event: S3Event,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<void> {
  for (const record of event.Records ?? []) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const deadline = context
      ? Date.now() + context.getRemainingTimeInMillis() - RESULT_MARGIN_MS
      : undefined;
    await extractSource(key, deadline ? { deadline } : {});
  }
}
