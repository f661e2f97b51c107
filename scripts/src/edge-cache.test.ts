import { describe, expect, it } from 'vitest';
import { EdgeCache, publicLifetime, type CachedAnswer } from './edge-cache.ts';

const PUBLIC = 'public, max-age=30, stale-while-revalidate=30';

/** An origin that counts its calls and answers `body` with the given Cache-Control. */
function origin(cacheControl = PUBLIC, extra: Partial<CachedAnswer> = {}) {
  const o = {
    calls: 0,
    body: 'v1',
    fetch: async (): Promise<CachedAnswer> => {
      o.calls++;
      return {
        status: 200,
        headers: { 'cache-control': cacheControl, etag: `"${o.body}"` },
        body: Buffer.from(o.body),
        ...extra,
      };
    },
  };
  return o;
}

describe('the local gateway’s edge cache', () => {
  it('answers a fresh entry without calling the origin', async () => {
    let now = 0;
    const cache = new EdgeCache(() => now);
    const o = origin();
    const first = await cache.serve('/boards', undefined, o.fetch);
    now = 29_000;
    const second = await cache.serve('/boards', undefined, o.fetch);
    expect(o.calls).toBe(1);
    expect(first.headers['x-cache']).toBe('Miss from gateway');
    expect(second.headers).toMatchObject({ 'x-cache': 'Hit from gateway', age: '29' });
    expect(second.body.toString()).toBe('v1');
  });

  it('answers a stale entry at once and refreshes it in the background, once', async () => {
    let now = 0;
    const cache = new EdgeCache(() => now);
    const o = origin();
    await cache.serve('/boards', undefined, o.fetch);
    o.body = 'v2';
    now = 45_000;
    const stale = await Promise.all([
      cache.serve('/boards', undefined, o.fetch),
      cache.serve('/boards', undefined, o.fetch),
    ]);
    expect(stale.map((a) => a.body.toString())).toEqual(['v1', 'v1']);
    expect(stale[0]!.headers['x-cache']).toBe('RefreshHit from gateway');
    await new Promise((r) => setImmediate(r));
    expect(o.calls).toBe(2);
    expect((await cache.serve('/boards', undefined, o.fetch)).body.toString()).toBe('v2');
  });

  it('calls the origin once the entry is older than max-age plus stale-while-revalidate', async () => {
    let now = 0;
    const cache = new EdgeCache(() => now);
    const o = origin();
    await cache.serve('/boards', undefined, o.fetch);
    o.body = 'v2';
    now = 60_000;
    const answer = await cache.serve('/boards', undefined, o.fetch);
    expect(answer.body.toString()).toBe('v2');
    expect(answer.headers['x-cache']).toBe('Miss from gateway');
  });

  it('answers 304 without a body when If-None-Match names the kept ETag', async () => {
    const cache = new EdgeCache();
    const o = origin();
    await cache.serve('/boards', undefined, o.fetch);
    const answer = await cache.serve('/boards', '"v1"', o.fetch);
    expect(answer.status).toBe(304);
    expect(answer.body.length).toBe(0);
    expect(answer.headers.etag).toBe('"v1"');
  });

  it('never keeps a no-store answer, an error or an answer that sets a cookie', async () => {
    const cache = new EdgeCache();
    for (const o of [
      origin('no-store'),
      origin(PUBLIC, { status: 404 }),
      origin(PUBLIC, { cookies: ['a=b'] }),
      origin('private, max-age=30'),
    ]) {
      await cache.serve('/x', undefined, o.fetch);
      await cache.serve('/x', undefined, o.fetch);
      expect(o.calls).toBe(2);
    }
  });

  it('forgets everything when cleared (a write went through the API)', async () => {
    const cache = new EdgeCache();
    const o = origin();
    await cache.serve('/boards', undefined, o.fetch);
    cache.clear();
    await cache.serve('/boards', undefined, o.fetch);
    expect(o.calls).toBe(2);
  });

  it('reads max-age and stale-while-revalidate of a public Cache-Control only', () => {
    expect(publicLifetime(PUBLIC)).toEqual({ maxAge: 30, stale: 30 });
    expect(publicLifetime('public, max-age=60')).toEqual({ maxAge: 60, stale: 0 });
    expect(publicLifetime('no-store')).toBeUndefined();
    expect(publicLifetime('public')).toBeUndefined();
    expect(publicLifetime(undefined)).toBeUndefined();
  });
});
