import { onlineManager } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { useSyncExternalStore } from 'react';
import type { Answer } from '@gia/shared/route-answers.ts';
import { ApiError } from './api-client.ts';
import { call } from './api-call.ts';
import { t } from './i18n.ts';

/*
 * The outbox (issue 32 item 5): the learner's writes that may be made offline — a lesson's
 * position, a quiz or review answer, a review, a question — are kept on the device (IndexedDB)
 * before they are sent, each with an id made here (`client_id`), and sent oldest first whenever
 * the app is online, with back-off after a failure. An entry leaves only after a 2xx, or a 4xx
 * that will never succeed (dropped, and told). The server accepts each `client_id` once, so a
 * retry after a lost answer, a second tab or a replay never counts twice; two tabs also take
 * turns (Web Locks) so they do not send the same entry at once. Online and offline use this one
 * path: a write goes in, then the outbox is flushed.
 */

/** The routes whose writes go through the outbox. */
export type OutboxRoute = 'progress.save' | 'practice.answerQuiz' | 'reviews.insert' | 'qna.insert';

/** A write waiting to be sent. */
export interface OutboxEntry {
  client_id: string;
  route: OutboxRoute;
  /** The body as sent, `client_id` included. */
  body: Record<string, unknown>;
  /** When the device made it (ISO). */
  made_at: string;
  /** The order it was made in: milliseconds with fractions, so two made in one millisecond keep theirs. */
  seq: number;
  /** Failed sends so far, and when the next may be tried (ms since the epoch). */
  tries: number;
  next_at: number;
  /** A later write that makes this one pointless replaces it (a lesson's newer position). */
  supersedes?: string;
}

/** A write the server refused for good (a 4xx): dropped from the outbox, shown to the learner. */
export interface DroppedWrite {
  entry: OutboxEntry;
  status: number;
  message: string;
}

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { seq: number } };
}

const DB_NAME = 'gia-outbox';
const LOCK = 'gia-outbox-flush';
/** Back-off after a failed send: 2 s, doubling, at most 5 minutes, with jitter. */
const BACKOFF = { firstMs: 2000, maxMs: 5 * 60_000 };
/** Statuses worth trying again: the network, a rate limit, a timeout, the server. */
const retriable = (status: number) =>
  status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;
const db = () =>
  (dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'client_id' }).createIndex('seq', 'seq');
    },
  }));

/* What the app shows: the waiting entries and the dropped ones, kept in memory as a snapshot. */
let snapshot: { entries: readonly OutboxEntry[]; dropped: readonly DroppedWrite[] } = {
  entries: [],
  dropped: [],
};
const listeners = new Set<() => void>();
/**
 * The other tabs, opened on first use in a browser: never where the module is only imported (the
 * build's prerender runs in Node, whose open channel would keep the build from ever exiting).
 */
let opened: BroadcastChannel | undefined;
const tabs = (): BroadcastChannel | undefined => {
  if (opened || typeof window === 'undefined' || typeof BroadcastChannel === 'undefined')
    return opened;
  opened = new BroadcastChannel(DB_NAME);
  opened.addEventListener('message', () => void refresh(false));
  return opened;
};

async function refresh(tell = true): Promise<void> {
  const entries = await (await db()).getAllFromIndex('entries', 'seq');
  snapshot = { ...snapshot, entries };
  for (const l of listeners) l();
  // Other tabs read the store again (their badges and counts change too).
  if (tell) tabs()?.postMessage('changed');
}

let lastSeq = 0;
/** A time that only goes up in this tab (performance.now has fractions of a millisecond). */
function madeAt(): number {
  const t = Math.max(performance.timeOrigin + performance.now(), lastSeq + 0.001);
  lastSeq = t;
  return t;
}

/** Answers of the sends this tab made, for whoever waits on one (`enqueue`'s `sent`). */
const waiting = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();

/**
 * Keeps a write on the device and starts sending. `sent` settles with the server's answer when
 * this tab sends it (it may never: another tab may, or the device stays offline), or rejects
 * with the refusal when the server drops it for good.
 */
export async function enqueue<R extends OutboxRoute>(
  route: R,
  body: Record<string, unknown>,
  options: { supersedes?: string } = {},
): Promise<{ entry: OutboxEntry; sent: Promise<Answer<R>> }> {
  const clientId = crypto.randomUUID();
  const entry: OutboxEntry = {
    client_id: clientId,
    route,
    body: { ...body, client_id: clientId },
    made_at: new Date().toISOString(),
    seq: madeAt(),
    tries: 0,
    next_at: 0,
    ...(options.supersedes ? { supersedes: options.supersedes } : {}),
  };
  const sent = new Promise<Answer<R>>((resolve, reject) =>
    waiting.set(clientId, { resolve: resolve as (v: unknown) => void, reject }),
  );
  // Nobody may wait for it (offline): an unhandled rejection would be noise.
  sent.catch(() => undefined);
  const tx = (await db()).transaction('entries', 'readwrite');
  if (entry.supersedes) {
    // Waiting writes this one makes pointless (older positions of the same lesson) go.
    for (const old of await tx.store.getAll()) {
      if (old.supersedes === entry.supersedes) await tx.store.delete(old.client_id);
    }
  }
  await tx.store.put(entry);
  await tx.done;
  await refresh();
  // Made as the page hides (the last position): its send must outlive the page.
  void flush({
    keepalive: typeof document !== 'undefined' && document.visibilityState === 'hidden',
  });
  return { entry, sent };
}

/** Sends one entry; whether to go on with the next. */
async function send(entry: OutboxEntry, keepalive: boolean): Promise<boolean> {
  const d = await db();
  try {
    const res = await call(entry.route, { body: entry.body, keepalive });
    await d.delete('entries', entry.client_id);
    waiting.get(entry.client_id)?.resolve(res);
    waiting.delete(entry.client_id);
    return true;
  } catch (err) {
    const status = err instanceof ApiError ? err.status : 0;
    if (!retriable(status)) {
      // It will never succeed as it is: dropped, and told (never retried forever).
      await d.delete('entries', entry.client_id);
      snapshot = {
        ...snapshot,
        dropped: [...snapshot.dropped, { entry, status, message: (err as Error).message }],
      };
      waiting.get(entry.client_id)?.reject(err);
      waiting.delete(entry.client_id);
      return true;
    }
    const tries = entry.tries + 1;
    const wait = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** (tries - 1));
    await d.put('entries', {
      ...entry,
      tries,
      next_at: Date.now() + wait * (0.75 + Math.random() / 2),
    });
    schedule(wait);
    return false;
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void flush();
  }, ms);
}

/** The entries due now, oldest first; stops at the first that must wait (order is kept). */
async function drain(keepalive: boolean): Promise<void> {
  const entries = await (await db()).getAllFromIndex('entries', 'seq');
  for (const entry of entries) {
    if (!onlineManager.isOnline()) break;
    if (entry.next_at > Date.now()) {
      schedule(entry.next_at - Date.now());
      break;
    }
    // Another tab may have sent it while this one waited for the lock.
    if (!(await (await db()).get('entries', entry.client_id))) continue;
    if (!(await send(entry, keepalive))) break;
  }
}

let flushing: Promise<void> | undefined;
/** A write came in while a flush ran (it may have read the entries before): flush once more. */
let again = false;

/**
 * Sends what is waiting, oldest first, while online. One tab at a time (the Web Locks API where
 * the browser has it; the server's `client_id` guard makes a double send harmless anyway).
 * `keepalive`: the page is going away (`pagehide`), the sends must outlive it.
 */
export function flush(options: { keepalive?: boolean } = {}): Promise<void> {
  if (!onlineManager.isOnline()) return Promise.resolve();
  if (flushing) {
    again = true;
    return flushing;
  }
  const keepalive = options.keepalive ?? false;
  const run = async () => {
    do {
      again = false;
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      if (locks) {
        await locks.request(LOCK, () => drain(keepalive));
      } else {
        await drain(keepalive);
      }
    } while (again && onlineManager.isOnline());
    await refresh();
  };
  flushing = run().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Starts the outbox: sends at start, whenever the app comes online, and as the page hides. */
export function startOutbox(): () => void {
  // Hears the other tabs from now on.
  tabs();
  void refresh(false).then(() => flush());
  const offOnline = onlineManager.subscribe((online) => {
    if (online) void flush();
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush({ keepalive: true });
  };
  document.addEventListener('visibilitychange', onHide);
  return () => {
    offOnline();
    document.removeEventListener('visibilitychange', onHide);
  };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const read = () => snapshot;

/** The writes waiting to be sent, and those the server refused for good. */
export const useOutbox = () => useSyncExternalStore(subscribe, read, read);

/** Whether a write made on this device (by its `client_id`) is still waiting to be sent. */
export const useWillSync = (clientId: string | undefined) =>
  useSyncExternalStore(
    subscribe,
    () => clientId !== undefined && snapshot.entries.some((e) => e.client_id === clientId),
    () => false,
  );

/** "3 answers will sync": the waiting answers and reviews, in words (undefined when none). */
export function pendingText(entries: readonly OutboxEntry[]): string | undefined {
  const answers = entries.filter((e) => e.route !== 'progress.save').length;
  const positions = entries.length - answers;
  if (answers) return t('outbox.answersWillSync', { count: answers });
  if (positions) return t('outbox.positionWillSync');
  return undefined;
}

/** Forgets the dropped writes once shown. */
export function clearDropped(): void {
  snapshot = { ...snapshot, dropped: [] };
  for (const l of listeners) l();
}

/** For tests: a fresh outbox (the database let go, nothing in memory; never waits). */
export function resetOutboxForTests(): void {
  void dbPromise?.then((d) => d.close());
  dbPromise = undefined;
  flushing = undefined;
  snapshot = { entries: [], dropped: [] };
  waiting.clear();
  if (timer) clearTimeout(timer);
  timer = undefined;
}
