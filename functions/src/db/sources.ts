import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CitationSource } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { tableName } from './table-name.ts';

/** One passage of a topic's sources. */
export interface Passage {
  /** Its number within the topic (the index's document id). */
  n: number;
  source: CitationSource;
  /** Notes: the 1-based page. */
  page?: number;
  /** Captions: the start of its first cue, in whole seconds. */
  start_seconds?: number;
  text: string;
}

/** One caption cue: where it starts and its words. */
export interface Cue {
  start: number;
  text: string;
}

/**
 * How a notes file's text was read (issue 33): `text-layer` (pdf.js; a .txt file), `actual-text`
 * (poppler's pdftotext with the PDF's `/ActualText`: Kannada and Hindi printed with shaping),
 * `ocr` (tesseract read its pages without a text layer, `ocr_pages`).
 */
export type NotesMethod = 'text-layer' | 'actual-text' | 'ocr';

/** How far the extraction of one uploaded source got. */
export type SourceStatus = 'processing' | 'ready' | 'failed';

/**
 * The extracted text of one uploaded object (`SOURCE#<key>`): a notes file's pages or a captions
 * file's cues, and admins' corrections of notes pages (kept across a re-extraction of the same
 * key). `version` changes on every write, so a topic's passages know when they are stale.
 */
export interface SourceItem {
  key: string;
  kind: 'notes' | 'captions';
  status: SourceStatus;
  pages?: string[];
  cues?: Cue[];
  /** Notes: which read gave the pages, and the pages OCR read. */
  method?: NotesMethod;
  ocr_pages?: number[];
  /** Page number (as a string) → the admin's text, which wins over the extracted one. */
  corrected?: Record<string, string>;
  error?: string;
  version: string;
  updated_at: string;
}

const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Records that a source is being extracted (keeps any earlier pages and corrections). */
export async function markSourceProcessing(key: string, kind: SourceItem['kind']): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.source(key),
      UpdateExpression:
        'SET #key = :key, kind = :kind, #status = :s, version = :v, updated_at = :at, #type = :type REMOVE #error',
      ExpressionAttributeNames: {
        '#key': 'key',
        '#status': 'status',
        '#error': 'error',
        '#type': 'type',
      },
      ExpressionAttributeValues: {
        ':key': key,
        ':kind': kind,
        ':s': 'processing',
        ':v': stamp(),
        ':at': new Date().toISOString(),
        ':type': 'source',
      },
    }),
  );
}

/** Stores the extraction's result: its pages or cues (status ready), or why it failed. */
export async function saveSourceResult(
  key: string,
  result:
    | { pages: string[]; method: NotesMethod; ocr_pages?: number[] }
    | { cues: Cue[] }
    | { error: string },
): Promise<void> {
  const fields: Record<string, unknown> =
    'error' in result
      ? { status: 'failed', error: result.error }
      : 'pages' in result
        ? // A re-extraction that needed no OCR leaves no earlier OCR pages behind.
          { status: 'ready', ocr_pages: null, ...result, error: null }
        : { status: 'ready', ...result, error: null };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':v': stamp(), ':at': new Date().toISOString() };
  const sets = ['version = :v', 'updated_at = :at'];
  const removes: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    names[`#${name}`] = name;
    if (value === null) removes.push(`#${name}`);
    else {
      values[`:${name}`] = value;
      sets.push(`#${name} = :${name}`);
    }
  }
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.source(key),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** One source item, or undefined when nothing was extracted from that key. */
export async function sourceOf(key: string): Promise<SourceItem | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.source(key), ConsistentRead: true }),
  );
  return res.Item as SourceItem | undefined;
}

/**
 * Source items by key (missing ones left out). `versionsOnly` reads just the key and version,
 * which is all a staleness check needs.
 */
export async function sourcesOf(
  mediaKeys: string[],
  versionsOnly = false,
): Promise<Map<string, SourceItem>> {
  const found = new Map<string, SourceItem>();
  const unique = [...new Set(mediaKeys)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, unknown> | undefined = {
      [tableName()]: {
        Keys: unique.slice(i, i + 100).map((k) => keys.source(k)),
        ...(versionsOnly
          ? {
              ProjectionExpression: '#key, version',
              ExpressionAttributeNames: { '#key': 'key' },
            }
          : {}),
      },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request as never }));
      for (const item of res.Responses?.[tableName()] ?? []) {
        found.set(item.key as string, item as SourceItem);
      }
      request = res.UnprocessedKeys as Record<string, unknown> | undefined;
    }
  }
  return found;
}

/**
 * Replaces corrected page texts of a notes source; an empty text removes the correction (the
 * extracted text is used again). The write lands only while the source is still ready.
 */
export async function correctPages(
  key: string,
  pages: { page: number; text: string }[],
): Promise<void> {
  const names: Record<string, string> = { '#c': 'corrected', '#status': 'status' };
  const values: Record<string, unknown> = {
    ':v': stamp(),
    ':at': new Date().toISOString(),
    ':ready': 'ready',
    ':empty': {},
  };
  const sets = ['version = :v', 'updated_at = :at'];
  const removes: string[] = [];
  pages.forEach(({ page, text }, i) => {
    names[`#p${i}`] = String(page);
    if (text.trim()) {
      values[`:p${i}`] = text.trim();
      sets.push(`#c.#p${i} = :p${i}`);
    } else removes.push(`#c.#p${i}`);
  });
  // The map must exist before its members can be set: create it first when it is missing.
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.source(key),
      UpdateExpression: 'SET #c = if_not_exists(#c, :empty)',
      ConditionExpression: '#status = :ready',
      ExpressionAttributeNames: { '#c': 'corrected', '#status': 'status' },
      ExpressionAttributeValues: { ':empty': {}, ':ready': 'ready' },
    }),
  );
  delete values[':empty'];
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.source(key),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: '#status = :ready',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A topic's passages and their index, with the signature of the sources they were cut from. */
export interface TopicPassages {
  topic_id: string;
  signature: string;
  passages: Passage[];
  index: string;
  built_at: string;
}

/** The stored passages of some topics (missing ones left out). */
export async function passagesOf(topicIds: string[]): Promise<Map<string, TopicPassages>> {
  const found = new Map<string, TopicPassages>();
  const unique = [...new Set(topicIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, unknown> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((t) => keys.topicPassages(t)) },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request as never }));
      for (const item of res.Responses?.[tableName()] ?? []) {
        found.set(item.topic_id as string, item as TopicPassages);
      }
      request = res.UnprocessedKeys as Record<string, unknown> | undefined;
    }
  }
  return found;
}

/** Stores a topic's rebuilt passages and index (the last build wins: builds are deterministic). */
export async function savePassages(item: TopicPassages): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.topicPassages(item.topic_id), type: 'topic-passages', ...item },
    }),
  );
}

/**
 * Waits until a source's extraction has finished (ready or failed), polling its item: for
 * scripts and tests that upload and then rely on the object-created notification. Answers the
 * item, or undefined after `timeoutMs`.
 */
export async function settledSource(
  key: string,
  timeoutMs = 30_000,
): Promise<SourceItem | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const item = await sourceOf(key);
    if (item && item.status !== 'processing') return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
