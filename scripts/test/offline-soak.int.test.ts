import { describe, expect, inject, it } from 'vitest';
import { BASES } from '@gia/shared';
import type { BenchApi, Json } from '../src/bench/demo.ts';
import { offlineSoak } from '../src/bench/offline-soak.ts';

const stack = inject('stack');

/** The bench's JSON client, against the test stack. */
const api: BenchApi = async (method, path, token, body) => {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

describe('the offline answers soak (issue 32), small: 5 learners × 20 answers', () => {
  it('loses nothing and doubles nothing through drops, duplicate sends and second tabs, counted from the API', async () => {
    const admin = await api('POST', `${BASES.admin}/login/request`, undefined, stack.admin);
    expect(admin.status).toBe(200);

    const r = await offlineSoak({
      api,
      adminToken: String(admin.body.accessToken),
      learners: 5,
      answersEach: 20,
      // Harsher than the bench, so every fault happens even in a small run.
      dropRate: 0.3,
      duplicateRate: 0.3,
      twoTabRate: 0.6,
      concurrency: 5,
    });

    expect(r.made).toBe(100);
    expect({ counted: r.counted, lost: r.lost, doubled: r.doubled }).toEqual({
      counted: 100,
      lost: 0,
      doubled: 0,
    });
    expect(r.refused).toBe(0);
    expect(r.wrongScores).toBe(0);
    // The faults really happened.
    expect(r.dropped).toBeGreaterThan(0);
    expect(r.duplicates).toBeGreaterThan(0);
    expect(r.requests).toBeGreaterThan(100);
  }, 180_000);
});
