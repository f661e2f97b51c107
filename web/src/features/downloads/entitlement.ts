/*
 * Entitlement stays true offline (issue 32, item 4). Each pack records when the server last said
 * the learner may watch it; at every online start, and when the network returns, each pack is
 * checked again, with one `getLesson` of one of its topics: that answer's chapter lists whether
 * EVERY topic of the chapter is locked for this learner (a refund, a lost purchase, a topic gone),
 * so one request per pack is enough and is what the lesson page itself trusts. (The purchases
 * read would say nothing of a free preview, nor of a topic taken down.)
 *
 * - another learner's pack (a shared family phone): removed, unread;
 * - a pack not confirmed for 30 days: removed (offline it had already stopped playing);
 * - a topic now locked, or gone: the whole pack removed at once;
 * - confirmed: `confirmed_at` is now;
 * - the server not reached: left as it is, to be checked next time.
 */
import { ApiError } from '../../lib/api-client.ts';
import {
  confirmedRecently,
  PACK_CACHE_PREFIX,
  readPacks,
  removePack,
  writePack,
  type PackRecord,
} from '../../lib/saved-packs.ts';
import type { LessonAnswer } from './pack-plan.ts';

/** What a sync did to each pack. */
export type SyncOutcome = 'removed' | 'confirmed' | 'unchanged';

/** Whether the answer still opens every topic of the pack to this learner. */
export function stillOpen(record: Pick<PackRecord, 'topics'>, answer: LessonAnswer): boolean {
  const lesson = answer.data;
  if (lesson.access.status === 'locked') return false;
  return record.topics.every(
    (t) => lesson.chapter.topics.find((c) => c.topic_id === t.topic_id)?.locked === false,
  );
}

/**
 * Checks every pack on this phone for the learner `userId` (see the module's comment), and
 * answers what happened to each.
 */
export async function syncPacks(opts: {
  userId: string;
  readLesson: (topicId: string) => Promise<LessonAnswer>;
  storage?: CacheStorage;
  now?: number;
}): Promise<Record<string, SyncOutcome>> {
  const storage = opts.storage ?? caches;
  const now = opts.now ?? Date.now();
  const done: Record<string, SyncOutcome> = {};
  for (const record of await readPacks(storage)) {
    const remove = async () => {
      await removePack(record.id, storage);
      done[record.id] = 'removed';
    };
    const first = record.topics[0];
    if (record.user_id !== opts.userId || !confirmedRecently(record, now) || !first) {
      await remove();
      continue;
    }
    let answer: LessonAnswer;
    try {
      answer = await opts.readLesson(first.topic_id);
    } catch (err) {
      // Gone (404) or refused (403): the learner may no longer have it. Anything else (no network,
      // a server error, a session to renew) says nothing about access.
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) await remove();
      else done[record.id] = 'unchanged';
      continue;
    }
    if (!stillOpen(record, answer)) {
      await remove();
      continue;
    }
    // Read again: a save still running in this tab may have written it meanwhile.
    const latest = (await readPacks(storage)).find((r) => r.id === record.id) ?? record;
    await writePack({ ...latest, confirmed_at: new Date(now).toISOString() }, storage);
    done[record.id] = 'confirmed';
  }
  return done;
}

/** Removes every pack (sign-out: the next learner on this phone must not find them). */
export async function removeAllPacks(storage: CacheStorage = caches): Promise<void> {
  for (const record of await readPacks(storage)) await removePack(record.id, storage);
  // A cache whose record was never written (a save cut at its first step) goes too.
  for (const name of await storage.keys())
    if (name.startsWith(PACK_CACHE_PREFIX)) await storage.delete(name);
}
