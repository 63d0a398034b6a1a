import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, loginMember, loginStaff } from '../../support/login.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let ip = 0;
const freshIp = () => `192.0.2.${++ip}`;

describe('finding 7: current-password checks are throttled per account like login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function fiveWrongThenRight(send: (password: string) => Promise<{ status: number; headers: Headers; body: { message: string } }>, right: string) {
    for (let i = 0; i < 5; i++) expect((await send(`yanlis-${i}`)).status).toBe(400);
    const blocked = await send(right);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Çok fazla hatalı şifre denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('POST /api/auth/change-password', async () => {
    const user = await addUser(server);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    await fiveWrongThenRight(
      (currentPassword) => server.api('POST', '/api/auth/change-password', { token, body: { currentPassword, newPassword: 'Yepyeni-2026', confirmPassword: 'Yepyeni-2026' } }),
      user.password,
    );
    // The window passes: the right password works again.
    server.setNow(new Date(Date.now() + 16 * 60_000));
    const fresh = await loginMember(server, user.email, user.password, { ip: freshIp() });
    const ok = await server.api('POST', '/api/auth/change-password', { token: fresh.token, body: { currentPassword: user.password, newPassword: 'Yepyeni-2026', confirmPassword: 'Yepyeni-2026' } });
    expect(ok.status).toBe(200);
    server.setNow(new Date());
  });

  it('the member e-mail change', async () => {
    const user = await addUser(server);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    await fiveWrongThenRight(
      (currentPassword) => server.api('PUT', '/api/auth/profile', { token, body: { firstName: 'A', lastName: 'B', email: 'baska@example.com', currentPassword } }),
      user.password,
    );
  });

  it('the staff profile password and e-mail checks share the account’s count', async () => {
    const staff = await addUser(server, { role: 'author' });
    const { token } = await loginStaff(server, staff.email, staff.password, { ip: freshIp() });
    for (let i = 0; i < 5; i++) {
      const res = await server.api('PUT', '/api/authors/profile/me/password', { token, body: { currentPassword: `yanlis-${i}`, newPassword: 'Yepyeni-2026', confirmPassword: 'Yepyeni-2026' } });
      expect(res.status).toBe(400);
    }
    const blocked = await server.api('PUT', '/api/authors/profile/me/email', { token, body: { email: 'yazar.baska@example.com', password: staff.password } });
    expect(blocked.status).toBe(429);
  });
});
