/**
 * The Idempotency-Key lifecycle of the staff panel's VIP actions (src/admin/ui/intent-key.ts) and the
 * session client's extra headers, with fake storages and a fake fetch: one key per intent, the same
 * key for a double submit and for a retry of the same submission (also across a token refresh), a new
 * key for a changed submission (another route, another row, another body) and after a success.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientResponse } from 'hono/client';
import type { ApiRoutesClient, RoutePick } from '../../src/lib/api-client';
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

const grant = (userId: string, durationDays: number) => ({ method: 'POST', path: `/users/admin/users/${userId}/grant-vip`, body: { durationDays, adminNotes: 'not' } });

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
    // The same path and body under another method is another request.
    const posted = keys.keyFor(grant('u3', 30));
    expect(keys.keyFor({ ...grant('u3', 30), method: 'PUT' })).not.toBe(posted);
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
    const grantU1 = (r: ApiRoutesClient) => r.users.admin.users[':userId']['grant-vip'].$post({ param: { userId: 'u1' } });
    await expect(intent.postIntent(keys, grantU1, body)).rejects.toThrow('Sunucu meşgul');
    answer = 'expired';
    const ok = await intent.postIntent(keys, grantU1, body);
    expect(ok.message).toBe('VIP verildi');
    const sent = calls.filter((c) => c.url === `/api${path}`);
    expect(sent).toHaveLength(3);
    expect(sent.map((c) => c.headers['Idempotency-Key'])).toEqual(Array(3).fill(sent[0]!.headers['Idempotency-Key']));
    expect(sent[2]!.headers.Authorization).toBe('Bearer t2');
    // The extra header never replaces the session's own headers.
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');

    await intent.postIntent(keys, grantU1, body);
    const last = calls.filter((c) => c.url === `/api${path}`).at(-1)!;
    expect(last.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('postIntent fingerprints the request as sent: another row, body or route is another key; a resend is not', async () => {
    const { intent } = await load();
    const sent: { url: string; key: string | undefined }[] = [];
    let fail = true;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      return fail ? json(503, { success: false, message: 'Sunucu meşgul' }) : json(200, { success: true, data: null });
    });
    const keys = new intent.IntentKey();
    const grantTo = (userId: string) => (r: ApiRoutesClient) => r.users.admin.users[':userId']['grant-vip'].$post({ param: { userId } });
    const approve = (r: ApiRoutesClient) => r.users.admin['vip-requests'][':id'].approve.$post({ param: { id: 'u1' } });
    const attempt = <R extends ClientResponse<unknown, number, 'json'>>(pick: RoutePick<R>, body: unknown) => intent.postIntent(keys, pick, body).catch(() => undefined);
    await attempt(grantTo('u1'), { durationDays: 30 });
    await attempt(grantTo('u1'), { durationDays: 30 });
    await attempt(grantTo('u2'), { durationDays: 30 });
    await attempt(grantTo('u2'), { durationDays: 45 });
    await attempt(approve, { durationDays: 45 });
    expect(sent.map((s) => s.url)).toEqual([
      '/api/users/admin/users/u1/grant-vip',
      '/api/users/admin/users/u1/grant-vip',
      '/api/users/admin/users/u2/grant-vip',
      '/api/users/admin/users/u2/grant-vip',
      '/api/users/admin/vip-requests/u1/approve',
    ]);
    const [first, resend, otherRow, otherBody, otherRoute] = sent.map((s) => s.key);
    expect(resend).toBe(first);
    expect(new Set([first, otherRow, otherBody, otherRoute]).size).toBe(4);
    // The staff client sends `{}` for a write without a body: the same request as `{}`, so the same key.
    await attempt(approve, undefined);
    await attempt(approve, {});
    expect(sent.at(-1)!.key).toBe(sent.at(-2)!.key);
    expect(sent.at(-1)!.key).not.toBe(otherRoute);
    fail = false;
    await intent.postIntent(keys, approve, {});
    await intent.postIntent(keys, approve, {});
    // After a success the same submission is a new intent.
    expect(sent.at(-1)!.key).not.toBe(sent.at(-2)!.key);
  });

  it('requests without options send no Idempotency-Key (backward compatible)', async () => {
    const { session } = await load();
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return json(200, { success: true, data: null });
    });
    await session.api.call((r) => r.users.admin.users[':userId']['cancel-vip'].$post({ param: { userId: 'u1' } }), { body: { a: 1 } });
    await session.api.call((r) => r.auth.admin.users[':id']['soft-delete'].$delete({ param: { id: 'u1' } }), { body: { reason: 'r' } });
    expect(calls.map((c) => Object.keys(c.headers).sort())).toEqual([
      ['Accept', 'Authorization', 'Content-Type'],
      ['Accept', 'Authorization', 'Content-Type'],
    ]);
  });
});
