/**
 * The staff session client (src/admin/session.ts) with fake storages and a fake fetch: its own
 * keys, one refresh for concurrent 401s, and a full clear when the refresh is refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../support/memory-storage.js';

let local: MemoryStorage;
let session: MemoryStorage;
let calls: { url: string; auth: string | null }[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function load() {
  vi.resetModules();
  return import('../../src/admin/session.js');
}

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  calls = [];
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('window', {});
});
afterEach(() => vi.unstubAllGlobals());

const user = { id: 'a1', email: 'a@x.com', role: 'admin' as const, name: 'A', displayName: 'A', firstName: 'A', lastName: 'B', avatar: null };

describe('admin session client', () => {
  it('keeps staff tokens under the admin keys only, in localStorage with remember-me', async () => {
    const s = await load();
    s.saveSession({ token: 't1', refreshToken: 'r1', user, rememberMe: true });
    expect(local.keys().sort()).toEqual(['adminAuth', 'adminRefreshToken', 'adminToken', 'rememberMe']);
    expect(session.keys()).toEqual([]);
    s.saveSession({ token: 't2', refreshToken: 'r2', user, rememberMe: false });
    expect(local.keys()).toEqual([]);
    expect(session.keys().sort()).toEqual(['adminAuth', 'adminRefreshToken', 'adminToken']);
    expect(local.getItem('token') ?? session.getItem('token')).toBeNull();
  });

  it('three requests meeting 401 share ONE refresh and retry with the new token', async () => {
    const s = await load();
    s.saveSession({ token: 'old', refreshToken: 'r1', user, rememberMe: false });
    let refreshes = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? null;
      calls.push({ url, auth });
      if (url === '/api/auth/admin/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { success: true, data: { token: 'new', refreshToken: 'r2' } });
      }
      return auth === 'Bearer new' ? json(200, { success: true, data: { url } }) : json(401, { success: false, message: 'expired' });
    });
    const article = (id: string) => s.api.call((r) => r.admin.articles[':id'].$get({ param: { id } }));
    const results = await Promise.all([article('a'), article('b'), article('c')]);
    expect(results.map((r) => (r.data as unknown as { url: string }).url)).toEqual(['/api/admin/articles/a', '/api/admin/articles/b', '/api/admin/articles/c']);
    expect(refreshes).toBe(1);
    expect(session.getItem('adminToken')).toBe('new');
    expect(session.getItem('adminRefreshToken')).toBe('r2');
  });

  it('a refused refresh removes every staff key and the remember-me flag', async () => {
    const s = await load();
    s.saveSession({ token: 'old', refreshToken: 'r1', user, rememberMe: true });
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/auth/admin/refresh' ? json(401, { success: false, message: 'Oturum geçersiz' }) : json(401, { success: false, message: 'expired' }),
    );
    await expect(s.api.call((r) => r.auth.admin.badges.$get())).rejects.toThrow();
    expect(local.keys()).toEqual([]);
    expect(session.keys()).toEqual([]);
    expect(s.currentUser()).toBeNull();
  });

  it('login maps 401 and 429 to the spec texts', async () => {
    const s = await load();
    vi.stubGlobal('fetch', async () => json(401, { success: false, message: 'x' }));
    await expect(s.login('a@x.com', 'y', false)).rejects.toThrow('Geçersiz email veya şifre');
    vi.stubGlobal('fetch', async () => json(429, { success: false, message: 'x' }));
    await expect(s.login('a@x.com', 'y', false)).rejects.toThrow('Çok fazla giriş denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.');
    vi.stubGlobal('fetch', async () => json(500, {}));
    await expect(s.login('a@x.com', 'y', false)).rejects.toThrow('Giriş yaparken bir hata oluştu');
  });
});
