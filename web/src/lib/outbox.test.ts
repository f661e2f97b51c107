import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, flush, pendingText } from './outbox.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose answers the test decides, one per request, recording each body it got. */
function stubServer(answer: (path: string, body: Record<string, unknown>) => Response | Error) {
  const got: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      got.push({ path: String(path), body });
      const res = answer(String(path), body);
      if (res instanceof Error) throw res;
      return res;
    }),
  );
  return got;
}

const ok = (data: unknown = {}) => json(200, { message: 'ok', data });
/** The entries still waiting in IndexedDB, read straight from the store. */
async function stored(): Promise<{ client_id: string; route: string; tries: number }[]> {
  const { openDB } = await import('idb');
  const db = await openDB('gia-outbox', 1);
  const all = await db.getAll('entries');
  db.close();
  return all as { client_id: string; route: string; tries: number }[];
}

beforeEach(() => onlineManager.setOnline(true));
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('the outbox', () => {
  it('keeps a write on the device, sends it with its client_id, and removes it only after a 2xx', async () => {
    const got = stubServer(() => ok({ correct: true }));

    const { entry, sent } = await enqueue('practice.answerQuiz', {
      question_id: 'T1_A',
      answer: '1',
    });

    expect((await sent).data).toEqual({ correct: true });
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toMatch(/\/answerQuiz$/);
    expect(got[0]!.body).toEqual({ question_id: 'T1_A', answer: '1', client_id: entry.client_id });
    expect(entry.client_id).toMatch(/^[0-9a-f-]{36}$/);
    await flush();
    expect(await stored()).toEqual([]);
  });

  it('sends nothing offline, then everything oldest first when the app is back online', async () => {
    const got = stubServer(() => ok());
    onlineManager.setOnline(false);

    const first = await enqueue('practice.answerQuiz', { question_id: 'Q1', answer: '1' });
    const second = await enqueue('reviews.insert', { topic_id: 'T1', rating: 4 });
    const third = await enqueue('practice.answerQuiz', { question_id: 'Q2', answer: '2' });
    expect(got).toHaveLength(0);
    expect((await stored()).map((e) => e.client_id).sort()).toEqual(
      [first, second, third].map((x) => x.entry.client_id).sort(),
    );

    onlineManager.setOnline(true);
    await flush();
    await third.sent;

    expect(got.map((g) => g.body.client_id)).toEqual(
      [first, second, third].map((x) => x.entry.client_id),
    );
    expect(await stored()).toEqual([]);
  });

  it('keeps a write the network lost, backs off, and sends it again with the same client_id', async () => {
    let calls = 0;
    const got = stubServer(() => (++calls === 1 ? new TypeError('Failed to fetch') : ok()));

    const { entry, sent } = await enqueue('practice.answerQuiz', { question_id: 'Q', answer: 1 });
    await flush();

    // After the failure it waits (back-off) with the entry kept and its try counted…
    expect(await stored()).toMatchObject([{ client_id: entry.client_id, tries: 1 }]);
    // …then sends it again by itself, as the same write.
    await sent;
    expect(got.map((g) => g.body.client_id)).toEqual([entry.client_id, entry.client_id]);
    expect(await stored()).toEqual([]);
  }, 10_000);

  it('drops a write the server refuses for good (4xx), tells it, and goes on with the next', async () => {
    const got = stubServer((_, body) =>
      body.question_id === 'BAD'
        ? json(409, { message: 'This question is already answered.', code: 'CONFLICT' })
        : ok(),
    );
    onlineManager.setOnline(false);
    const bad = await enqueue('practice.answerQuiz', { question_id: 'BAD', answer: 1 });
    const good = await enqueue('practice.answerQuiz', { question_id: 'GOOD', answer: 1 });

    onlineManager.setOnline(true);
    await flush();

    await expect(bad.sent).rejects.toThrow('This question is already answered.');
    await good.sent;
    expect(got).toHaveLength(2);
    expect(await stored()).toEqual([]);
  });

  it('replaces a lesson position still waiting with a newer one, so only the newest is sent', async () => {
    const got = stubServer(() => ok());
    onlineManager.setOnline(false);

    await enqueue(
      'progress.save',
      { topic_id: 'T1', position_seconds: 30 },
      { supersedes: 'p:T1' },
    );
    await enqueue('progress.save', { topic_id: 'T2', position_seconds: 5 }, { supersedes: 'p:T2' });
    const newest = await enqueue(
      'progress.save',
      { topic_id: 'T1', position_seconds: 60 },
      { supersedes: 'p:T1' },
    );
    onlineManager.setOnline(true);
    await flush();
    await newest.sent;

    expect(got.map((g) => [g.body.topic_id, g.body.position_seconds])).toEqual([
      ['T2', 5],
      ['T1', 60],
    ]);
  });

  it('says how many answers will sync, and a position alone in other words', () => {
    const e = (route: 'progress.save' | 'practice.answerQuiz') =>
      ({ client_id: 'x', route, body: {}, made_at: '', seq: 0, tries: 0, next_at: 0 }) as const;

    expect(pendingText([])).toBeUndefined();
    expect(pendingText([e('progress.save')])).toBe('Your lesson position will sync');
    expect(pendingText([e('practice.answerQuiz')])).toBe('1 answer will sync');
    expect(
      pendingText([e('practice.answerQuiz'), e('progress.save'), e('practice.answerQuiz')]),
    ).toBe('2 answers will sync');
  });
});
