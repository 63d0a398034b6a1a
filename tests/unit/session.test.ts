import { describe, expect, it } from 'vitest';
import { API_MESSAGES, ApiError, extractMessage } from '../../src/lib/api-client';
import { createSession, STORAGE_KEYS, VIP_STATUS_TTL_MS, type Session, type SessionUser } from '../../src/lib/session';
import { vipRemaining } from '../../src/lib/vip-time';
import { MemoryStorage } from '../support/memory-storage.js';

const member: SessionUser = { id: 'u1', email: 'a@b.co', username: 'ayse', firstName: 'Ayşe', lastName: 'Yıldız', role: 'user' };

/** A request that needs the member's token, through the typed client: the fake API answers it with its own path. */
async function thing(session: Session, n: number): Promise<string> {
  const { data } = await session.api.call((r) => r.articles[':id'].$get({ param: { id: `thing-${n}` } }));
  return (data as unknown as { path: string }).path;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API: `protected` paths accept only the current valid token; refresh rotates it. */
function fakeApi(options: { refreshOk?: boolean; refreshDelayMs?: number; vipStatus?: () => unknown } = {}) {
  let valid = 'token-2';
  const calls: { path: string; auth: string | null; body: unknown }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const auth = (init?.headers as Record<string, string>)?.Authorization ?? null;
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path, auth, body });
    if (path === '/auth/refresh') {
      await new Promise((r) => setTimeout(r, options.refreshDelayMs ?? 20));
      if (options.refreshOk === false) return json(401, { success: false, message: 'Oturum bilgisi geçersiz.', code: 'UNAUTHORIZED' });
      valid = 'token-3';
      return json(200, { success: true, data: { token: 'token-3', refreshToken: 'refresh-3' } });
    }
    if (path === '/auth/login') return json(200, { success: true, data: { token: 'token-2', refreshToken: 'refresh-2', user: member } });
    if (path.split('?')[0] === '/users/vip-status') return json(200, { success: true, data: options.vipStatus?.() ?? { hasVip: false, userVipStatus: 'none', subscription: null, version: 'v1' } });
    if (auth !== `Bearer ${valid}`) return json(401, { success: false, message: 'Oturumunuzun süresi doldu.', code: 'UNAUTHORIZED' });
    return json(200, { success: true, data: { path } });
  }) as typeof fetch;
  return { fetchFn, calls, expire: () => (valid = 'never') };
}

function setup(options: Parameters<typeof fakeApi>[0] & { pathname?: string; now?: () => number } = {}) {
  const persistent = new MemoryStorage();
  const perSession = new MemoryStorage();
  const api = fakeApi(options);
  const page = { pathname: options.pathname ?? '/' };
  const navigations: string[] = [];
  const listeners = new Map<string, EventListener>();
  const signIns: string[] = [];
  const events = {
    addEventListener: (type: string, fn: EventListener) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>;
  const open = () =>
    createSession({ storages: { persistent, perSession }, fetch: api.fetchFn, navigate: (p) => navigations.push(p), events, onSignedIn: () => signIns.push(page.pathname), pathname: () => page.pathname, now: options.now });
  const session = open();
  return {
    persistent,
    perSession,
    api,
    navigations,
    signIns,
    session,
    fireStorage: (e: Partial<StorageEvent>) => listeners.get('storage')?.(e as Event),
    /** The next page of the visit in the same tab (`path`): a new page, a new session object over the same storages. */
    nextPage(path = '/') {
      page.pathname = path;
      return open();
    },
  };
}

/** The three keys a login leaves in the storage it chose. */
function storeSignedInMember(storage: MemoryStorage, token: string, refreshToken: string) {
  storage.setItem(STORAGE_KEYS.token, token);
  storage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(member));
}

describe('session tokens and storage', () => {
  it('remember-me stores the session in persistent storage, otherwise per-session', async () => {
    const a = setup();
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: true });
    expect(a.persistent.getItem(STORAGE_KEYS.token)).toBe('token-2');
    expect(a.persistent.getItem(STORAGE_KEYS.rememberMe)).toBe('true');
    expect(a.perSession.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(a.session.tokens.isRememberMe()).toBe(true);
    // A visitor's header fetches its member view only when told (MEMBER_HEADER_LOADER).
    expect(a.signIns).toEqual(['/']);

    const b = setup();
    await b.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: false });
    expect(b.perSession.getItem(STORAGE_KEYS.token)).toBe('token-2');
    expect(b.persistent.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(b.session.tokens.isRememberMe()).toBe(false);
  });

  it('remember-me is on only when the stored flag is exactly the text true', () => {
    const a = setup();
    a.persistent.setItem(STORAGE_KEYS.rememberMe, 'TRUE');
    expect(a.session.tokens.isRememberMe()).toBe(false);
    a.persistent.setItem(STORAGE_KEYS.rememberMe, 'true');
    expect(a.session.tokens.isRememberMe()).toBe(true);
  });

  it('reads the token from persistent storage before per-session storage', () => {
    const a = setup();
    a.perSession.setItem(STORAGE_KEYS.token, 'session-token');
    expect(a.session.tokens.getToken()).toBe('session-token');
    a.persistent.setItem(STORAGE_KEYS.token, 'persistent-token');
    expect(a.session.tokens.getToken()).toBe('persistent-token');
  });

  it('never touches the staff session keys', async () => {
    const a = setup();
    a.persistent.setItem('adminToken', 'staff');
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: true });
    a.session.endSession();
    expect(a.persistent.getItem('adminToken')).toBe('staff');
  });
});

describe('automatic token refresh', () => {
  it('five concurrent 401s cause exactly one refresh call, then all succeed with the new token', async () => {
    const a = setup();
    a.persistent.setItem(STORAGE_KEYS.token, 'token-old');
    a.persistent.setItem(STORAGE_KEYS.refreshToken, 'refresh-old');
    a.api.expire();
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => thing(a.session, n)));
    expect(results).toEqual(['/articles/thing-1', '/articles/thing-2', '/articles/thing-3', '/articles/thing-4', '/articles/thing-5']);
    expect(a.api.calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    expect(a.api.calls.find((c) => c.path === '/auth/refresh')!.body).toEqual({ refreshToken: 'refresh-old' });
    // Rotated tokens are written where the session lives.
    expect(a.persistent.getItem(STORAGE_KEYS.token)).toBe('token-3');
    expect(a.persistent.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-3');
    expect(a.api.calls.filter((c) => c.path.startsWith('/articles/thing-') && c.auth === 'Bearer token-3')).toHaveLength(5);
    expect(a.navigations).toEqual([]);
  });

  it('a failed refresh clears both storages, rejects every waiting request and goes to /', async () => {
    const a = setup({ refreshOk: false });
    storeSignedInMember(a.perSession, 'token-old', 'refresh-old');
    a.persistent.setItem(STORAGE_KEYS.rememberMe, 'true');
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => thing(a.session, n)));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(a.api.calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    expect([...a.perSession.map.keys(), ...a.persistent.map.keys()]).toEqual([]);
    expect(a.navigations).toEqual(['/']);
  });

  it('a 401 with no refresh token stored clears the session without calling refresh', async () => {
    const a = setup();
    a.perSession.setItem(STORAGE_KEYS.token, 'token-old');
    await expect(thing(a.session, 1)).rejects.toBeInstanceOf(ApiError);
    expect(a.api.calls.map((c) => c.path)).toEqual(['/articles/thing-1']);
    expect(a.perSession.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(a.navigations).toEqual(['/']);
  });

  it('retries a request only once', async () => {
    const a = setup();
    a.perSession.setItem(STORAGE_KEYS.token, 'token-old');
    a.perSession.setItem(STORAGE_KEYS.refreshToken, 'refresh-old');
    // This API refuses every token, even the refreshed one: the request must give up after one retry.
    const original = a.api.fetchFn;
    let thingCalls = 0;
    const session = createSession({
      storages: { persistent: a.persistent, perSession: a.perSession },
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/thing')) {
          thingCalls += 1;
          return json(401, { success: false, message: 'Yetkisiz' });
        }
        return original(input, init);
      }) as typeof fetch,
      navigate: () => undefined,
    });
    await expect(thing(session, 1)).rejects.toMatchObject({ status: 401, message: 'Yetkisiz' });
    expect(thingCalls).toBe(2);
  });
});

describe('messages', () => {
  it('extracts error.message, then message, then the error, then the generic text', () => {
    expect(extractMessage({ error: { message: 'A' }, message: 'B' }, new Error('C'))).toBe('A');
    expect(extractMessage({ message: 'B' }, new Error('C'))).toBe('B');
    expect(extractMessage({}, new Error('C'))).toBe('C');
    expect(extractMessage(null)).toBe(API_MESSAGES.generic);
  });

  it('a network failure and a bare 5xx get the Turkish texts', async () => {
    const persistent = new MemoryStorage();
    const perSession = new MemoryStorage();
    const offline = createSession({ storages: { persistent, perSession }, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch, navigate: () => undefined });
    await expect(thing(offline, 1)).rejects.toMatchObject({ status: 0, message: 'İnternet bağlantınızı kontrol edin' });
    const crashing = createSession({ storages: { persistent, perSession }, fetch: (async () => new Response('<html>502</html>', { status: 502 })) as typeof fetch, navigate: () => undefined });
    await expect(thing(crashing, 1)).rejects.toMatchObject({ status: 502, message: 'Sunucu hatası. Lütfen daha sonra tekrar deneyin' });
  });
});

describe('cross-tab logout', () => {
  it('another tab removing the token logs this tab out when none is left here', async () => {
    const a = setup();
    storeSignedInMember(a.persistent, 'token-2', 'refresh-2');
    await a.session.init();
    expect(a.session.getState().isAuthenticated).toBe(true);
    // The other tab logged out: localStorage is shared, so our token is gone too.
    a.persistent.map.clear();
    a.fireStorage({ key: STORAGE_KEYS.token, newValue: null, oldValue: 'token-2' });
    expect(a.session.getState().isAuthenticated).toBe(false);
    expect(a.navigations).toEqual(['/']);
  });

  it('keeps this tab logged in when it still holds its own per-session token', async () => {
    const a = setup();
    storeSignedInMember(a.perSession, 'token-2', 'refresh-2');
    await a.session.init();
    a.fireStorage({ key: STORAGE_KEYS.token, newValue: null, oldValue: 'other' });
    expect(a.session.getState().isAuthenticated).toBe(true);
    expect(a.navigations).toEqual([]);
  });
});

describe('VIP status', () => {
  it('staff sessions never ask for the VIP status and are non-VIP', async () => {
    const a = setup();
    a.perSession.setItem(STORAGE_KEYS.token, 'token-2');
    a.perSession.setItem(STORAGE_KEYS.user, JSON.stringify({ ...member, role: 'admin' }));
    await a.session.init();
    expect(a.api.calls.some((c) => c.path.split('?')[0] === '/users/vip-status')).toBe(false);
    expect(a.session.getState().vipStatus.hasVip).toBe(false);
  });

  it('a tab asks once per visit: later pages reuse the answer for 5 minutes', async () => {
    let clock = Date.parse('2026-11-24T10:00:00Z');
    const a = setup({ now: () => clock });
    const asked = () => a.api.calls.filter((c) => c.path.split('?')[0] === '/users/vip-status').length;
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: false });
    expect(asked()).toBe(1);
    for (const minutes of [1, 2, 4]) {
      clock = Date.parse('2026-11-24T10:00:00Z') + minutes * 60_000;
      const page = a.nextPage('/makale/bir-yazi');
      await page.init();
      expect(page.getState().vipStatus).toMatchObject({ hasVip: false, userVipStatus: 'none' });
      expect(page.getState().vipLoading).toBe(false);
    }
    expect(asked()).toBe(1);
    // Past the 5 minutes the next page asks again, and its answer serves the pages after it.
    clock += VIP_STATUS_TTL_MS;
    await a.nextPage('/').init();
    await a.nextPage('/').init();
    expect(asked()).toBe(2);
  });

  it('keeps next to the session what the next page draws before it can ask: the VIP end and a waiting request', async () => {
    const endDate = '2026-12-20T10:00:00.000Z';
    let answer: unknown = { hasVip: false, userVipStatus: 'pending', subscription: null };
    const a = setup({ vipStatus: () => answer, pathname: '/vip-uyelik' });
    const stored = () => [STORAGE_KEYS.vipUntil, STORAGE_KEYS.vipPending].map((key) => [a.persistent.getItem(key), a.perSession.getItem(key)]);
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: true });
    expect(stored()).toEqual([[null, null], ['1', null]]);
    answer = { hasVip: true, userVipStatus: 'active', subscription: { status: 'active', endDate, durationDays: 30 } };
    await a.nextPage('/vip-uyelik').init();
    expect(stored()).toEqual([[endDate, null], [null, null]]);
    answer = { hasVip: false, userVipStatus: 'expired', subscription: null };
    await a.nextPage('/vip-uyelik').init();
    expect(stored()).toEqual([[null, null], [null, null]]);
  });

  it('the member\'s VIP pages, another member in the tab and a failed answer ask again', async () => {
    const a = setup();
    const asked = () => a.api.calls.filter((c) => c.path.split('?')[0] === '/users/vip-status').length;
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: false });
    for (const path of ['/profil', '/vip-uyelik', '/vip-siparislerim']) await a.nextPage(path).init();
    expect(asked()).toBe(4);
    // The tab's answer belongs to its member: another account signed in here does not see it.
    a.perSession.setItem(STORAGE_KEYS.user, JSON.stringify({ ...member, id: 'u2' }));
    await a.nextPage('/').init();
    expect(asked()).toBe(5);
    a.perSession.setItem(STORAGE_KEYS.vipStatus, '{bozuk');
    await a.nextPage('/').init();
    expect(asked()).toBe(6);
    // Logging out forgets it with the session.
    await a.session.logout();
    expect(a.perSession.getItem(STORAGE_KEYS.vipStatus)).toBeNull();
  });

  it('concurrent refreshes (the header and a VIP page island) share one request', async () => {
    const a = setup();
    await a.session.login({ email: 'a@b.co', password: 'secret1', rememberMe: false });
    const before = a.api.calls.length;
    const [x, y] = await Promise.all([a.session.refreshVipStatus(), a.session.refreshVipStatus()]);
    expect(x).toBe(y);
    expect(a.api.calls.slice(before).filter((c) => c.path.split('?')[0] === '/users/vip-status')).toHaveLength(1);
    await a.session.refreshVipStatus();
    expect(a.api.calls.slice(before).filter((c) => c.path.split('?')[0] === '/users/vip-status')).toHaveLength(2);
  });

  it('remaining-time label, colour and bar follow spec 000 §2.3.1', () => {
    const status = (days: number, state: 'active' | 'expired' = 'active', durationDays?: number) => ({
      hasVip: state === 'active',
      userVipStatus: state,
      subscription: { startDate: null, endDate: null, remainingDays: days, status: state, durationDays },
    });
    expect(vipRemaining(status(0))).toMatchObject({ label: 'VIP üyeliğiniz sona erdi', tone: 'grey', percent: 5 });
    expect(vipRemaining(status(1))).toMatchObject({ label: '1 gün kaldı', tone: 'red' });
    expect(vipRemaining(status(3))).toMatchObject({ label: '3 gün kaldı', tone: 'red' });
    expect(vipRemaining(status(7))).toMatchObject({ tone: 'yellow' });
    expect(vipRemaining(status(15))).toMatchObject({ label: '15 gün kaldı', tone: 'green', percent: 50 });
    expect(vipRemaining(status(30, 'active', 60))).toMatchObject({ percent: 50 });
    expect(vipRemaining(status(10, 'expired'))).toMatchObject({ tone: 'grey', label: 'VIP üyeliğiniz sona erdi' });
  });
});
