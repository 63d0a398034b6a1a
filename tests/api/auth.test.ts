import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts.js';
import { addUser, loginMember, loginStaff } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { photo } from '../support/uploads.js';

const BASE = new Date('2026-11-22T09:00:00Z');
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const validRegistration = (n: string) => ({
  firstName: 'Ayşe',
  lastName: 'Işıkçı',
  phone: '0532 123 45 67',
  birthDay: '09',
  birthMonth: '04',
  birthYear: '1991',
  email: `Ayse.${n}@Example.com`,
  username: `ayse_${n}`,
  password: 'gizli123',
  confirmPassword: 'gizli123',
  agreeToTerms: true,
});

async function count(server: TestServer, collection: string) {
  return server.deps.store.collection(collection).count();
}

async function mailsTo(server: TestServer, to: string) {
  return server.deps.store.collection('mail').where('to', '==', to).get();
}

describe('account API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: BASE });
  });
  afterAll(() => server.close());

  describe('POST /api/auth/register', () => {
    it('creates a member, signs them in and never stores the password', async () => {
      const res = await server.api('POST', '/api/auth/register', { body: validRegistration('a1'), headers: { 'X-Forwarded-For': freshIp() } });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Üyeliğiniz başarıyla oluşturuldu! Giriş yapabilirsiniz.');
      const { token, refreshToken, user } = res.body.data;
      expect(token).toBeTruthy();
      expect(refreshToken).toBeTruthy();
      expect(user).toMatchObject({ email: 'ayse.a1@example.com', firstName: 'Ayşe', lastName: 'Işıkçı', phone: '+905321234567', role: 'user', isVip: false });
      expect(user).not.toHaveProperty('passwordHash');
      expect(new Date(user.birthDate).toISOString()).toBe('1991-04-09T00:00:00.000Z');
      const profile = await server.api('GET', '/api/auth/profile', { token });
      expect(profile.body.data.id).toBe(user.id);
      // A fresh registration is a per-session login: its refresh family ends within 12 hours.
      const stored = (await server.deps.store.collection('refreshTokens').where('userId', '==', user.id).get())[0]!;
      expect((stored.expiresAt as Date).getTime() - BASE.getTime()).toBe(12 * 3_600_000);
    });

    it('refuses anyone under 18 with a Turkish message and stores nothing; 18 today is enough', async () => {
      // BASE is 22.11.2026: born 23.11.2008 is a day short of 18, born 22.11.2008 turns 18 today.
      const before = await count(server, 'users');
      for (const birth of [{ birthDay: '01', birthMonth: '01', birthYear: '2013' }, { birthDay: '23', birthMonth: '11', birthYear: '2008' }]) {
        const res = await server.api('POST', '/api/auth/register', { body: { ...validRegistration('minor'), ...birth }, headers: { 'X-Forwarded-For': freshIp() } });
        expect(res.status, JSON.stringify(birth)).toBe(400);
        expect(res.body.message).toBe('Üye olabilmek için 18 yaşını doldurmuş olmanız gerekir.');
      }
      expect(await count(server, 'users')).toBe(before);
      const adult = await server.api('POST', '/api/auth/register', {
        body: { ...validRegistration('adult'), birthDay: '22', birthMonth: '11', birthYear: '2008' },
        headers: { 'X-Forwarded-For': freshIp() },
      });
      expect(adult.status).toBe(201);
    });

    it('checks the fields in the spec’s order with its messages, and stores nothing', async () => {
      const before = await count(server, 'users');
      const cases: [Record<string, unknown>, string][] = [
        [{ firstName: '  ' }, 'Lütfen tüm gerekli alanları doldurun'],
        [{ phone: '12345' }, 'Geçerli bir telefon numarası girin'],
        [{ phone: '12345', email: 'bozuk' }, 'Geçerli bir telefon numarası girin'],
        [{ birthDay: '31', birthMonth: '02' }, 'Lütfen geçerli bir doğum tarihi seçin'],
        [{ birthYear: '1900' }, 'Lütfen geçerli bir doğum tarihi seçin'],
        [{ email: 'bozuk' }, 'Geçerli bir e-posta adresi girin'],
        [{ password: '123', confirmPassword: '123' }, 'Şifre en az 6 karakter olmalıdır'],
        [{ confirmPassword: 'baska123' }, 'Şifreler eşleşmiyor'],
        [{ confirmPassword: 'baska123', agreeToTerms: false }, 'Şifreler eşleşmiyor'],
        [{ agreeToTerms: false }, 'Kullanıcı sözleşmesini kabul etmelisiniz'],
        [{ role: 'admin' }, 'Bilinmeyen alan: role'],
      ];
      for (const [patch, message] of cases) {
        const res = await server.api('POST', '/api/auth/register', { body: { ...validRegistration('bad'), ...patch }, headers: { 'X-Forwarded-For': freshIp() } });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(res.body.message, JSON.stringify(patch)).toBe(message);
      }
      expect(await count(server, 'users')).toBe(before);
    });

    it('answers a taken e-mail and a taken username with the same text, and tells the address owner', async () => {
      const first = await server.api('POST', '/api/auth/register', { body: validRegistration('dup'), headers: { 'X-Forwarded-For': freshIp() } });
      expect(first.status).toBe(201);
      const before = await count(server, 'users');
      const sameEmail = await server.api('POST', '/api/auth/register', {
        body: { ...validRegistration('dup'), username: 'baskabiri' },
        headers: { 'X-Forwarded-For': freshIp() },
      });
      const sameUsername = await server.api('POST', '/api/auth/register', {
        body: { ...validRegistration('dup'), email: 'yepyeni@example.com' },
        headers: { 'X-Forwarded-For': freshIp() },
      });
      expect(sameEmail.status).toBe(409);
      expect(sameUsername.status).toBe(409);
      expect(sameEmail.body).toEqual(sameUsername.body);
      expect(await count(server, 'users')).toBe(before);
      const mails = await mailsTo(server, 'ayse.dup@example.com');
      expect(mails.some((m) => String((m.message as { subject: string }).subject).includes('kayıt denemesi'))).toBe(true);
    });
  });

  describe('POST /api/auth/register under concurrency', () => {
    it('creates one account when the same address signs up several times at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          server.api('POST', '/api/auth/register', {
            body: { ...validRegistration('race'), username: `race_${i}` },
            headers: { 'X-Forwarded-For': freshIp() },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(await server.deps.store.collection('users').where('email', '==', 'ayse.race@example.com').count()).toBe(1);
    });
  });

  describe('profile', () => {
    it('lets a member change only their own editable fields', async () => {
      const member = await createAccount(server);
      const other = await createAccount(server);
      const res = await server.api('PUT', '/api/auth/profile', {
        token: member.token,
        body: { firstName: ' Çağla ', lastName: 'Öztürk', email: member.email, phone: '+90 555 111 22 33' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ firstName: 'Çağla', lastName: 'Öztürk', email: member.email, phone: '+905551112233' });
      const stored = await server.deps.store.get('users', member.id);
      expect(stored).toMatchObject({ firstName: 'Çağla' });
      // A new e-mail address has its own flow (password, link to the new mailbox): tests/api/security/email-change.test.ts.
      // The other account is untouched.
      expect(await server.deps.store.get('users', other.id)).toMatchObject({ firstName: 'Test' });
    });

    it('refuses role, VIP, status and birth date changes, and leaves the record unchanged', async () => {
      const member = await createAccount(server);
      const before = await server.deps.store.get('users', member.id);
      for (const field of [{ role: 'admin' }, { vip: { status: 'active' } }, { status: 'inactive' }, { birthDate: '2000-01-01' }]) {
        const res = await server.api('PUT', '/api/auth/profile', {
          token: member.token,
          body: { firstName: 'X', lastName: 'Y', email: member.email, ...field },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^Bilinmeyen alan/);
      }
      expect(await server.deps.store.get('users', member.id)).toEqual(before);
    });

    it('validates with the spec’s texts, refuses a taken e-mail and a foreign avatar URL', async () => {
      const member = await createAccount(server);
      const other = await createAccount(server);
      const missing = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: '', lastName: 'Y', email: member.email } });
      expect(missing.body.message).toBe('Lütfen ad, soyad ve e-posta alanlarını doldurun!');
      const badEmail = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'A', lastName: 'B', email: 'x@' } });
      expect(badEmail.body.message).toBe('Geçerli bir e-posta adresi girin');
      // Whether an address is taken is told only to whoever knows the password (email-change.test.ts).
      const taken = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'A', lastName: 'B', email: other.email } });
      expect(taken.status).toBe(400);
      const avatar = await server.api('PUT', '/api/auth/profile', {
        token: member.token,
        body: { firstName: 'A', lastName: 'B', email: member.email, avatar: 'https://evil.example.com/a.png' },
      });
      expect(avatar.status).toBe(400);
      // Through the real upload flow: grant, PUT the file, finalize, then save the URL on the profile.
      const png = await photo(400, 400, 'png');
      const grant = await server.api('POST', '/api/uploads', { token: member.token, body: { purpose: 'avatar', contentType: 'image/png', size: png.length, name: 'foto.png' } });
      expect(grant.status).toBe(201);
      await fetch(grant.body.data.url, { method: 'PUT', headers: grant.body.data.headers, body: new Uint8Array(png) });
      const done = await server.api('POST', `/api/uploads/${grant.body.data.uploadId}/finalize`, { token: member.token });
      const own: string = done.body.data.url;
      // Someone else's finished avatar is not the caller's to use.
      const stolen = await server.api('PUT', '/api/auth/profile', { token: other.token, body: { firstName: 'A', lastName: 'B', email: other.email, avatar: own } });
      expect(stolen.status).toBe(400);
      const okAvatar = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'A', lastName: 'B', email: member.email, avatar: own } });
      expect(okAvatar.status).toBe(200);
      // The profile keeps the photo's small square copy, which every comment of theirs shows.
      expect(okAvatar.body.data.avatar).toBe(own.replace(/\.png$/, '-192w.webp'));
      const again = await server.api('PUT', '/api/auth/profile', { token: member.token, body: { firstName: 'A', lastName: 'B', email: member.email, avatar: okAvatar.body.data.avatar } });
      expect([again.status, again.body.data.avatar]).toEqual([200, okAvatar.body.data.avatar]);
    });

    it('needs a session', async () => {
      expect((await server.api('GET', '/api/auth/profile')).status).toBe(401);
      expect((await server.api('PUT', '/api/auth/profile', { body: { firstName: 'a', lastName: 'b', email: 'a@b.co' } })).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers known and unknown addresses the same and mails a 24-hour single-use link', async () => {
      const user = await addUser(server);
      const known = await server.api('POST', '/api/auth/password-reset', { body: { email: user.email.toUpperCase() }, headers: { 'X-Forwarded-For': freshIp() } });
      const unknown = await server.api('POST', '/api/auth/password-reset', { body: { email: 'yok-boyle@example.com' }, headers: { 'X-Forwarded-For': freshIp() } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(await mailsTo(server, 'yok-boyle@example.com')).toHaveLength(0);
      const [mail] = await mailsTo(server, user.email);
      const text = (mail!.message as { text: string }).text;
      const link = text.match(/(http\S+\/sifre-sifirla\?token=\S+)/)![1]!;
      expect(link.startsWith(`${server.baseUrl}/sifre-sifirla?token=`)).toBe(true);
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);

      // An open session is ended by the reset.
      const session = await loginMember(server, user.email, user.password, { ip: freshIp() });

      const short = await server.api('POST', '/api/auth/password-reset/confirm', { body: { token, newPassword: '12345' } });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Şifre en az 6 karakter olmalıdır');

      const done = await server.api('POST', '/api/auth/password-reset/confirm', { body: { token, newPassword: 'yeniSifre9' } });
      expect(done.status).toBe(200);
      expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
      await loginMember(server, user.email, 'yeniSifre9', { ip: freshIp() });

      const reused = await server.api('POST', '/api/auth/password-reset/confirm', { body: { token, newPassword: 'baskaSifre1' } });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.');
    });

    it('refuses an expired token and changes nothing', async () => {
      const user = await addUser(server);
      server.setNow(BASE);
      await server.api('POST', '/api/auth/password-reset', { body: { email: user.email }, headers: { 'X-Forwarded-For': freshIp() } });
      const [mail] = await mailsTo(server, user.email);
      const token = decodeURIComponent((mail!.message as { text: string }).text.match(/token=(\S+)/)![1]!);
      const hashBefore = (await server.deps.store.get('users', user.id))!.passwordHash;
      server.setNow(new Date(BASE.getTime() + 24 * 3_600_000 + 1000));
      const res = await server.api('POST', '/api/auth/password-reset/confirm', { body: { token, newPassword: 'yeniSifre9' } });
      server.setNow(BASE);
      expect(res.status).toBe(400);
      expect((await server.deps.store.get('users', user.id))!.passwordHash).toBe(hashBefore);
    });

    it('rate-limits requests for one address', async () => {
      const email = 'sik-sik@example.com';
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await server.api('POST', '/api/auth/password-reset', { body: { email }, headers: { 'X-Forwarded-For': freshIp() } }));
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[3]!.status).toBe(429);
      expect(answers[3]!.headers.get('retry-after')).toBeTruthy();
    });

    it('refuses an address without @', async () => {
      const res = await server.api('POST', '/api/auth/password-reset', { body: { email: 'adres' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Lütfen geçerli bir e-posta adresi girin');
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('needs the current password and ends every other session, not this one', async () => {
      const user = await addUser(server);
      const mine = await loginMember(server, user.email, user.password, { ip: freshIp() });
      const other = await loginMember(server, user.email, user.password, { ip: freshIp() });

      const wrong = await server.api('POST', '/api/auth/change-password', { token: mine.token, body: { currentPassword: 'yanlis', newPassword: 'yeniSifre9' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Mevcut şifreniz hatalı.');
      const mismatch = await server.api('POST', '/api/auth/change-password', {
        token: mine.token,
        body: { currentPassword: user.password, newPassword: 'yeniSifre9', confirmPassword: 'baska' },
      });
      expect(mismatch.body.message).toBe('Yeni şifreler eşleşmiyor!');

      const ok = await server.api('POST', '/api/auth/change-password', { token: mine.token, body: { currentPassword: user.password, newPassword: 'yeniSifre9' } });
      expect(ok.status).toBe(200);
      expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(401);
      expect((await server.api('POST', '/api/auth/refresh', { body: { refreshToken: mine.refreshToken } })).status).toBe(200);
      const old = await server.api('POST', '/api/auth/login', { body: { email: user.email, password: user.password }, headers: { 'X-Forwarded-For': freshIp() } });
      expect(old.status).toBe(401);
    });
  });

  describe('GET /api/auth/me/export', () => {
    it('downloads the member’s own data only', async () => {
      const member = await createAccount(server);
      const other = await createAccount(server);
      const now = server.deps.now();
      await server.deps.store.set('comments', 'c-mine', { authorId: member.id, articleId: 'a1', content: 'Benim yorumum', status: 'approved', createdAt: now });
      await server.deps.store.set('comments', 'c-other', { authorId: other.id, articleId: 'a1', content: 'Başkasının', status: 'approved', createdAt: now });
      await server.deps.store.set('articleLikes', `a1_${member.id}`, { userId: member.id, articleId: 'a1', createdAt: now });
      await server.api('POST', '/api/users/request-vip', { token: member.token, body: {} });

      const res = await server.api('GET', '/api/auth/me/export', { token: member.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="ganyan-verilerim-2026-11-22\.json"/);
      const data = res.body.data;
      expect(data.account.id).toBe(member.id);
      expect(JSON.stringify(data)).not.toContain('passwordHash');
      expect(data.comments.map((c: { id: string }) => c.id)).toEqual(['c-mine']);
      expect(data.likes).toHaveLength(1);
      expect(data.vipRequests).toHaveLength(1);
      expect((await server.api('GET', '/api/auth/me/export')).status).toBe(401);
    });
  });

  describe('GET /api/auth/admin/badges', () => {
    it('counts pending comments, pending VIP requests and new messages for admins only', async () => {
      const admin = await addUser(server, { role: 'admin' });
      const staff = await loginStaff(server, admin.email, admin.password, { ip: freshIp() });
      const before = (await server.api('GET', '/api/auth/admin/badges', { token: staff.token })).body.data;
      await server.deps.store.set('comments', 'c-pending-1', { authorId: 'x', articleId: 'a', content: 'bekliyor', status: 'pending', createdAt: BASE });
      const member = await createAccount(server);
      await server.api('POST', '/api/users/request-vip', { token: member.token, body: {} });
      await server.api('POST', '/api/contact', {
        body: { name: 'A', email: 'a@example.com', subject: 'S', message: 'M', type: 'general' },
        headers: { 'X-Forwarded-For': freshIp() },
      });
      const after = (await server.api('GET', '/api/auth/admin/badges', { token: staff.token })).body.data;
      expect(after.unrespondedComments).toBe(before.unrespondedComments + 1);
      expect(after.pendingVipRequests).toBe(before.pendingVipRequests + 1);
      expect(after.unrespondedMessages).toBe(before.unrespondedMessages + 1);
      expect(after.total).toBe(after.unrespondedComments + after.pendingVipRequests + after.unrespondedMessages);

      const author = await createAccount(server, { role: 'author' });
      expect((await server.api('GET', '/api/auth/admin/badges', { token: author.token })).status).toBe(403);
      expect((await server.api('GET', '/api/auth/admin/badges', { token: member.token })).status).toBe(403);
    });
  });
});
