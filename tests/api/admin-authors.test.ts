import { describe, expect, it } from 'vitest';
import { useAccounts } from '../support/accounts.js';
import { loginStaff } from '../support/login.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();
const { admin, author } = useAccounts(server, { admin: 'admin', author: 'author' });

const newAuthor = (tag: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Selin',
  lastName: 'Kaya',
  username: `selin.${tag}`,
  email: `Selin.${tag}@Example.com`,
  password: 'Yazar2026!',
  specializations: ['handicap_analysis'],
  ...over,
});

describe('author management', { timeout: 120_000 }, () => {
  it('an admin creates an author who can then sign in to the panel', async () => {
    const r = await server.api('POST', '/api/authors', { token: admin.token, body: newAuthor('a') });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ email: 'selin.a@example.com', displayName: 'Selin Kaya', status: 'active', role: 'author', articleCount: 0 });
    expect(r.body.data.passwordHash).toBeUndefined();
    const session = await loginStaff(server, 'selin.a@example.com', 'Yazar2026!');
    expect(session.user.role).toBe('author');
  });

  it('required fields, e-mail format, password on create, duplicates: spec texts and nothing stored', async () => {
    // The account the duplicates collide with.
    expect((await server.api('POST', '/api/authors', { token: admin.token, body: newAuthor('taken') })).status).toBe(201);
    const before = await server.deps.store.collection('users').count();
    const cases: [Record<string, unknown>, string][] = [
      [newAuthor('b', { firstName: '' }), 'Ad, soyad, kullanıcı adı ve e-posta alanları zorunludur.'],
      [newAuthor('b', { email: 'gecersiz' }), 'Geçerli bir e-posta adresi girin.'],
      [newAuthor('b', { password: '' }), 'Şifre boş olamaz'],
      [newAuthor('b', { specializations: ['Uzay'] }), 'Geçersiz uzmanlık alanı.'],
      [newAuthor('taken', { username: 'baska' }), 'Bu e-posta adresi başka bir hesapta kullanılıyor.'],
      [newAuthor('c', { username: 'Selin.Taken' }), 'Bu kullanıcı adı başka bir hesapta kullanılıyor.'],
    ];
    for (const [body, message] of cases) {
      const r = await server.api('POST', '/api/authors', { token: admin.token, body });
      expect([r.body.message, r.status >= 400]).toEqual([message, true]);
    }
    expect(await server.deps.store.collection('users').count()).toBe(before);
  });

  it('edit with a blank password keeps it; set-password and deactivation end the sessions', async () => {
    const created = (await server.api('POST', '/api/authors', { token: admin.token, body: newAuthor('d') })).body.data;
    const upd = await server.api('PUT', `/api/authors/${created.id}`, {
      token: admin.token,
      body: { ...newAuthor('d'), password: '', displayName: 'S. Kaya', bio: 'Handikap uzmanı' },
    });
    expect(upd.body.data).toMatchObject({ displayName: 'S. Kaya', bio: 'Handikap uzmanı' });
    const session = await loginStaff(server, 'selin.d@example.com', 'Yazar2026!');
    expect((await server.api('PUT', `/api/authors/${created.id}/password`, { token: admin.token, body: { password: '' } })).body.message).toBe('Şifre boş olamaz');
    expect((await server.api('PUT', `/api/authors/${created.id}/password`, { token: admin.token, body: { password: 'YeniSifre1' } })).status).toBe(200);
    expect((await server.api('POST', '/api/auth/admin/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    await loginStaff(server, 'selin.d@example.com', 'YeniSifre1');
    const off = await server.api('PUT', `/api/authors/${created.id}/status`, { token: admin.token, body: { status: 'inactive' } });
    expect(off.body.data.status).toBe('inactive');
    expect((await server.api('POST', '/api/auth/admin/login', { body: { email: 'selin.d@example.com', password: 'YeniSifre1' } })).status).toBe(401);
    expect((await server.api('PUT', `/api/authors/${created.id}/status`, { token: admin.token, body: { status: 'suspended' } })).status).toBe(400);
  });

  it('delete removes the author from the list and from sign-in; articles stay', async () => {
    const created = (await server.api('POST', '/api/authors', { token: admin.token, body: newAuthor('e') })).body.data;
    const del = await server.api('DELETE', `/api/authors/${created.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const list = await server.api('GET', '/api/admin/authors', { token: admin.token });
    expect(list.body.data.map((a: { id: string }) => a.id)).not.toContain(created.id);
    expect((await server.api('DELETE', `/api/authors/${created.id}`, { token: admin.token })).body.message).toBe('Yazar bulunamadı');
  });

  it('authors and members cannot manage authors', async () => {
    expect((await server.api('GET', '/api/admin/authors', { token: author.token })).status).toBe(403);
    expect((await server.api('POST', '/api/authors', { token: author.token, body: newAuthor('f') })).status).toBe(403);
    expect((await server.api('PUT', `/api/authors/${author.id}/status`, { token: author.token, body: { status: 'inactive' } })).status).toBe(403);
  });
});
