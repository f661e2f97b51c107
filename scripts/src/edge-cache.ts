/**
 * The local gateway's stand-in for CloudFront's cache of the public catalogue reads (issue 30,
 * item 4; README "What is cached where"): it honours the answers' own headers as CloudFront's
 * cache policy does, so a warm anonymous page view runs no handler and no DynamoDB request here
 * either, and the bench can measure it.
 *
 * - Only a `GET` answered `200` with `Cache-Control: public, max-age=N` is kept, keyed by path
 *   and query string alone (never by `Authorization` or cookies: the gateway does not even pass
 *   them to those routes, as CloudFront does not), and never one that sets a cookie.
 * - Fresh (age under `max-age`): answered from here without calling the handler. Stale within
 *   `stale-while-revalidate`: answered from here while one background call refreshes it. Older:
 *   the handler is called.
 * - `If-None-Match` naming the kept `ETag` gets `304` without a body.
 * - `x-cache` says what happened (`Hit`, `RefreshHit` for a stale answer, `Miss`), `age` how old
 *   the answer is, as CloudFront's headers do.
 *
 * Locally a write through the API clears the cache (the gateway calls {@link EdgeCache.clear} on
 * every successful non-GET), so an admin's change shows at once and the integration tests that
 * write and read back need no waiting; in AWS the same change shows within the answers' 60 s.
 */

/** An answer as the gateway sends it. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** `Set-Cookie` values (an answer with any is never kept). */
  cookies?: string[];
  body: Buffer;
}

interface Entry extends CachedAnswer {
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
  refreshing?: Promise<void>;
}

/** `max-age` and `stale-while-revalidate` of a `public` Cache-Control, else undefined. */
export function publicLifetime(
  cacheControl: string | undefined,
): { maxAge: number; stale: number } | undefined {
  if (!cacheControl) return undefined;
  const directives = new Map(
    cacheControl.split(',').map((d) => {
      const [name = '', value] = d.trim().toLowerCase().split('=');
      return [name, value] as const;
    }),
  );
  if (!directives.has('public') || directives.has('no-store') || directives.has('private')) {
    return undefined;
  }
  const maxAge = Number(directives.get('max-age'));
  if (!Number.isFinite(maxAge) || maxAge <= 0) return undefined;
  const stale = Number(directives.get('stale-while-revalidate') ?? 0);
  return { maxAge, stale: Number.isFinite(stale) && stale > 0 ? stale : 0 };
}

const ifNoneMatches = (header: string | undefined, etag: string | undefined) =>
  Boolean(
    header &&
    etag &&
    header
      .split(',')
      .some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')),
  );

export class EdgeCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts of what the cache did, for tests and the bench. */
  readonly stats = { hits: 0, staleHits: 0, misses: 0 };

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5000,
  ) {}

  /** Forgets every kept answer (a write went through the API). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * The answer to a `GET` of `key` (path and query): from the cache when it holds a usable one,
   * else from `origin` (kept when its headers allow). `ifNoneMatch`: the request's header.
   */
  async serve(
    key: string,
    ifNoneMatch: string | undefined,
    origin: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : 0;
    if (entry && age < entry.maxAgeMs) {
      this.stats.hits++;
      return this.answer(entry, age, 'Hit', ifNoneMatch);
    }
    if (entry && age < entry.maxAgeMs + entry.staleMs) {
      this.stats.staleHits++;
      // One refresh at a time; a failed one leaves the stale entry to expire.
      entry.refreshing ??= origin()
        .then((fresh) => {
          this.keep(key, fresh);
        })
        .catch(() => undefined)
        .finally(() => {
          entry.refreshing = undefined;
        });
      return this.answer(entry, age, 'RefreshHit', ifNoneMatch);
    }
    this.stats.misses++;
    const fresh = await origin();
    const kept = this.keep(key, fresh);
    if (kept) return this.answer(kept, 0, 'Miss', ifNoneMatch);
    return { ...fresh, headers: { ...fresh.headers, 'x-cache': 'Miss from gateway' } };
  }

  /** Keeps an answer its headers allow to keep; answers the entry, if kept. */
  private keep(key: string, answer: CachedAnswer): Entry | undefined {
    const lifetime = publicLifetime(answer.headers['cache-control']);
    if (answer.status !== 200 || !lifetime || answer.cookies?.length) {
      this.entries.delete(key);
      return undefined;
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry: Entry = {
      ...answer,
      storedAt: this.now(),
      maxAgeMs: lifetime.maxAge * 1000,
      staleMs: lifetime.stale * 1000,
    };
    this.entries.set(key, entry);
    return entry;
  }

  private answer(
    entry: Entry,
    ageMs: number,
    outcome: 'Hit' | 'RefreshHit' | 'Miss',
    ifNoneMatch: string | undefined,
  ): CachedAnswer {
    const headers: Record<string, string> = {
      ...entry.headers,
      age: String(Math.floor(ageMs / 1000)),
      'x-cache': `${outcome} from gateway`,
    };
    if (ifNoneMatches(ifNoneMatch, entry.headers.etag)) {
      delete headers['content-type'];
      return { status: 304, headers, body: Buffer.alloc(0) };
    }
    return { status: entry.status, headers, body: entry.body };
  }
}
