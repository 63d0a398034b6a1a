import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, loginMember, loginStaff } from '../../support/login.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let ip = 0;
const freshIp = () => `203.0.113.${++ip}`;

async function mailText(server: TestServer, to: string): Promise<string> {
  const mails = await server.deps.store.collection('mail').where('to', '==', to).get();
  return mails.map((m) => (m.message as { text: string }).text).join('\n');
}
const linkParam = (text: string, name: string) => decodeURIComponent(text.match(new RegExp(`[?&]${name}=([^\\s&"]+)`))![1]!);

describe('finding 2: a member e-mail change needs the password, the new mailbox and tells the old one', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  function profileBody(email: string, extra: Record<string, unknown> = {}) {
    return { firstName: 'Deniz', lastName: 'Yılmaz', email, ...extra };
  }

  it('refuses a new address without the current password, or with a wrong one, and changes nothing', async () => {
    const user = await addUser(server);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    const none = await server.api('PUT', '/api/auth/profile', { token, body: profileBody('saldirgan@example.com') });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('E-posta adresinizi değiştirmek için mevcut şifrenizi girin.');
    const wrong = await server.api('PUT', '/api/auth/profile', { token, body: profileBody('saldirgan@example.com', { currentPassword: 'yanlis-sifre' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Mevcut şifreniz hatalı.');
    expect((await server.deps.store.get('users', user.id))!.email).toBe(user.email);
    expect(await mailText(server, 'saldirgan@example.com')).toBe('');
    const other = await addUser(server);
    const taken = await server.api('PUT', '/api/auth/profile', { token, body: profileBody(other.email, { currentPassword: user.password }) });
    expect(taken.status).toBe(409);
  });

  it('keeps the old address until the link mailed to the new one is opened; a reset to the new address finds no account before that', async () => {
    const user = await addUser(server);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    const res = await server.api('PUT', '/api/auth/profile', { token, body: profileBody('Yeni.Uye@Example.com', { currentPassword: user.password }) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: user.email, pendingEmail: 'yeni.uye@example.com' });
    expect(res.body.message).toContain('onay bağlantısı');
    expect((await server.deps.store.get('users', user.id))!.email).toBe(user.email);

    // The takeover path of the review: a reset mail to the new address must not reach the account.
    await server.api('POST', '/api/auth/password-reset', { body: { email: 'yeni.uye@example.com' }, headers: { 'X-Forwarded-For': freshIp() } });
    expect(await mailText(server, 'yeni.uye@example.com')).not.toContain('sifre-sifirla');

    const toOld = await mailText(server, user.email);
    expect(toOld).toContain('yeni.uye@example.com');
    expect(toOld).toContain('/eposta-degisikligi?iptal=');
    const confirm = linkParam(await mailText(server, 'yeni.uye@example.com'), 'token');
    const ok = await server.api('POST', '/api/auth/email-change/confirm', { body: { token: confirm } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('E-posta adresiniz değiştirildi.');
    expect((await server.deps.store.get('users', user.id))!).toMatchObject({ email: 'yeni.uye@example.com', isEmailVerified: true });
    expect((await server.api('POST', '/api/auth/email-change/confirm', { body: { token: confirm } })).status).toBe(400);
    await loginMember(server, 'yeni.uye@example.com', user.password, { ip: freshIp() });
  });

  it('"this was not me" from the old address undoes the change and ends every session', async () => {
    const user = await addUser(server);
    const session = await loginMember(server, user.email, user.password, { ip: freshIp() });
    await server.api('PUT', '/api/auth/profile', { token: session.token, body: profileBody('ele.gecirme@example.com', { currentPassword: user.password }) });
    const confirm = linkParam(await mailText(server, 'ele.gecirme@example.com'), 'token');
    await server.api('POST', '/api/auth/email-change/confirm', { body: { token: confirm } });
    expect((await server.deps.store.get('users', user.id))!.email).toBe('ele.gecirme@example.com');

    const cancel = linkParam(await mailText(server, user.email), 'iptal');
    const res = await server.api('POST', '/api/auth/email-change/cancel', { body: { token: cancel } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('iptal edildi');
    expect((await server.deps.store.get('users', user.id))!.email).toBe(user.email);
    expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    expect((await server.api('POST', '/api/auth/email-change/cancel', { body: { token: cancel } })).status).toBe(400);
    expect((await server.api('POST', '/api/auth/email-change/cancel', { body: { token: 'x'.repeat(40) } })).status).toBe(400);
  });

  it('a pending change cancelled before it is confirmed never happens', async () => {
    const user = await addUser(server);
    const { token } = await loginMember(server, user.email, user.password, { ip: freshIp() });
    await server.api('PUT', '/api/auth/profile', { token, body: profileBody('bekleyen@example.com', { currentPassword: user.password }) });
    await server.api('POST', '/api/auth/email-change/cancel', { body: { token: linkParam(await mailText(server, user.email), 'iptal') } });
    const confirm = linkParam(await mailText(server, 'bekleyen@example.com'), 'token');
    expect((await server.api('POST', '/api/auth/email-change/confirm', { body: { token: confirm } })).status).toBe(400);
    expect((await server.deps.store.get('users', user.id))!.email).toBe(user.email);
  });

  it('staff: the old address gets the same undo link', async () => {
    const staff = await addUser(server, { role: 'author' });
    const session = await loginStaff(server, staff.email, staff.password, { ip: freshIp() });
    const res = await server.api('PUT', '/api/authors/profile/me/email', { token: session.token, body: { email: 'yazar.yeni@example.com', password: staff.password } });
    expect(res.status).toBe(200);
    const cancel = linkParam(await mailText(server, staff.email), 'iptal');
    expect((await server.api('POST', '/api/auth/email-change/cancel', { body: { token: cancel } })).status).toBe(200);
    expect((await server.deps.store.get('users', staff.id))!.email).toBe(staff.email);
    expect((await server.api('POST', '/api/auth/admin/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
  });
});
