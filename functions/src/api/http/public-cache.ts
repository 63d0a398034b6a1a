import type { MiddlewareHandler } from 'hono';

/**
 * Visitors' reads of public content, answered from memory for a few seconds.
 *
 * Every visitor (no Authorization header) gets the same answer for the same URL, and the home
 * page, the lists and a shared article are read by many of them at once: recomputing each answer
 * from the store is what capped the article list at a few hundred requests a second on a large
 * archive. Signed-in readers bypass `middleware`, so members and staff see their own writes at once.
 *
 * The article lists do not depend on who asks (no `liked` flag, no premium body): a signed-in
 * reader's list is the visitors' list. `signedInMiddleware`, mounted on those paths AFTER the
 * token check, answers them from the same entries (and fills them), so a member's list costs the
 * token check and the one read of their user, not the list's queries (issue 21: the member list
 * held 500 req/s, the visitors' 2,000). The answer still carries `private, no-store`: the
 * Cache-Control header is set by the middlewares in front of the cache (cache-policy.ts for
 * visitors, the private default for everyone else), never stored with the entry. The price: a
 * member's like or comment reaches the counts on a list card up to `ttlMs` late, as for visitors.
 *
 * Staleness has two bounds: `clear()` runs whenever published content changes in this process
 * (the same signal that rebuilds the static site), and entries expire after `ttlMs`, which is all
 * that bounds changes made by another process or instance, and counters (views, likes) that
 * change too often to clear anything for.
 */
export interface PublicCache {
  /** Visitors (no Authorization header) only: mount it before the token check. */
  middleware: MiddlewareHandler;
  /** Signed-in callers of reads that do not depend on the caller: mount it after the token check. */
  signedInMiddleware: MiddlewareHandler;
  clear(): void;
}

interface Entry {
  /** Encoded once: re-encoding a long Turkish (two-byte) string on every hit cost more than the rest of the hit. */
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  expiresAt: number;
}

/**
 * Headers a cached answer carries again. Per-request ones (X-Request-Id) are set afresh, and so is
 * Cache-Control: visitors and members share entries but not their caching rules.
 */
const KEPT_HEADERS = ['content-type'];

export function publicCache(options: { ttlMs: number; maxEntries: number; maxBytes: number; now: () => number }): PublicCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };
  // An answer computed while content changed may already be stale: it is not kept.
  let generation = 0;

  const serve: MiddlewareHandler = async (c, next) => {
    const key = c.req.url;
    const now = options.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) {
      for (const [name, value] of hit.headers) c.header(name, value);
      return c.body(hit.body, 200);
    }
    const startedIn = generation;
    await next();
    // An encoded answer depends on the caller's Accept-Encoding, which the key does not hold.
    if (c.res.status !== 200 || startedIn !== generation || c.res.headers.has('content-encoding')) return;
    const headers: [string, string][] = [];
    for (const name of KEPT_HEADERS) {
      const value = c.res.headers.get(name);
      if (value !== null) headers.push([name, value]);
    }
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    if (startedIn !== generation) return;
    drop(key);
    if (body.byteLength > options.maxBytes) return;
    // Oldest first: Map iterates in insertion order.
    while (entries.size >= options.maxEntries || bytes + body.byteLength > options.maxBytes) drop(entries.keys().next().value!);
    entries.set(key, { body, headers, expiresAt: now + options.ttlMs });
    bytes += body.byteLength;
  };

  const middleware: MiddlewareHandler = (c, next) => (c.req.method !== 'GET' || c.req.header('authorization') !== undefined ? next() : serve(c, next));
  // Behind the token check: a caller reaching it with a header has a valid session.
  const signedInMiddleware: MiddlewareHandler = (c, next) => (c.req.method !== 'GET' || c.req.header('authorization') === undefined ? next() : serve(c, next));

  return {
    middleware,
    signedInMiddleware,
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
  };
}

/** The API's cache of visitors' public reads: 5 s, within 2,000 answers and 32 MiB. */
export function publicReadsCache(): PublicCache {
  return publicCache({ ttlMs: 5_000, maxEntries: 2_000, maxBytes: 32 * 2 ** 20, now: () => performance.now() });
}

/**
 * The rebuild signal for the composition root: whatever asks for a site rebuild changed published
 * content, so the cached answers go first. Jobs, services and tests holding the deps all signal
 * through it.
 */
export function clearingOnRebuild(cache: PublicCache, rebuild: (reason: string) => void): (reason: string) => void {
  return (reason) => {
    cache.clear();
    rebuild(reason);
  };
}
