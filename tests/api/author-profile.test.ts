import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, loginStaff } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let token: string;
let email: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await addUser(server, { role: 'author', firstName: 'Kadir' });
  email = user.email;
  token = (await loginStaff(server, user.email, user.password)).token;
  const now = server.deps.now();
  for (const [i, views] of [1200, 34].entries()) {
    await server.deps.store.set('articles', `p-${i}`, { title: 'T', slug: `t-${i}`, authorId: user.id, category: 'news', status: 'published', excerpt: 'e', content: '<p>x</p>', stats: { views, likes: 0, comments: 0, shares: 0 }, createdAt: now, updatedAt: now, isDeleted: false });
  }
});
afterAll(() => server.close());

describe('author self-profile', { timeout: 120_000 }, () => {
  it('shows the profile with computed stats', async () => {
    const r = await server.api('GET', '/api/authors/profile/me', { token });
    // Exactly these: no followers count, since nobody can follow an author (there is no follow feature).
    expect(r.body.data).toMatchObject({ firstName: 'Kadir', email });
    expect(r.body.data.stats).toEqual({ articlesCount: 2, totalViews: 1234 });
  });

  it('saves profile fields with coded specializations and checks URLs', async () => {
    const bad = await server.api('PUT', '/api/authors/profile/me', { token, body: { firstName: 'Kadir', lastName: 'Aydın', socialMedia: { website: 'kadir.com' } } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Geçerli bir URL girin (https:// ile başlamalı).']);
    const missing = await server.api('PUT', '/api/authors/profile/me', { token, body: { firstName: '', lastName: 'Aydın' } });
    expect(missing.body.message).toBe('Ad ve soyad alanları zorunludur.');
    const ok = await server.api('PUT', '/api/authors/profile/me', {
      token,
      body: { firstName: 'Kadir', lastName: 'Aydın', bio: 'Veliefendi', specializations: ['race_analysis', 'jockey_analysis'], socialMedia: { twitter: '@kadir', website: 'https://kadir.com.tr' } },
    });
    expect(ok.body.data).toMatchObject({ displayName: 'Kadir Aydın', specializations: ['race_analysis', 'jockey_analysis'], socialMedia: { twitter: 'kadir', website: 'https://kadir.com.tr' } });
    expect((await server.api('PUT', '/api/authors/profile/me', { token, body: { firstName: 'K', lastName: 'A', specializations: ['astroloji'] } })).status).toBe(400);
  });

  it('readers see the Turkish labels of what the author ticked, never the codes; the admin form keeps them', async () => {
    const me = (await server.api('GET', '/api/authors/profile/me', { token })).body.data;
    // An area an admin picked (stored by an older version as its label) stays beside the author's own ticks.
    await server.deps.store.update('users', me.id, { specializations: ['Handikap Analizi', 'race_analysis', 'jockey_analysis'] });
    await server.api('PUT', '/api/authors/profile/me', { token, body: { firstName: 'Kadir', lastName: 'Aydın', specializations: ['race_analysis', 'breeding_insights'] } });
    const stored = await server.deps.store.get('users', me.id);
    expect(stored!.specializations).toEqual(['handicap_analysis', 'race_analysis', 'breeding_insights']);
    const pub = await server.api('GET', `/api/authors/${me.id}`);
    expect(pub.body.data.specializations).toEqual(['Handikap Analizi', 'Yarış Analizi', 'Pedigri ve Yetiştirme']);
    const list = await server.api('GET', '/api/authors');
    expect(list.body.data.find((a: { id: string }) => a.id === me.id).specializations).toEqual(['Handikap Analizi', 'Yarış Analizi', 'Pedigri ve Yetiştirme']);
  });

  it('changes the password with the spec messages', async () => {
    const short = await server.api('PUT', '/api/authors/profile/me/password', { token, body: { currentPassword: 'Ganyan2026!', newPassword: '123', confirmPassword: '123' } });
    expect(short.body.message).toBe('Şifre en az 6 karakter olmalıdır.');
    const mismatch = await server.api('PUT', '/api/authors/profile/me/password', { token, body: { currentPassword: 'Ganyan2026!', newPassword: 'Yeni2026!', confirmPassword: 'Baska2026!' } });
    expect(mismatch.body.message).toBe('Yeni şifreler eşleşmiyor.');
    const wrong = await server.api('PUT', '/api/authors/profile/me/password', { token, body: { currentPassword: 'yanlis', newPassword: 'Yeni2026!', confirmPassword: 'Yeni2026!' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Geçersiz şifre.');
    const done = await server.api('PUT', '/api/authors/profile/me/password', { token, body: { currentPassword: 'Ganyan2026!', newPassword: 'Yeni2026!', confirmPassword: 'Yeni2026!' } });
    expect(done.body.message).toBe('Şifre başarıyla güncellendi!');
    await loginStaff(server, email, 'Yeni2026!');
  });

  it('changes the e-mail: unverified until the mailed link is opened', async () => {
    const r = await server.api('PUT', '/api/authors/profile/me/email', { token, body: { email: 'Yeni.Adres@Example.com', password: 'Yeni2026!' } });
    expect(r.body.message).toBe('E-posta adresi başarıyla güncellendi! Lütfen yeni e-postanızı doğrulayın.');
    expect(r.body.data).toMatchObject({ email: 'yeni.adres@example.com', isEmailVerified: false });
    const mails = await server.deps.store.collection('mail').where('to', '==', 'yeni.adres@example.com').get();
    const html = (mails[0]!.message as { text: string }).text;
    const link = html.match(/token=([^\s&"]+)/)![1]!;
    expect((await server.api('POST', '/api/authors/profile/email/confirm', { body: { token: 'x'.repeat(30) } })).status).toBe(400);
    expect((await server.api('POST', '/api/authors/profile/email/confirm', { body: { token: decodeURIComponent(link) } })).status).toBe(200);
    expect((await server.api('GET', '/api/authors/profile/me', { token })).body.data.isEmailVerified).toBe(true);
    expect((await server.api('POST', '/api/authors/profile/email/confirm', { body: { token: decodeURIComponent(link) } })).status).toBe(400);
    const bad = await server.api('PUT', '/api/authors/profile/me/email', { token, body: { email: 'gecersiz', password: 'Yeni2026!' } });
    expect(bad.body.message).toBe('Geçerli bir e-posta adresi girin.');
  });
});
