import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { CURRENT_SCRYPT_PARAMS, hashParams, passwordHashing, scryptMemoryBytes, TEST_SCRYPT_PARAMS, verifyPassword } from '../../functions/src/domain/identity/password.js';
import { loadConfig } from '../../functions/src/platform/config.js';
import { hashRefreshToken } from '../../functions/src/domain/identity/sessions.js';
import { addUser, loginMember, loginStaff } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const BASE = new Date('2026-11-22T09:00:00Z');
let ipCounter = 0;
/** Each test gets its own client address so the per-IP login throttle of one test never leaks into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe('identity: passwords, sessions, tokens, throttling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
  });
  afterAll(() => server.close());

  /** The rest of the suite hashes at the test cost (AppConfig.passwordCost); these cases run production's. */
  function atProductionCost() {
    server.deps.config.passwordCost = CURRENT_SCRYPT_PARAMS;
    return () => {
      server.deps.config.passwordCost = TEST_SCRYPT_PARAMS;
    };
  }

  it('hashes at production cost everywhere but in test mode', () => {
    for (const mode of ['production', 'development'] as const) {
      expect(loadConfig({ GANYAN_ENV: mode, JWT_SECRET: 'x'.repeat(32), GANYAN_DATA_DIR: server.dataDir }).passwordCost).toEqual({ logN: 15, r: 8, p: 3 });
    }
    expect(loadConfig({ GANYAN_ENV: 'test', GANYAN_DATA_DIR: server.dataDir }).passwordCost).toEqual(TEST_SCRYPT_PARAMS);
  });

  it('stores scrypt N=2^15, r=8, p=3 (OWASP, 32 MiB a hash) with a 16-byte salt, never the password', async () => {
    onTestFinished(atProductionCost());
    // OWASP's rows trade memory for passes at the same strength; this one needs a quarter of 2^17's memory.
    expect(scryptMemoryBytes(CURRENT_SCRYPT_PARAMS)).toBeLessThan(33 * 1024 * 1024);
    const user = await addUser(server, { password: 'Gizli-Sifre-1' });
    const stored = (await server.deps.store.get('users', user.id))!.passwordHash as string;
    expect(stored).toMatch(/^scrypt\$15\$8\$3\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(Buffer.from(stored.split('$')[4]!, 'base64url')).toHaveLength(16);
    expect(stored).not.toContain('Gizli-Sifre-1');
  });

  it('re-hashes at login when the stored parameters are weaker than today’s', async () => {
    onTestFinished(atProductionCost());
    const user = await addUser(server, { params: { logN: 14, r: 8, p: 1 } });
    expect(hashParams(((await server.deps.store.get('users', user.id))!.passwordHash as string))).toEqual({ logN: 14, r: 8, p: 1 });
    await loginMember(server, user.email, user.password, { ip: freshIp() });
    const after = (await server.deps.store.get('users', user.id))!.passwordHash as string;
    expect(hashParams(after)).toEqual({ logN: 15, r: 8, p: 3 });
    // The upgraded hash still verifies the same password.
    await loginMember(server, user.email, user.password, { ip: freshIp() });
  });

  it('verifies a hash of the old 2^17 format and replaces it at the next sign-in, once', async () => {
    onTestFinished(atProductionCost());
    const user = await addUser(server, { params: { logN: 17, r: 8, p: 1 } });
    const legacy = (await server.deps.store.get('users', user.id))!.passwordHash as string;
    expect(legacy).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword(user.password, legacy)).toBe(true);
    expect(await verifyPassword('Yanlis-Sifre-9', legacy)).toBe(false);
    // A wrong password changes nothing.
    expect((await server.api('POST', '/api/auth/login', { body: { email: user.email, password: 'Yanlis-Sifre-9' }, headers: { 'X-Forwarded-For': freshIp() } })).status).toBe(401);
    expect((await server.deps.store.get('users', user.id))!.passwordHash).toBe(legacy);
    await loginMember(server, user.email, user.password, { ip: freshIp() });
    const upgraded = (await server.deps.store.get('users', user.id))!.passwordHash as string;
    expect(hashParams(upgraded)).toEqual({ logN: 15, r: 8, p: 3 });
    await loginMember(server, user.email, user.password, { ip: freshIp() });
    expect((await server.deps.store.get('users', user.id))!.passwordHash).toBe(upgraded);
  });

  it('50 sign-ins at once all succeed with never more hashes running than the queue allows', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => addUser(server)));
    const before = passwordHashing.stats().peakRunning;
    const answers = await Promise.all(
      users.map((user) => server.api('POST', '/api/auth/login', { body: { email: user.email, password: user.password }, headers: { 'X-Forwarded-For': freshIp() } })),
    );
    expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
    const { peakRunning, running, waiting } = passwordHashing.stats();
    expect(Math.max(before, peakRunning)).toBeLessThanOrEqual(passwordHashing.limits.maxRunning);
    expect({ running, waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('rotates refresh tokens, keeps only their hashes, and revokes the family when a used one comes back', async () => {
    const user = await addUser(server);
    const first = await loginMember(server, user.email, user.password, { ip: freshIp() });
    const stored = await server.deps.store.get('refreshTokens', hashRefreshToken(first.refreshToken));
    expect(stored).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(first.refreshToken);
    expect(Buffer.from(first.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const rotated = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.refreshToken as string;
    expect(second).not.toBe(first.refreshToken);
    expect(rotated.body.data.token).toBeTruthy();

    // The old one is spent: presenting it again is treated as theft.
    const replay = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    // ...and the legitimate successor is revoked with its family.
    const successor = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: second } });
    expect(successor.status).toBe(401);
    expect(successor.body.success).toBe(false);
  });

  it('never extends a session’s absolute lifetime by rotating (12 h without remember-me, 30 days with)', async () => {
    const user = await addUser(server);
    server.setNow(BASE);
    const session = await loginMember(server, user.email, user.password, { ip: freshIp() });
    let token = session.refreshToken;
    for (const hours of [4, 8, 11.9]) {
      server.setNow(new Date(BASE.getTime() + hours * HOUR));
      const res = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: token } });
      expect(res.status).toBe(200);
      token = res.body.data.refreshToken;
    }
    server.setNow(new Date(BASE.getTime() + 12.1 * HOUR));
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: token } })).status).toBe(401);

    server.setNow(BASE);
    const remembered = await loginMember(server, user.email, user.password, { ip: freshIp(), rememberMe: true });
    server.setNow(new Date(BASE.getTime() + 29 * 24 * HOUR));
    const late = await server.api('POST', '/api/auth/refresh', { body: { refreshToken: remembered.refreshToken } });
    expect(late.status).toBe(200);
    server.setNow(new Date(BASE.getTime() + 30 * 24 * HOUR + 60_000));
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: late.body.data.refreshToken } })).status).toBe(401);
    server.setNow(BASE);
  });

  it('gives staff 12-hour sessions on their own refresh endpoint, never the member one', async () => {
    const admin = await addUser(server, { role: 'admin' });
    server.setNow(BASE);
    const staff = await loginStaff(server, admin.email, admin.password, { ip: freshIp(), rememberMe: true });
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: staff.refreshToken } })).status).toBe(401);
    const ok = await server.api('POST', '/api/auth/admin/refresh', { body: { refreshToken: staff.refreshToken } });
    expect(ok.status).toBe(200);
    server.setNow(new Date(BASE.getTime() + 12 * HOUR + 60_000));
    expect((await server.api('POST', '/api/auth/admin/refresh', { body: { refreshToken: ok.body.data.refreshToken } })).status).toBe(401);
    server.setNow(BASE);
  });

  it('refuses expired, wrong-audience, alg:none and tampered access tokens', async () => {
    const user = await addUser(server);
    server.setNow(BASE);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    expect((await server.api('GET', '/api/auth/profile', { token })).status).toBe(200);

    server.setNow(new Date(BASE.getTime() + 16 * 60_000));
    expect((await server.api('GET', '/api/auth/profile', { token })).status).toBe(401);
    server.setNow(BASE);

    const secret = new TextEncoder().encode(server.deps.config.jwtSecret);
    const foreignAudience = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('ganyan')
      .setAudience('ganyan:other')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    expect((await server.api('GET', '/api/auth/profile', { token: foreignAudience })).status).toBe(401);

    // A member holding a staff-audience token is not staff: the role is read from the store.
    const staffAudienceForMember = await signAccessToken(server.deps.config.jwtSecret, { userId: user.id, audience: 'staff', sessionId: 's' }, BASE);
    expect((await server.api('GET', '/api/auth/profile', { token: staffAudienceForMember })).status).toBe(401);
    // A member token never opens staff endpoints.
    expect((await server.api('GET', '/api/auth/admin/badges', { token })).status).toBe(403);

    const [header, payload] = token.split('.');
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await server.api('GET', '/api/auth/profile', { token: none })).status).toBe(401);

    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, sub: 'u-admin' })}.${token.split('.')[2]}`;
    expect((await server.api('GET', '/api/auth/profile', { token: tampered })).status).toBe(401);
  });

  it('throttles an account after 5 failures with 429, Retry-After and the spec text, even for the right password', async () => {
    const user = await addUser(server);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await server.api('POST', '/api/auth/login', { body: { email: user.email, password: 'yanlis-sifre' }, headers: { 'X-Forwarded-For': ip } });
      expect(res.status).toBe(401);
    }
    const locked = await server.api('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'X-Forwarded-For': freshIp() },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Çok fazla giriş denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // After the window the right password works again.
    server.setNow(new Date(BASE.getTime() + 16 * 60_000));
    await loginMember(server, user.email, user.password, { ip: freshIp() });
    server.setNow(BASE);
  });

  it('counts parallel guesses atomically: only 5 of 30 simultaneous attempts on one account are tried', async () => {
    const user = await addUser(server);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.api('POST', '/api/auth/login', { body: { email: user.email, password: 'tahmin' }, headers: { 'X-Forwarded-For': freshIp() } }),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25);
  }, 120_000);

  it('throttles one address after 20 failures across accounts; staff login shares it', async () => {
    const ip = freshIp();
    // Concurrent, as an attacker would send them: every failure must still be counted.
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.api('POST', '/api/auth/login', { body: { email: `yok${i}@example.com`, password: 'x' }, headers: { 'X-Forwarded-For': ip } }),
      ),
    );
    expect(attempts.map((r) => r.status)).toEqual(Array(20).fill(401));
    const blocked = await server.api('POST', '/api/auth/admin/login', { body: { email: 'baska@example.com', password: 'x' }, headers: { 'X-Forwarded-For': ip } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // Another address is unaffected.
    const other = await server.api('POST', '/api/auth/login', { body: { email: 'yok@example.com', password: 'x' }, headers: { 'X-Forwarded-For': freshIp() } });
    expect(other.status).toBe(401);
  }, 120_000);

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await addUser(server);
    const known = await server.api('POST', '/api/auth/login', { body: { email: user.email, password: 'yanlis' }, headers: { 'X-Forwarded-For': freshIp() } });
    const unknown = await server.api('POST', '/api/auth/login', { body: { email: 'kimse@example.com', password: 'yanlis' }, headers: { 'X-Forwarded-For': freshIp() } });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe('Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyiniz.');

    const staffKnown = await server.api('POST', '/api/auth/admin/login', { body: { email: user.email, password: user.password }, headers: { 'X-Forwarded-For': freshIp() } });
    const staffUnknown = await server.api('POST', '/api/auth/admin/login', { body: { email: 'kimse@example.com', password: 'x' }, headers: { 'X-Forwarded-For': freshIp() } });
    // A member's correct password does not open the staff panel, and says nothing more than an unknown address.
    expect(staffKnown.status).toBe(401);
    expect(staffKnown.body).toEqual(staffUnknown.body);
    expect(staffKnown.body.message).toBe('Geçersiz email veya şifre');
  });

  it('staff login works for authors and admins and returns the staff user', async () => {
    const author = await addUser(server, { role: 'author' });
    const res = await loginStaff(server, author.email, author.password, { ip: freshIp() });
    expect(res.user.role).toBe('author');
    expect(res).toHaveProperty('expiresIn', 900);
  });

  it('logout revokes the session’s refresh token', async () => {
    const user = await addUser(server);
    const session = await loginMember(server, user.email, user.password, { ip: freshIp() });
    const out = await server.api('POST', '/api/auth/logout', { token: session.token, body: { refreshToken: session.refreshToken } });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Başarıyla çıkış yaptınız');
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    // The access token issued to that session stops working at once, not after its 15 minutes.
    expect((await server.api('GET', '/api/auth/profile', { token: session.token })).status).toBe(401);
  });

  it('refuses bad login bodies with Turkish 400s', async () => {
    const empty = await server.api('POST', '/api/auth/login', { body: { email: '', password: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Lütfen e-posta adresinizi girin');
    const noPassword = await server.api('POST', '/api/auth/login', { body: { email: 'a@b.co', password: '' } });
    expect(noPassword.body.message).toBe('Lütfen şifrenizi girin');
    const extra = await server.api('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x', role: 'admin' } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/Bilinmeyen alan: role/);
    const junk = await server.api('POST', '/api/auth/login', { body: '{not json' });
    expect(junk.status).toBe(400);
  });
});
