/*
 * Saving a pack for offline (issue 32, item 3): every file of the plan (pack-plan.ts) into the
 * pack's own cache (web/src/lib/saved-packs.ts), one file at a time, each tagged with the pack.
 * A file already in the pack is not fetched again, so a save the closed tab or the network cut
 * carries on from the next file (its record stays `saving`; resumeSaves runs it again at the next
 * start). A save cancelled is removed whole.
 *
 * Not Background Fetch: it wants every request up front, while a video's segments are known only
 * from its playlist, the master playlist must be rewritten and each answer tagged, and it exists
 * in Chromium only; a per-file resume does the same everywhere with no second code path.
 */
import {
  lessonRequestUrl,
  packCacheName,
  PACK_HEADER,
  readPack,
  removePack,
  SEARCH_POINTER_URL,
  writePack,
  type PackRecord,
} from '../../lib/saved-packs.ts';
import { keepOneRung, mediaFilesOf, type PackPlan, type TopicPlan } from './pack-plan.ts';

/** How much is stored, for the progress bar. */
export interface SaveProgress {
  stored: number;
  expected: number;
}

/**
 * A step run for each saved topic after its files are in, answering the bytes it stored. The one
 * place the practice pack of a topic is added (issue 32, item 5: `savePracticePack(topicId)`);
 * nothing is passed today.
 */
export type TopicStep = (topicId: string) => Promise<number>;

export interface SaveOptions {
  storage?: CacheStorage;
  fetcher?: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (p: SaveProgress) => void;
  /** See {@link TopicStep}. */
  topicSteps?: readonly TopicStep[];
  now?: () => Date;
}

/** The header carrying a stored file's size (so a resumed save counts it without reading it). */
const BYTES_HEADER = 'x-gia-bytes';

/** A save stopped on purpose (cancel). */
export class SaveCancelled extends Error {
  constructor() {
    super('The save was cancelled.');
    this.name = 'SaveCancelled';
  }
}

/**
 * Saves `plan` as the pack `record` describes (its id, kind, learner and topics), resuming where
 * an earlier save of the same pack stopped. Answers the finished record. A cancelled save (the
 * signal) removes the pack; any other failure leaves what is stored, to resume.
 */
export async function savePack(
  plan: PackPlan,
  base: Omit<PackRecord, 'state' | 'bytes_stored' | 'saved_at' | 'started_at' | 'bytes_expected'>,
  opts: SaveOptions = {},
): Promise<PackRecord> {
  const storage = opts.storage ?? caches;
  const fetcher = opts.fetcher ?? fetch;
  const now = opts.now ?? (() => new Date());
  const earlier = await readPack(base.id, storage);
  let record: PackRecord = {
    ...base,
    bytes_expected: plan.bytes,
    bytes_stored: earlier?.bytes_stored ?? 0,
    state: 'saving',
    started_at: earlier?.started_at ?? now().toISOString(),
    saved_at: null,
  };
  await writePack(record, storage);
  const cache = await storage.open(packCacheName(base.id));
  let stored = 0;
  const report = () => opts.onProgress?.({ stored, expected: plan.bytes });
  report();

  const check = () => {
    if (opts.signal?.aborted) throw new SaveCancelled();
  };

  /** Puts a body into the pack, tagged with it and its size; answers the size. */
  const put = async (url: string, body: Uint8Array<ArrayBuffer>, type: string | null) => {
    const headers: Record<string, string> = {
      [PACK_HEADER]: base.id,
      [BYTES_HEADER]: String(body.byteLength),
    };
    if (type) headers['content-type'] = type;
    await cache.put(url, new Response(body, { headers }));
    return body.byteLength;
  };
  const encode = (text: string) => new Uint8Array(new TextEncoder().encode(text));

  /** A file of the pack: kept when stored already (this pack, or another's copy), else fetched. */
  const keep = async (
    url: string,
    rewrite?: (text: string) => string,
  ): Promise<Uint8Array<ArrayBuffer>> => {
    check();
    const own = await cache.match(url, { ignoreSearch: true });
    if (own) {
      stored += Number(own.headers.get(BYTES_HEADER) ?? 0);
      report();
      return new Uint8Array(await own.arrayBuffer());
    }
    // Another pack's copy (a lesson saved before its chapter): no second download.
    const other = await storage.match(url, { ignoreSearch: true });
    const res =
      other?.headers.get(PACK_HEADER) && !rewrite
        ? other
        : await fetcher(url, { credentials: 'same-origin', signal: opts.signal });
    if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
    const type = res.headers.get('content-type');
    const body = rewrite
      ? encode(rewrite(await res.text()))
      : new Uint8Array(await res.arrayBuffer());
    check();
    stored += await put(url, body, type);
    report();
    return body;
  };

  const saveTopic = async (topic: TopicPlan) => {
    // The lesson answer, as the app reads it when the network fails.
    const answer = encode(JSON.stringify(topic.answer));
    const lessonUrl = new URL(lessonRequestUrl(topic.topicId), location.href).href;
    stored += await put(lessonUrl, answer, 'application/json');
    if (topic.video) {
      const { masterUrl, rungName, playlistUrl } = topic.video;
      await keep(masterUrl, (text) => keepOneRung(text, rungName));
      const playlist = new TextDecoder().decode(await keep(playlistUrl));
      for (const file of mediaFilesOf(playlist, playlistUrl)) await keep(file);
    }
    for (const url of topic.files) await keep(url);
    if (topic.notes) await keep(topic.notes);
    for (const step of opts.topicSteps ?? []) {
      check();
      stored += await step(topic.topicId);
    }
    record = { ...record, bytes_stored: stored };
    await writePack(record, storage);
  };

  /**
   * The class's search index: its file at its own URL (immutable, so the worker may answer it from
   * the pack even online), its pointer inside the pack (web/src/lib/saved-packs.ts).
   */
  const saveSearch = async ({ pointer, fileUrl }: NonNullable<PackPlan['search']>) => {
    await keep(fileUrl);
    const body = encode(JSON.stringify(pointer));
    stored += await put(new URL(SEARCH_POINTER_URL, location.href).href, body, 'application/json');
    report();
  };

  try {
    for (const topic of plan.topics) await saveTopic(topic);
    if (plan.search) await saveSearch(plan.search);
  } catch (err) {
    if (err instanceof SaveCancelled || opts.signal?.aborted) {
      await removePack(base.id, storage);
      throw new SaveCancelled();
    }
    throw err;
  }
  const at = now().toISOString();
  record = { ...record, bytes_stored: stored, state: 'saved', saved_at: at, confirmed_at: at };
  await writePack(record, storage);
  return record;
}
