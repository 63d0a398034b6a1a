/**
 * A new tab joins the member session of an open tab (issue 50, "New tabs"): POST /api/auth/join
 * turns the open tab's refresh token into a session of the new tab's own, never longer than the
 * original and never sharing its token, so neither tab's refresh looks like a leak to the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../../functions/src/domain/identity/sessions.js';
import { addUser, loginMember } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BASE = new Date('2026-11-22T09:00:00Z');
const EXPIRED = 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.';
let ip = 0;

describe('POST /api/auth/join', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
  });
  afterAll(() => server.close());

  const signIn = async (rememberMe = false) => {
    const user = await addUser(server, { params: { logN: 10, r: 8, p: 1 } });
    return { user, session: await loginMember(server, user.email, user.password, { rememberMe, ip: `198.51.100.${++ip}` }) };
  };
  const record = async (refreshToken: string) => (await server.deps.store.get('refreshTokens', hashRefreshToken(refreshToken)))!;

  it('gives the new tab a session of its own that ends when the original does, and both tabs keep refreshing', async () => {
    const { user, session } = await signIn();
    const joined = await server.api('POST', '/api/auth/join', { body: { refreshToken: session.refreshToken } });
    expect(joined.status).toBe(200);
    expect(joined.body.data.user).toMatchObject({ id: user.id, email: user.email });
    expect(joined.body.data.refreshToken).not.toBe(session.refreshToken);
    const [original, copy] = [await record(session.refreshToken), await record(joined.body.data.refreshToken)];
    expect(copy.familyId).not.toBe(original.familyId);
    expect(copy).toMatchObject({ rememberMe: false, userId: user.id });
    expect((copy.expiresAt as Date).getTime()).toBe((original.expiresAt as Date).getTime());
    // The handed-over token was only read: the open tab can still refresh with it, and the new tab with its own.
    expect(original.usedAt).toBeNull();
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: joined.body.data.refreshToken } })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/profile', { token: joined.body.data.token })).body.data.id).toBe(user.id);
  });

  it('refuses a used, an unknown, a remembered or an ended token in Turkish, and starts nothing', async () => {
    const { session } = await signIn();
    const before = await server.deps.store.collection('refreshTokens').count();
    const rotated = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    const remembered = (await signIn(true)).session;
    const ended = (await signIn()).session;
    await server.api('POST', '/api/auth/logout', { token: ended.token, body: { refreshToken: ended.refreshToken } });
    const afterSetup = await server.deps.store.collection('refreshTokens').count();
    for (const refreshToken of [session.refreshToken, 'x'.repeat(43), remembered.refreshToken, ended.refreshToken]) {
      const res = await server.api('POST', '/api/auth/join', { body: { refreshToken } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(EXPIRED);
    }
    expect(await server.deps.store.collection('refreshTokens').count()).toBe(afterSetup);
    expect(afterSetup).toBeGreaterThan(before);
    // The rotated successor, unlike its used predecessor, still joins.
    expect((await server.api('POST', '/api/auth/join', { body: { refreshToken: rotated.body.data.refreshToken } })).status).toBe(200);
  });
});
