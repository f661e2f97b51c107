import type { S3Event } from 'aws-lambda';
import { markSourceProcessing, saveSourceResult } from '../db/sources.ts';
import { logger } from '../lib/logger.ts';
import { getObject } from '../lib/s3-presign.ts';
import {
  CAPTIONS_PREFIX,
  ExtractionError,
  NOTES_PREFIX,
  captionCues,
  notesPages,
} from './extract.ts';

/** The largest object read (a notes PDF of about 200 pages; S3 sends the notification anyway). */
const MAX_BYTES = 25 * 1024 * 1024;

/** Extracts one uploaded object's text into its `SOURCE#<key>` item. */
export async function extractSource(key: string): Promise<void> {
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
    await saveSourceResult(
      key,
      kind === 'notes' ? { pages: await notesPages(key, bytes) } : { cues: captionCues(bytes) },
    );
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
 * unpdf (about 1 MB) lives only in this function's bundle, never in a route group.
 */
export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records ?? []) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    await extractSource(key);
  }
}
