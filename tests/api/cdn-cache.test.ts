import { describe, expect, it } from 'vitest';
import { cdnCache, sharedMaxAge } from '../../server/cdn-cache.js';
import { createAccount } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

/**
 * The local stand-in for Firebase Hosting's CDN (server/cdn-cache.ts): what it keeps, for whom and
 * how long decides what the cost bench counts. The other API tests run without it (a test that
 * writes and then reads as a visitor must see its write, which on Hosting only s-maxage bounds).
 */
let clock = Date.parse('2026-11-22T10:00:00Z');
const cdn = cdnCache({ now: () => clock });
const server = useTestServer({ cdn });

describe('the CDN in front of the API', { timeout: 60_000 }, () => {
  it("answers a visitor's repeated public read without the function, until s-maxage runs out", async () => {
    const before = server.deps.store.meter.snapshot();
    const first = await server.api('GET', '/api/authors');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    const readsOfFirst = server.deps.store.meter.total.reads - before.reads;
    expect(readsOfFirst).toBeGreaterThan(0);

    clock += 299_000;
    const again = await server.api('GET', '/api/authors');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('age')).toBe('299');
    expect(again.body).toEqual(first.body);
    expect(server.deps.store.meter.total.reads - before.reads).toBe(readsOfFirst);

    clock += 2_000;
    expect((await server.api('GET', '/api/authors')).headers.get('x-cache')).toBe('MISS');
  });

  it('keys like Hosting: the query string and the headers the answer varies on', async () => {
    await server.api('GET', '/api/articles?limit=2');
    expect((await server.api('GET', '/api/articles?limit=2')).headers.get('x-cache')).toBe('HIT');
    expect((await server.api('GET', '/api/articles?limit=3')).headers.get('x-cache')).toBe('MISS');
    // Vary: Accept-Encoding — a plain copy is not a compressed one.
    expect((await server.api('GET', '/api/articles?limit=2', { headers: { 'Accept-Encoding': 'identity' } })).headers.get('x-cache')).toBe('MISS');
  });

  it("never answers a signed-in caller from a visitor's copy, and never keeps theirs", async () => {
    const member = await createAccount(server);
    await server.api('GET', '/api/articles?limit=4');
    const signedIn = await server.api('GET', '/api/articles?limit=4', { token: member.token });
    expect(signedIn.headers.get('x-cache')).toBe('MISS');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect((await server.api('GET', '/api/articles?limit=4', { token: member.token })).headers.get('x-cache')).toBe('MISS');
    // Personal answers are private whoever asks.
    expect((await server.api('GET', '/api/users/vip-status', { token: member.token })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps no write and no error but a plain 400 or 404', async () => {
    // A write is never looked up nor kept: it always reaches the function.
    const view = () => server.api('POST', '/api/articles/yok-boyle/view');
    expect((await view()).headers.get('x-cache')).toBeNull();
    expect((await view()).headers.get('x-cache')).toBeNull();
    // A missing article answers every visitor alike: kept like Hosting keeps a 404.
    expect((await server.api('GET', '/api/articles/slug/yok-boyle')).status).toBe(404);
    expect((await server.api('GET', '/api/articles/slug/yok-boyle')).headers.get('x-cache')).toBe('HIT');
    expect((await server.api('GET', '/api/articles/stats')).headers.get('cache-control')).toBe('private, no-store');
    expect((await server.api('GET', '/api/health')).headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('which answers a shared cache may keep', () => {
  it('public with s-maxage or max-age, never private, no-store or no-cache', () => {
    expect(sharedMaxAge('public, max-age=30, s-maxage=60')).toBe(60);
    expect(sharedMaxAge('public, max-age=30')).toBe(30);
    expect(sharedMaxAge('private, no-store')).toBeNull();
    expect(sharedMaxAge('public, no-cache, s-maxage=60')).toBeNull();
    expect(sharedMaxAge('max-age=60')).toBeNull();
    expect(sharedMaxAge(null)).toBeNull();
  });
});
