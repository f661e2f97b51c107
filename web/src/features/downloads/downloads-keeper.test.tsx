import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPacks, writePack, type PackRecord } from '../../lib/saved-packs.ts';
import { useSession } from '../../lib/session.ts';
import { signInForTest } from '../../test/session.ts';
import { DownloadsKeeper } from './downloads-keeper.tsx';
import { fakeCaches } from './fake-caches.ts';
import { lessonAnswer } from './test-lessons.ts';

const pack = (id: string, userId: string): PackRecord => ({
  id,
  kind: 'lesson',
  user_id: userId,
  subject_name: 'Science',
  chapter_id: 'c1',
  chapter_name: 'Sound',
  topics: [{ topic_id: 't1', topic_name: 'Topic t1' }],
  rung_height: 234,
  bytes_expected: 10,
  bytes_stored: 10,
  state: 'saved',
  started_at: new Date().toISOString(),
  saved_at: new Date().toISOString(),
  confirmed_at: new Date().toISOString(),
});

let storage: ReturnType<typeof fakeCaches>;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  storage = fakeCaches();
  vi.stubGlobal('caches', storage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(lessonAnswer('t1'))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const removed: string[] = [];
const practicePack = {
  save: async () => 0,
  remove: async (topicId: string) => {
    removed.push(topicId);
  },
};
const keep = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DownloadsKeeper topicExtras={[practicePack]} />
    </QueryClientProvider>,
  );

describe('the packs on a shared phone', () => {
  it('are removed when the learner signs out, with what each topic keeps besides (its practice pack)', async () => {
    removed.length = 0;
    signInForTest({ user: { empid: 'u1', name: 'Asha', email: 'asha@example.in' } });
    await writePack(pack('lesson:t1', 'u1'), storage);
    keep();
    // Online with this learner's session: checked (one lesson read) and kept.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(await readPacks(storage)).toHaveLength(1);

    act(() => useSession.getState().signOut());
    await waitFor(async () => expect(await readPacks(storage)).toEqual([]));
    await waitFor(() => expect(removed).toEqual(['t1']));
  });

  it("are removed when another learner signs in, the new learner's kept", async () => {
    await writePack(pack('lesson:t1', 'sister'), storage);
    await writePack(pack('lesson:t2', 'u2'), storage);
    signInForTest({ user: { empid: 'u2', name: 'Ravi', email: 'ravi@example.in' } });
    keep();
    await waitFor(async () =>
      expect((await readPacks(storage)).map((p) => p.id)).toEqual(['lesson:t2']),
    );
  });
});
