import type { MiddlewareHandler } from 'hono';

/**
 * What Firebase Hosting's CDN does in front of the `api` function, for the local server: an
 * answer marked `public` with `s-maxage` (or `max-age`) is kept and served again to requests with
 * the same key, without reaching the function. Keyed like Hosting keys it
 * (firebase.google.com/docs/hosting/manage-cache, read 24.11.2026): host, path, query string and
 * the request headers the answer's `Vary` names. Hosting strips every cookie but `__session`
 * before the function sees it, so a cookie never splits the key (the API reads none).
 *
 * The local server mounts it in front of /api (server/local-app.ts `cdn`), so what the cost bench
 * counts — invocations, store reads — is what production is billed. API tests run without it
 * unless they ask (tests/api/cdn-cache.test.ts): a test that writes then reads as a visitor
 * must see its write, and on Hosting a cached answer is only bounded by its s-maxage.
 */
export interface CdnCache {
  middleware: MiddlewareHandler;
  readonly stats: { hits: number; misses: number; stored: number };
}

interface Variant {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  freshForMs: number;
}

interface Resource {
  /** Request header names the stored answers vary on (lower case), from their `Vary`. */
  vary: string[];
  variants: Map<string, Variant>;
}

/** Statuses a shared cache may store by default (RFC 9110 §15.1 heuristically cacheable). */
const CACHEABLE_STATUSES = new Set([200, 203, 204, 300, 301, 404, 405, 410, 414, 501]);

/** The shared-cache lifetime an answer allows, in seconds; null when a CDN must not keep it. */
export function sharedMaxAge(cacheControl: string | null): number | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | true>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=') as [string, string | undefined];
    if (name) directives.set(name, value ?? true);
  }
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export function cdnCache(options: { now?: () => number; maxEntries?: number } = {}): CdnCache {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 10_000;
  const resources = new Map<string, Resource>();
  const stats = { hits: 0, misses: 0, stored: 0 };
  const variantKey = (vary: string[], header: (name: string) => string | undefined) => JSON.stringify(vary.map((name) => header(name) ?? null));

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const key = `${url.host}${url.pathname}${url.search}`;
    const resource = resources.get(key);
    const variant = resource?.variants.get(variantKey(resource.vary, (name) => c.req.header(name)));
    const at = now();
    if (variant && at - variant.storedAt < variant.freshForMs) {
      stats.hits += 1;
      const headers = new Headers(variant.headers);
      headers.set('Age', String(Math.floor((at - variant.storedAt) / 1000)));
      headers.set('X-Cache', 'HIT');
      return new Response(c.req.method === 'HEAD' ? null : variant.body, { status: variant.status, headers });
    }
    stats.misses += 1;
    await next();
    c.res.headers.set('X-Cache', 'MISS');
    const maxAge = sharedMaxAge(c.res.headers.get('cache-control'));
    if (maxAge === null || c.req.method !== 'GET' || !CACHEABLE_STATUSES.has(c.res.status) || c.res.headers.has('set-cookie')) return;
    const vary = (c.res.headers.get('vary') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    // `Vary: *` means no two requests are alike: nothing to share.
    if (vary.includes('*')) return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    const headers: [string, string][] = [];
    c.res.headers.forEach((value, name) => {
      if (name !== 'x-cache' && name !== 'x-request-id') headers.push([name, value]);
    });
    let stored = resources.get(key);
    if (!stored || stored.vary.join() !== vary.join()) {
      stored = { vary, variants: new Map() };
      resources.delete(key);
      // Oldest first: Map iterates in insertion order.
      while (resources.size >= maxEntries) resources.delete(resources.keys().next().value!);
      resources.set(key, stored);
    }
    stored.variants.set(variantKey(vary, (name) => c.req.header(name)), { status: c.res.status, headers, body, storedAt: at, freshForMs: maxAge * 1000 });
    stats.stored += 1;
  };

  return { middleware, stats };
}
