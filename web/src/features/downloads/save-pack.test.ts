import { describe, expect, it } from 'vitest';
import {
  lessonRequestUrl,
  packCacheName,
  readKeptSearchFiles,
  readPack,
  RECORD_URL,
  SEARCH_POINTER_URL,
  type PackRecord,
} from '../../lib/saved-packs.ts';
import { bytesStored, fakeCaches } from './fake-caches.ts';
import { planPack, planSearch, type PackPlan } from './pack-plan.ts';
import { SaveCancelled, savePack } from './save-pack.ts';
import { CAPTIONS_BYTES, fakeNetwork, lessonAnswer, NOTES_BYTES, RUNGS } from './test-lessons.ts';

const base = (
  id = 'chapter:c1',
): Omit<PackRecord, 'state' | 'bytes_stored' | 'saved_at' | 'started_at' | 'bytes_expected'> => ({
  id,
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
  confirmed_at: '2026-11-01T00:00:00.000Z',
});

const plan = (rung = 234): Promise<PackPlan> =>
  planPack([lessonAnswer('t1'), lessonAnswer('t2')], rung, async (url) =>
    url.includes('.pdf') ? NOTES_BYTES : CAPTIONS_BYTES,
  );

/** The files of one topic at a rung: master, rendition playlist, segments, captions, notes. */
const filesPerTopic = (rungIndex: number) => 2 + RUNGS[rungIndex]!.count + 2;

describe('saving a chapter for offline', () => {
  it("stores each topic's lesson answer, its rung's files, captions and notes, and a saved record", async () => {
    const storage = fakeCaches();
    const net = fakeNetwork();
    const p = await plan();
    const record = await savePack(p, base(), { storage, fetcher: net.fetcher });

    expect(record.state).toBe('saved');
    expect(net.asked).toHaveLength(2 * filesPerTopic(0));
    // Only the saved rung: the master names 234p alone, and no 360p file was fetched.
    expect(net.asked.some((a) => a.includes('360p'))).toBe(false);
    const cache = await storage.open(packCacheName('chapter:c1'));
    const master = await (await cache.match('/media/private/hls/t1/master.m3u8'))!.text();
    expect(master).toContain('master_234p.m3u8');
    expect(master).not.toContain('master_360p.m3u8');
    // The lesson answer, where the app reads it; the notes, whatever their signature.
    const lesson = await cache.match(lessonRequestUrl('t2'));
    expect(
      ((await lesson!.json()) as { data: { topic: { topic_id: string } } }).data.topic.topic_id,
    ).toBe('t2');
    expect(
      await cache.match('/media/private/notes/t1.pdf?X-Amz-Signature=other', {
        ignoreSearch: true,
      }),
    ).toBeDefined();
    // Every stored answer names its pack.
    expect(
      (await cache.match('/media/private/hls/t1/master_234p_00001.ts'))!.headers.get('x-gia-pack'),
    ).toBe('chapter:c1');
  });

  it('records the bytes it stored, within 5% of the size shown before it started', async () => {
    const storage = fakeCaches();
    const p = await plan(360);
    const record = await savePack(p, base(), { storage, fetcher: fakeNetwork().fetcher });
    const stored = bytesStored(storage, RECORD_URL);
    expect(record.bytes_stored).toBe(stored);
    expect(Math.abs(stored - p.bytes) / p.bytes).toBeLessThan(0.05);
  });

  it('carries on where a dropped network stopped it, fetching only what is missing', async () => {
    const storage = fakeCaches();
    const p = await plan();
    const first = fakeNetwork(5);
    await expect(savePack(p, base(), { storage, fetcher: first.fetcher })).rejects.toThrow(
      'Failed to fetch',
    );
    const unfinished = await readPack('chapter:c1', storage);
    expect(unfinished?.state).toBe('saving');

    // The next start: the same save again.
    const second = fakeNetwork();
    const done = await savePack(p, base(), { storage, fetcher: second.fetcher });
    expect(done.state).toBe('saved');
    expect(second.asked).toHaveLength(2 * filesPerTopic(0) - first.asked.length);
    expect(second.asked).not.toContain(first.asked[0]);
    expect(done.bytes_stored).toBe(bytesStored(storage, RECORD_URL));
    expect(done.started_at).toBe(unfinished?.started_at);
  });

  it('shows its progress up to everything expected', async () => {
    const seen: number[] = [];
    const p = await plan();
    await savePack(p, base(), {
      storage: fakeCaches(),
      fetcher: fakeNetwork().fetcher,
      onProgress: ({ stored }) => seen.push(stored),
    });
    expect(seen[0]).toBe(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(p.bytes);
  });

  it('removes everything of a save that is cancelled', async () => {
    const storage = fakeCaches();
    const controller = new AbortController();
    const net = fakeNetwork();
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (net.asked.length === 3) controller.abort();
      return net.fetcher(input, init);
    }) as typeof fetch;
    await expect(
      savePack(await plan(), base(), { storage, fetcher, signal: controller.signal }),
    ).rejects.toBeInstanceOf(SaveCancelled);
    expect(await storage.keys()).toEqual([]);
  });

  it('reuses a lesson saved before its chapter instead of downloading it again', async () => {
    const storage = fakeCaches();
    const one = await planPack([lessonAnswer('t1')], 234, async () => 0);
    await savePack(
      one,
      { ...base('lesson:t1'), kind: 'lesson' },
      { storage, fetcher: fakeNetwork().fetcher },
    );
    const net = fakeNetwork();
    await savePack(await plan(), base(), { storage, fetcher: net.fetcher });
    // t1's master is rewritten from the network (another pack's copy may be of another rung).
    expect(net.asked.filter((a) => a.startsWith('/media/private/hls/t1/'))).toEqual([
      '/media/private/hls/t1/master.m3u8',
    ]);
  });

  it('runs the per-topic steps (the practice pack) once per topic and counts their bytes', async () => {
    const steps: string[] = [];
    const record = await savePack(await plan(), base(), {
      storage: fakeCaches(),
      fetcher: fakeNetwork().fetcher,
      topicSteps: [
        async (topicId) => {
          steps.push(topicId);
          return 100;
        },
      ],
    });
    expect(steps).toEqual(['t1', 't2']);
    expect(record.bytes_stored).toBeGreaterThan(200);
  });
});

describe("a saved chapter keeps its class's search index (issue 34)", () => {
  const pointer = {
    v: 1 as const,
    class_id: 'c10',
    file: 'public/search/c10/abc123.json',
    bytes: 25,
    gzip_bytes: 20,
    built_at: '2026-11-28T20:00:00.000Z',
  };
  const index = { v: 1, class_id: 'c10', nodes: [], places: [] };
  /** The lessons' network, plus the class's pointer and index file. */
  const network = () => {
    const net = fakeNetwork();
    const fetcher = (async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/media/public/search/c10/latest.json') return Response.json(pointer);
      if (path === `/media/${pointer.file}`) return Response.json(index);
      if (path.startsWith('/media/public/search/')) return new Response('', { status: 404 });
      return net.fetcher(input);
    }) as typeof fetch;
    return { fetcher, asked: net.asked };
  };

  it('plans the index file with its size, or nothing for a class without one', async () => {
    const { fetcher } = network();
    expect(await planSearch('c10', fetcher)).toEqual({
      plan: { pointer, fileUrl: `http://localhost:3000/media/${pointer.file}` },
      bytes: 25,
    });
    expect(await planSearch('c11', fetcher)).toBeUndefined();
  });

  it('stores the file at its own URL and the pointer inside the pack, for the learner only', async () => {
    const storage = fakeCaches();
    const { fetcher } = network();
    const search = (await planSearch('c10', fetcher))!;
    const p = { ...(await plan()), search: search.plan };
    const record = await savePack(p, base(), { storage, fetcher });
    expect(record.state).toBe('saved');
    const cache = await storage.open(packCacheName('chapter:c1'));
    expect(await (await cache.match(SEARCH_POINTER_URL))!.json()).toEqual(pointer);
    expect(await (await cache.match(`/media/${pointer.file}`))!.json()).toEqual(index);
    // Not at the pointer's own URL: the worker would answer a stale pointer online.
    expect(await cache.match('/media/public/search/c10/latest.json')).toBeUndefined();

    const kept = await readKeptSearchFiles('u1', storage);
    expect(kept.map((k) => k.pointer)).toEqual([pointer]);
    expect(await kept[0]!.read()).toEqual(index);
    expect(await readKeptSearchFiles('someone-else', storage)).toEqual([]);
    expect(await readKeptSearchFiles(null, storage)).toEqual([]);
  });
});
