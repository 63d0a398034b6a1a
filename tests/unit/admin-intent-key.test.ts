/**
 * The Idempotency-Key lifecycle of the staff panel's VIP actions (src/admin/ui/intent-key.ts) and the
 * session client's extra headers, with fake storages and a fake fetch: one key per intent, the same
 * key for a double submit and for a retry of the same submission (also across a token refresh), a new
 * key for a changed submission and after a success.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../support/memory-storage.js';

interface Call {
  url: string;
  headers: Record<string, string>;
}
let calls: Call[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function load() {
  vi.resetModules();
  const session = await import('../../src/admin/session.js');
  const intent = await import('../../src/admin/ui/intent-key.js');
  session.saveSession({ token: 't1', refreshToken: 'r1', user: { id: 'a1', email: 'a@x.com', role: 'admin', name: 'A', displayName: 'A', firstName: 'A', lastName: 'B', avatar: null }, rememberMe: false });
  return { session, intent };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', {});
});
afterEach(() => vi.unstubAllGlobals());

const grant = (userId: string, durationDays: number) => ({ path: `/users/admin/users/${userId}/grant-vip`, body: { durationDays, adminNotes: 'not' } });

describe('Idempotency-Key per intent', () => {
  it('same submission -> same key; changed submission or after success -> new key', async () => {
    const { intent } = await load();
    let n = 0;
    const keys = new intent.IntentKey(() => `key-${++n}`);
    const first = keys.keyFor(grant('u1', 30));
    expect(keys.keyFor(grant('u1', 30))).toBe(first);
    // A different duration is a different request: the server would refuse the old key for it.
    const changed = keys.keyFor(grant('u1', 45));
    expect(changed).not.toBe(first);
    expect(keys.keyFor(grant('u2', 45))).not.toBe(changed);
    const retried = keys.keyFor(grant('u2', 45));
    keys.succeeded();
    expect(keys.keyFor(grant('u2', 45))).not.toBe(retried);
  });

  it('random keys are 32 hex characters, within the API limit of 8-100, and differ', async () => {
    const { intent } = await load();
    const a = intent.randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(intent.randomKey()).not.toBe(a);
  });

  it('postIntent sends the key; a failed attempt retried sends it again, across a token refresh; success retires it', async () => {
    const { intent } = await load();
    let answer: 'fail' | 'expired' | 'ok' = 'fail';
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, headers });
      if (url === '/api/auth/admin/refresh') return json(200, { success: true, data: { token: 't2', refreshToken: 'r2' } });
      if (answer === 'fail') return json(503, { success: false, message: 'Sunucu meşgul' });
      if (answer === 'expired' && headers.Authorization === 'Bearer t1') return json(401, { success: false, message: 'expired' });
      return json(200, { success: true, data: { ok: true }, message: 'VIP verildi' });
    });
    const keys = new intent.IntentKey();
    const { path, body } = grant('u1', 30);
    await expect(intent.postIntent(keys, path, body)).rejects.toThrow('Sunucu meşgul');
    answer = 'expired';
    const ok = await intent.postIntent(keys, path, body);
    expect(ok.message).toBe('VIP verildi');
    const sent = calls.filter((c) => c.url === `/api${path}`);
    expect(sent).toHaveLength(3);
    expect(sent.map((c) => c.headers['Idempotency-Key'])).toEqual(Array(3).fill(sent[0]!.headers['Idempotency-Key']));
    expect(sent[2]!.headers.Authorization).toBe('Bearer t2');
    // The extra header never replaces the session's own headers.
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');

    await intent.postIntent(keys, path, body);
    const last = calls.filter((c) => c.url === `/api${path}`).at(-1)!;
    expect(last.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('requests without options send no Idempotency-Key (backward compatible)', async () => {
    const { session } = await load();
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return json(200, { success: true, data: null });
    });
    await session.api.post('/x', { a: 1 });
    await session.request('DELETE', '/y', { reason: 'r' });
    expect(calls.map((c) => Object.keys(c.headers).sort())).toEqual([
      ['Accept', 'Authorization', 'Content-Type'],
      ['Accept', 'Authorization', 'Content-Type'],
    ]);
  });
});
