import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from '../../functions/src/api/http/env.js';
import { publicCache } from '../../functions/src/api/http/public-cache.js';

/** A tiny app whose answers change on every computation, so a cached answer is recognisable. */
function harness(limits = { maxEntries: 3, maxBytes: 1_000 }) {
  let clock = 0;
  let computed = 0;
  let slow: Promise<void> | null = null;
  let reached = () => {};
  const cache = publicCache({ ttlMs: 5_000, ...limits, now: () => clock });
  const app = new Hono<ApiEnv>();
  // As in the app: the caching rule is set in front of the cache, per caller (cache-policy.ts).
  app.use('*', async (c, next) => {
    c.header('Cache-Control', c.req.header('authorization') === undefined ? 'public, s-maxage=60' : 'private, no-store');
    await next();
  });
  app.use('*', cache.middleware);
  // The shared list: behind the token check in the app.
  app.use('/shared', cache.signedInMiddleware);
  app.get('/n', async (c) => {
    computed += 1;
    const value = computed;
    if (slow) {
      reached();
      await slow;
    }
    return c.json({ value });
  });
  app.get('/shared', (c) => c.json({ value: ++computed }));
  app.get('/big', (c) => c.json({ value: ++computed, padding: 'x'.repeat(30) }));
  app.get('/zipped', (c) => c.json({ value: ++computed }, 200, { 'Content-Encoding': 'identity' }));
  app.get('/missing', (c) => c.json({ value: ++computed }, 404));
  app.post('/n', (c) => c.json({ value: ++computed }));
  const read = async (path: string, init?: RequestInit) => {
    const res = await app.request(path, init);
    return { status: res.status, value: ((await res.json()) as { value: number }).value, headers: res.headers };
  };
  return {
    cache,
    read,
    advance: (ms: number) => (clock += ms),
    /** Holds the next computations of /n; `entered` once one is held, `release` lets them finish. */
    stall: () => {
      let release!: () => void;
      slow = new Promise((resolve) => (release = resolve));
      const entered = new Promise<void>((resolve) => (reached = resolve));
      return {
        entered,
        release: () => {
          slow = null;
          release();
        },
      };
    },
  };
}

describe('public read cache', () => {
  it('answers a visitor from memory until the time to live passes', async () => {
    const h = harness();
    const first = await h.read('/n');
    expect((await h.read('/n')).value).toBe(first.value);
    expect((await h.read('/n')).headers.get('content-type')).toMatch(/application\/json/);
    expect((await h.read('/n')).headers.get('cache-control')).toBe('public, s-maxage=60');
    h.advance(4_999);
    expect((await h.read('/n')).value).toBe(first.value);
    h.advance(1);
    expect((await h.read('/n')).value).not.toBe(first.value);
  });

  it('keys on the whole URL, query string included', async () => {
    const h = harness();
    const a = await h.read('/n?page=1');
    const b = await h.read('/n?page=2');
    expect(b.value).not.toBe(a.value);
    expect((await h.read('/n?page=1')).value).toBe(a.value);
  });

  it('never serves or keeps answers for signed-in callers, writes or errors', async () => {
    const h = harness();
    const visitor = await h.read('/n');
    const signedIn = await h.read('/n', { headers: { Authorization: 'Bearer x' } });
    expect(signedIn.value).not.toBe(visitor.value);
    expect((await h.read('/n', { method: 'POST' })).value).not.toBe(visitor.value);
    const zipped = await h.read('/zipped');
    expect((await h.read('/zipped')).value).not.toBe(zipped.value);
    const missing = await h.read('/missing');
    expect(missing.status).toBe(404);
    expect((await h.read('/missing')).value).not.toBe(missing.value);
  });

  it('forgets everything when content changes, also an answer computed meanwhile', async () => {
    const h = harness();
    const before = await h.read('/n');
    h.cache.clear();
    const after = await h.read('/n');
    expect(after.value).not.toBe(before.value);

    h.cache.clear();
    const stalled = h.stall();
    const inFlight = h.read('/n');
    await stalled.entered;
    h.cache.clear();
    stalled.release();
    const stale = await inFlight;
    expect((await h.read('/n')).value).not.toBe(stale.value);
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const h = harness();
    const first = await h.read('/n?k=1');
    await h.read('/n?k=2');
    await h.read('/n?k=3');
    await h.read('/n?k=4');
    expect((await h.read('/n?k=1')).value).not.toBe(first.value);
  });

  it('holds at most maxBytes of answers, and never one larger than that', async () => {
    // {"value":N} is 11 bytes: two fit in 30, a third pushes the oldest out.
    const h = harness({ maxEntries: 10, maxBytes: 30 });
    const first = await h.read('/n?k=1');
    const big = await h.read('/big');
    expect((await h.read('/big')).value).not.toBe(big.value);
    expect((await h.read('/n?k=1')).value).toBe(first.value);
    const second = await h.read('/n?k=2');
    expect((await h.read('/n?k=2')).value).toBe(second.value);
    await h.read('/n?k=3');
    expect((await h.read('/n?k=2')).value).toBe(second.value);
    expect((await h.read('/n?k=1')).value).not.toBe(first.value);
  });

  it('shares an answer that is the same for every caller with signed-in callers, each with their own caching rule', async () => {
    const h = harness();
    const member = { headers: { Authorization: 'Bearer x' } };
    // A member's request fills the entry; a visitor's hit does not inherit its private rule.
    const first = await h.read('/shared', member);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const visitor = await h.read('/shared');
    expect(visitor.value).toBe(first.value);
    expect(visitor.headers.get('cache-control')).toBe('public, s-maxage=60');
    const again = await h.read('/shared', member);
    expect(again.value).toBe(first.value);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    // Content changes reach members at once too; the time to live bounds the rest.
    h.cache.clear();
    expect((await h.read('/shared', member)).value).not.toBe(first.value);
    const refilled = await h.read('/shared', member);
    h.advance(5_000);
    expect((await h.read('/shared', member)).value).not.toBe(refilled.value);
  });
});
