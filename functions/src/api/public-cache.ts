import type { MiddlewareHandler } from 'hono';

/**
 * Visitors' reads of public content, answered from memory for a few seconds.
 *
 * Every visitor (no Authorization header) gets the same answer for the same URL, and the home
 * page, the lists and a shared article are read by many of them at once: recomputing each answer
 * from the store is what capped the article list at a few hundred requests a second on a large
 * archive. Signed-in readers always bypass it, so members and staff see their own writes at once.
 *
 * Staleness has two bounds: `clear()` runs whenever published content changes in this process
 * (the same signal that rebuilds the static site), and entries expire after `ttlMs`, which is all
 * that bounds changes made by another process or instance, and counters (views, likes) that
 * change too often to clear anything for.
 */
export interface PublicCache {
  middleware: MiddlewareHandler;
  clear(): void;
}

interface Entry {
  /** Encoded once: re-encoding a long Turkish (two-byte) string on every hit cost more than the rest of the hit. */
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  expiresAt: number;
}

/** Headers a cached answer carries again; per-request ones (X-Request-Id) are set afresh. */
const KEPT_HEADERS = ['content-type', 'cache-control'];

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

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' || c.req.header('authorization') !== undefined) return next();
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

  return {
    middleware,
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
