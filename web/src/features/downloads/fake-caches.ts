/*
 * An in-memory Cache Storage for the downloads' tests (jsdom has none): the parts the packs use,
 * with `ignoreSearch` matching as browsers do.
 */

const keyOf = (req: RequestInfo | URL, ignoreSearch = false) => {
  const url = new URL(
    typeof req === 'string' || req instanceof URL ? req : req.url,
    globalThis.location?.href ?? 'http://localhost/',
  );
  if (ignoreSearch) url.search = '';
  return url.href;
};

class FakeCache {
  readonly entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();

  async put(req: RequestInfo | URL, res: Response) {
    const body = await res.arrayBuffer();
    this.entries.set(keyOf(req), {
      body,
      init: { status: res.status, headers: Object.fromEntries(res.headers.entries()) },
    });
  }

  async match(req: RequestInfo | URL, opts: CacheQueryOptions = {}) {
    const wanted = keyOf(req, opts.ignoreSearch);
    for (const [key, e] of this.entries) {
      if ((opts.ignoreSearch ? keyOf(key, true) : key) === wanted)
        return new Response(e.body.slice(0), e.init);
    }
    return undefined;
  }

  async keys() {
    return [...this.entries.keys()].map((k) => new Request(k));
  }

  async delete(req: RequestInfo | URL) {
    return this.entries.delete(keyOf(req));
  }
}

/** A fresh, empty Cache Storage. */
export function fakeCaches() {
  const caches = new Map<string, FakeCache>();
  const storage = {
    caches,
    async open(name: string) {
      let c = caches.get(name);
      if (!c) caches.set(name, (c = new FakeCache()));
      return c as unknown as Cache;
    },
    async has(name: string) {
      return caches.has(name);
    },
    async delete(name: string) {
      return caches.delete(name);
    },
    async keys() {
      return [...caches.keys()];
    },
    async match(req: RequestInfo | URL, opts: CacheQueryOptions = {}) {
      for (const c of caches.values()) {
        const found = await c.match(req, opts);
        if (found) return found;
      }
      return undefined;
    },
  };
  return storage as typeof storage & CacheStorage;
}

/** Every byte stored in the packs' caches, records aside. */
export function bytesStored(storage: ReturnType<typeof fakeCaches>, recordUrl: string) {
  let total = 0;
  for (const c of storage.caches.values())
    for (const [key, e] of c.entries) if (!key.endsWith(recordUrl)) total += e.body.byteLength;
  return total;
}
