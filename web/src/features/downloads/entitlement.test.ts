import { describe, expect, it } from 'vitest';
import { PACK_NEEDS_CONFIRMING } from '@gia/shared/downloads-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { confirmedRecently, readPacks, writePack, type PackRecord } from '../../lib/saved-packs.ts';
import { removeAllPacks, stillOpen, syncPacks } from './entitlement.ts';
import { fakeCaches } from './fake-caches.ts';
import { lessonAnswer } from './test-lessons.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW - days * DAY).toISOString();

const pack = (over: Partial<PackRecord> = {}): PackRecord => ({
  id: 'chapter:c1',
  kind: 'chapter',
  user_id: 'u1',
  subject_name: 'Science',
  chapter_id: 'c1',
  chapter_name: 'Sound',
  topics: [
    { topic_id: 't1', topic_name: 'Topic t1' },
    { topic_id: 't2', topic_name: 'Topic t2' },
  ],
  rung_height: 234,
  bytes_expected: 100,
  bytes_stored: 100,
  state: 'saved',
  started_at: daysBefore(3),
  saved_at: daysBefore(3),
  confirmed_at: daysBefore(3),
  ...over,
});

/** A phone with `packs` saved, each with one stored file. */
async function phoneWith(...packs: PackRecord[]) {
  const storage = fakeCaches();
  for (const p of packs) await writePack(p, storage);
  return storage;
}

const asked: string[] = [];
const answering =
  (answer = lessonAnswer('t1')) =>
  async (topicId: string) => {
    asked.push(topicId);
    return answer;
  };

describe('a saved pack offline', () => {
  it('plays for 30 days after its access was last confirmed, and not a moment longer', () => {
    expect(confirmedRecently(pack({ confirmed_at: daysBefore(29.9) }), NOW)).toBe(true);
    expect(confirmedRecently(pack({ confirmed_at: daysBefore(30) }), NOW)).toBe(true);
    expect(confirmedRecently(pack({ confirmed_at: daysBefore(30.01) }), NOW)).toBe(false);
    expect(confirmedRecently(pack({ confirmed_at: 'not a date' }), NOW)).toBe(false);
    expect(PACK_NEEDS_CONFIRMING).toMatch(/^Connect to the internet/);
  });
});

describe('checking saved packs when online', () => {
  it('confirms a pack the learner may still open, with one lesson read per pack', async () => {
    const storage = await phoneWith(pack());
    asked.length = 0;
    const done = await syncPacks({ userId: 'u1', readLesson: answering(), storage, now: NOW });
    expect(done).toEqual({ 'chapter:c1': 'confirmed' });
    expect(asked).toEqual(['t1']);
    expect((await readPacks(storage))[0]?.confirmed_at).toBe(new Date(NOW).toISOString());
  });

  it('removes at once a pack whose course was refunded (its lesson is locked now)', async () => {
    const locked = lessonAnswer('t1', { access: { status: 'locked', signed_in: true } });
    const storage = await phoneWith(pack());
    const done = await syncPacks({
      userId: 'u1',
      readLesson: answering(locked),
      storage,
      now: NOW,
    });
    expect(done).toEqual({ 'chapter:c1': 'removed' });
    expect(await storage.keys()).toEqual([]);
  });

  it('removes a pack one of whose topics is locked now, even if the one read is not', async () => {
    const storage = await phoneWith(
      pack({
        topics: [
          { topic_id: 't1', topic_name: 'a' },
          { topic_id: 't3', topic_name: 'c' },
        ],
      }),
    );
    const done = await syncPacks({ userId: 'u1', readLesson: answering(), storage, now: NOW });
    expect(done['chapter:c1']).toBe('removed');
  });

  it('removes a pack whose lesson is gone (404)', async () => {
    const storage = await phoneWith(pack());
    const gone = async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Topic not found');
    };
    expect(await syncPacks({ userId: 'u1', readLesson: gone, storage, now: NOW })).toEqual({
      'chapter:c1': 'removed',
    });
  });

  it('leaves a pack as it is when the server is not reached', async () => {
    const storage = await phoneWith(pack());
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await syncPacks({ userId: 'u1', readLesson: offline, storage, now: NOW })).toEqual({
      'chapter:c1': 'unchanged',
    });
    expect((await readPacks(storage))[0]?.confirmed_at).toBe(daysBefore(3));
  });

  it('removes a pack not confirmed for more than 30 days, without asking', async () => {
    const storage = await phoneWith(pack({ confirmed_at: daysBefore(31) }));
    asked.length = 0;
    const done = await syncPacks({ userId: 'u1', readLesson: answering(), storage, now: NOW });
    expect(done).toEqual({ 'chapter:c1': 'removed' });
    expect(asked).toEqual([]);
  });

  it("removes another learner's packs on a shared phone, unread", async () => {
    const storage = await phoneWith(
      pack({ id: 'chapter:c1', user_id: 'sister' }),
      pack({
        id: 'lesson:t2',
        kind: 'lesson',
        user_id: 'u1',
        topics: [{ topic_id: 't2', topic_name: 'b' }],
      }),
    );
    asked.length = 0;
    const done = await syncPacks({ userId: 'u1', readLesson: answering(), storage, now: NOW });
    expect(done).toEqual({ 'chapter:c1': 'removed', 'lesson:t2': 'confirmed' });
    expect(asked).toEqual(['t2']);
    expect((await readPacks(storage)).map((p) => p.id)).toEqual(['lesson:t2']);
  });

  it('reads a lesson answer as open only when every saved topic is', () => {
    expect(stillOpen(pack(), lessonAnswer('t1'))).toBe(true);
    expect(
      stillOpen(pack({ topics: [{ topic_id: 'gone', topic_name: 'x' }] }), lessonAnswer('t1')),
    ).toBe(false);
  });
});

describe('signing out', () => {
  it('removes every pack on the phone, a save cut before its record too', async () => {
    const storage = await phoneWith(pack(), pack({ id: 'lesson:t2', kind: 'lesson' }));
    await storage.open('gia-pack:lesson:t9');
    await storage.open('gia-later-code');
    await removeAllPacks(storage);
    expect(await storage.keys()).toEqual(['gia-later-code']);
  });
});
