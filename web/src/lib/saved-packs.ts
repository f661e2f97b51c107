/*
 * Lessons saved for offline (issue 32, items 3 and 4): where a saved pack lives on the phone, as
 * both the app (web/src/features/downloads/) and its service worker (web/src/sw/) read it.
 *
 * One Cache Storage cache per pack (`gia-pack:<id>`): the pack's record (JSON, at
 * {@link RECORD_URL}), the saved `getLesson` answer of each of its topics, the rewritten master
 * playlist, the rendition playlist and segments of the one saved rung, the captions and the notes
 * PDF. Every stored answer carries the pack's id in {@link PACK_HEADER}, so the worker can tell
 * which record vouches for it; removing a pack is deleting its cache, all or nothing.
 */
import { OFFLINE_CONFIRM_DAYS } from '@gia/shared/downloads-messages.ts';
import { routePath } from '@gia/shared/route-path.ts';
import type { SearchPointer } from '@gia/shared/search-types.ts';

/** The prefix of every saved pack's cache name. */
export const PACK_CACHE_PREFIX = 'gia-pack:';

/** The header naming the pack a stored answer belongs to. */
export const PACK_HEADER = 'x-gia-pack';

/** Where a pack's own record is kept inside its cache (never a URL the site serves). */
export const RECORD_URL = '/__gia/saved-pack.json';

/**
 * Where a pack keeps its class's search pointer (issue 34): inside the pack, never at the
 * pointer's own URL, which the worker would then answer from the pack while online too (a stale
 * pointer). The index file it names is immutable, so it is kept at its own URL.
 */
export const SEARCH_POINTER_URL = '/__gia/search-pointer.json';

/** A saved chapter (its topics the learner may open) or a single lesson. */
export type PackKind = 'chapter' | 'lesson';

/** A topic of a pack, as the Downloads screen lists it. */
export interface SavedTopic {
  topic_id: string;
  topic_name: string;
}

/** What is known of a pack: what it holds, for whom, and when access was last confirmed. */
export interface PackRecord {
  /** `chapter:<chapter_id>` or `lesson:<topic_id>` ({@link packIdOf}). */
  id: string;
  kind: PackKind;
  /** The learner it was saved for: another learner on this phone never sees it. */
  user_id: string;
  subject_name: string;
  chapter_id: string;
  chapter_name: string;
  topics: SavedTopic[];
  /** The saved rung's height (234, 360): the only one its master playlist names. */
  rung_height: number;
  /** The size shown before the save started, bytes. */
  bytes_expected: number;
  /** What is stored so far, bytes. */
  bytes_stored: number;
  /** `saving` until every file is in (an unfinished save resumes at the next start). */
  state: 'saving' | 'saved';
  started_at: string;
  saved_at: string | null;
  /** When the server last said the learner may watch it (ISO). */
  confirmed_at: string;
}

/** A pack's id. */
export const packIdOf = (kind: PackKind, id: string) => `${kind}:${id}`;

/** A pack's cache name. */
export const packCacheName = (id: string) => `${PACK_CACHE_PREFIX}${id}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a pack may still play: access confirmed online within the last
 * {@link OFFLINE_CONFIRM_DAYS} days. One past that stops playing, and is removed at the next sync.
 */
export const confirmedRecently = (record: Pick<PackRecord, 'confirmed_at'>, now = Date.now()) => {
  const at = Date.parse(record.confirmed_at);
  return Number.isFinite(at) && now - at <= OFFLINE_CONFIRM_DAYS * DAY_MS;
};

/**
 * The request under which a topic's `getLesson` answer is saved: the URL the app itself reads
 * (web/src/lib/lesson-api.ts), so the worker answers it from the pack when the network fails.
 */
export const lessonRequestUrl = (topicId: string) =>
  routePath('catalogue.getLesson', {}, { topic_id: topicId });

/** Every pack on this phone (any learner's: the sync removes another learner's at once). */
export async function readPacks(storage: CacheStorage = caches): Promise<PackRecord[]> {
  const names = (await storage.keys()).filter((n) => n.startsWith(PACK_CACHE_PREFIX));
  const records = await Promise.all(
    names.map((n) => readPack(n.slice(PACK_CACHE_PREFIX.length), storage)),
  );
  return records.filter((r): r is PackRecord => r !== undefined);
}

/** One pack's record (`undefined` when it has none: removed, or never started). */
export async function readPack(
  id: string,
  storage: CacheStorage = caches,
): Promise<PackRecord | undefined> {
  if (!(await storage.has(packCacheName(id)))) return undefined;
  const res = await (await storage.open(packCacheName(id))).match(RECORD_URL);
  return res ? ((await res.json()) as PackRecord) : undefined;
}

/** Writes a pack's record (creating its cache). */
export async function writePack(record: PackRecord, storage: CacheStorage = caches) {
  const cache = await storage.open(packCacheName(record.id));
  await cache.put(
    RECORD_URL,
    new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Removes a pack and everything it stored. */
export async function removePack(id: string, storage: CacheStorage = caches) {
  await storage.delete(packCacheName(id));
}

/**
 * A stored answer and the record of the pack that holds it, for a request the worker may answer
 * from a pack (`ignoreSearch`: a signed URL's signature changes each time it is signed).
 */
export async function savedAnswer(
  request: Request | string,
  options: { ignoreSearch: boolean },
  storage: CacheStorage = caches,
): Promise<{ response: Response; record: PackRecord } | undefined> {
  const response = await storage.match(request, { ...options, ignoreVary: true });
  const id = response?.headers.get(PACK_HEADER);
  if (!response || !id) return undefined;
  const record = await readPack(id, storage);
  return record ? { response, record } : undefined;
}

/** A search index file a pack kept: its pointer, and a reader of the file (parsed JSON). */
export interface KeptSearchFile {
  pointer: SearchPointer;
  read(): Promise<unknown>;
}

/**
 * The search index files kept by the packs of `userId` that may still be opened (confirmed within
 * the last days): one per index file, however many packs of its class keep it.
 */
export async function readKeptSearchFiles(
  userId: string | null,
  storage: CacheStorage = caches,
): Promise<KeptSearchFile[]> {
  if (!userId) return [];
  const kept = new Map<string, KeptSearchFile>();
  for (const record of await readPacks(storage)) {
    if (record.user_id !== userId || !confirmedRecently(record)) continue;
    const cache = await storage.open(packCacheName(record.id));
    const res = await cache.match(SEARCH_POINTER_URL);
    if (!res) continue;
    const pointer = (await res.json()) as SearchPointer;
    const url = `/media/${pointer.file}`;
    if (kept.has(pointer.file) || !(await cache.match(url, { ignoreSearch: true }))) continue;
    kept.set(pointer.file, {
      pointer,
      read: async () => (await cache.match(url, { ignoreSearch: true }))!.json(),
    });
  }
  return [...kept.values()];
}
