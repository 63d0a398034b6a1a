import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: TestAccount;
let author: TestAccount;
let other: TestAccount;
let member: TestAccount;
const rebuilds: string[] = [];

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Veliefendi koşu analizi',
  authorId: author.id,
  excerpt: 'Pazar günü koşulacak yarışların değerlendirmesi.',
  content: '<p>Bu hafta sonu <strong>Veliefendi</strong> pistinde favoriler öne çıkıyor.</p>',
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  const original = server.deps.requestRebuild;
  server.deps.requestRebuild = (reason) => {
    rebuilds.push(reason);
    original(reason);
  };
  admin = await createAccount(server, { role: 'admin' });
  author = await createAccount(server, { role: 'author' });
  other = await createAccount(server, { role: 'author' });
  member = await createAccount(server, { role: 'user' });
});
afterAll(() => server.close());

describe('staff article writes', { timeout: 60_000 }, () => {
  it('an author creates a draft with defaults, a unique slug, tokens and read time', async () => {
    const a = await server.api('POST', '/api/articles', { token: author.token, body: body() });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ status: 'draft', category: 'estimation', slug: 'veliefendi-kosu-analizi', publishedAt: null, audience: 'everyone' });
    expect(a.body.data.readTime).toBeGreaterThanOrEqual(1);
    const b = await server.api('POST', '/api/articles', { token: author.token, body: body() });
    expect(b.body.data.slug).toBe('veliefendi-kosu-analizi-2');
    const stored = await server.deps.store.get('articles', a.body.data.id);
    expect(stored!.searchTokens).toEqual(expect.arrayContaining(['veliefendi', 'kosu']));
  });

  it('missing fields and short content answer the spec texts and store nothing', async () => {
    const before = await server.deps.store.collection('articles').count();
    const r1 = await server.api('POST', '/api/articles', { token: admin.token, body: body({ title: '  ' }) });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('Başlık, içerik, özet ve yazar alanları zorunludur.');
    const r2 = await server.api('POST', '/api/articles', { token: admin.token, body: body({ content: '<p><b>kısa</b></p>' }) });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('İçerik alanı en az 10 karakter olmalıdır.');
    expect(await server.deps.store.collection('articles').count()).toBe(before);
  });

  it('the server sanitizes the body on save', async () => {
    const r = await server.api('POST', '/api/articles', {
      token: admin.token,
      body: body({ content: '<p onclick="x()">Güvenli metin burada <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>' }),
    });
    expect(r.status).toBe(201);
    expect(r.body.data.content).not.toMatch(/script|onclick|javascript:/);
  });

  it('an author cannot write under another author, feature, or touch another\'s article', async () => {
    const own = await server.api('POST', '/api/articles', { token: other.token, body: body({ authorId: author.id }) });
    expect(own.status).toBe(403);
    const feat = await server.api('POST', '/api/articles', { token: author.token, body: body({ isFeatured: true }) });
    expect(feat.status).toBe(403);
    expect(feat.body.message).toBe('Makaleyi öne çıkarma yetkiniz bulunmamaktadır.');
    const id = (await server.api('POST', '/api/articles', { token: author.token, body: body() })).body.data.id;
    const cases: [string, string, unknown, string][] = [
      ['PUT', `/api/articles/${id}`, { title: 'Başka başlık' }, 'Bu makaleyi düzenleme yetkiniz bulunmamaktadır.'],
      ['PUT', `/api/articles/${id}`, { status: 'published' }, 'Bu makaleyi yayınlama yetkiniz bulunmamaktadır.'],
      ['PUT', `/api/articles/${id}`, { status: 'archived' }, 'Bu makaleyi arşivleme yetkiniz bulunmamaktadır.'],
      ['DELETE', `/api/articles/${id}`, undefined, 'Bu makaleyi silme yetkiniz bulunmamaktadır.'],
      ['PUT', `/api/articles/${id}/race-result`, { raceResult: 'won' }, 'Bu makalenin yarış sonucunu güncelleme yetkiniz bulunmamaktadır.'],
      ['PUT', `/api/articles/${id}/toggle-publish`, undefined, 'Bu makaleyi yayınlama yetkiniz bulunmamaktadır.'],
    ];
    for (const [method, path, payload, message] of cases) {
      const r = await server.api(method, path, { token: other.token, body: payload });
      expect([r.status, r.body.message]).toEqual([403, message]);
    }
    const ownFeature = await server.api('PUT', `/api/articles/${id}`, { token: author.token, body: { isFeatured: true } });
    expect(ownFeature.body.message).toBe('Makaleyi öne çıkarma yetkiniz bulunmamaktadır.');
    const stored = await server.deps.store.get('articles', id);
    expect(stored).toMatchObject({ title: 'Veliefendi koşu analizi', status: 'draft', isFeatured: false, isDeleted: false, raceResult: null });
  });

  it('members and visitors cannot reach staff writes', async () => {
    expect((await server.api('POST', '/api/articles', { token: member.token, body: body() })).status).toBe(403);
    expect((await server.api('POST', '/api/articles', { body: body() })).status).toBe(401);
    expect((await server.api('GET', '/api/admin/articles', { token: member.token })).status).toBe(403);
  });

  it('publishing sets publishedAt once and asks for a rebuild; unpublish keeps the date', async () => {
    const id = (await server.api('POST', '/api/articles', { token: author.token, body: body({ title: 'Yayın testi' }) })).body.data.id;
    rebuilds.length = 0;
    const pub = await server.api('PUT', `/api/articles/${id}`, { token: author.token, body: { status: 'published' } });
    expect(pub.status).toBe(200);
    expect(pub.body.message).toBe('Makale yayınlandı.');
    const first = pub.body.data.publishedAt;
    expect(first).toBeTruthy();
    expect(rebuilds.length).toBe(1);
    const pubRead = await server.api('GET', `/api/articles/${id}`);
    expect(pubRead.status).toBe(200);
    server.setNow(new Date(Date.now() + 5 * 60_000));
    const off = await server.api('PUT', `/api/articles/${id}/toggle-publish`, { token: author.token });
    expect(off.body.data.status).toBe('draft');
    const on = await server.api('PUT', `/api/articles/${id}/toggle-publish`, { token: author.token });
    expect(on.body.data.publishedAt).toBe(first);
    server.setNow(null as unknown as Date);
    expect(rebuilds.length).toBe(3);
  });

  it('race result takes the four choices with their labels; cleared removes it', async () => {
    const created = await server.api('POST', '/api/articles', { token: author.token, body: body({ title: 'Sonuç' }) });
    expect(created.body).toMatchObject({ success: true });
    const id = created.body.data.id;
    for (const [choice, label, stored] of [['won', 'Kazanan', 'won'], ['lost', 'Kaybeden', 'lost'], ['pending', 'Bekliyor', 'pending'], ['cleared', 'Temizlendi', null]] as const) {
      const r = await server.api('PUT', `/api/articles/${id}/race-result`, { token: author.token, body: { raceResult: choice } });
      expect(r.body.message).toContain(label);
      expect(r.body.data.raceResult).toBe(stored);
    }
    expect((await server.api('PUT', `/api/articles/${id}/race-result`, { token: author.token, body: { raceResult: 'draw' } })).status).toBe(400);
  });

  it('admin features; soft delete, deleted list, restore and permanent delete', async () => {
    const id = (await server.api('POST', '/api/articles', { token: author.token, body: body({ title: 'Silinecek makale' }) })).body.data.id;
    const f = await server.api('PUT', `/api/articles/${id}`, { token: admin.token, body: { isFeatured: true } });
    expect([f.status, f.body.message]).toEqual([200, 'Makale öne çıkarıldı.']);
    expect((await server.api('DELETE', `/api/articles/${id}`, { token: author.token })).status).toBe(200);
    const list = await server.api('GET', '/api/admin/articles?limit=100', { token: author.token });
    expect(list.body.data.map((a: { id: string }) => a.id)).not.toContain(id);
    const deleted = await server.api('GET', '/api/articles/deleted?page=1&limit=10', { token: author.token });
    expect(deleted.body.data.map((a: { id: string }) => a.id)).toContain(id);
    const otherDeleted = await server.api('GET', '/api/articles/deleted', { token: other.token });
    expect(otherDeleted.body.data.map((a: { id: string }) => a.id)).not.toContain(id);
    const restored = await server.api('PUT', `/api/articles/${id}/restore`, { token: author.token });
    expect(restored.body.data.isDeleted).toBe(false);
    expect((await server.api('PUT', `/api/articles/${id}/restore`, { token: author.token })).status).toBe(409);
    // Its comments (the comments area's) and likes go with it: nothing is left to show without it.
    await server.deps.store.set('comments', `c-${id}`, { articleId: id, authorId: other.id, content: 'Yorum', status: 'approved', createdAt: new Date() });
    await server.deps.store.set('articleLikes', `${id}_${other.id}`, { articleId: id, userId: other.id, createdAt: new Date() });
    expect((await server.api('DELETE', `/api/articles/${id}?permanent=true`, { token: admin.token })).status).toBe(200);
    expect(await server.deps.store.get('articles', id)).toBeNull();
    expect(await server.deps.store.get('comments', `c-${id}`)).toBeNull();
    expect(await server.deps.store.get('articleLikes', `${id}_${other.id}`)).toBeNull();
    expect((await server.api('PUT', `/api/articles/${id}/restore`, { token: admin.token })).status).toBe(404);
  });

  it('lists: authors see only their own; filters, search, pages of 10 and stats', async () => {
    for (let i = 0; i < 12; i += 1) {
      await server.api('POST', '/api/articles', { token: other.token, body: body({ authorId: other.id, title: `Gazi koşusu notları ${i}`, category: i % 2 ? 'news' : 'estimation' }) });
    }
    const mine = await server.api('GET', '/api/admin/articles?page=1', { token: other.token });
    expect(mine.body.data).toHaveLength(10);
    expect(mine.body.pagination).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(mine.body.data.every((a: { authorId: string }) => a.authorId === other.id)).toBe(true);
    const forced = await server.api('GET', `/api/admin/articles?authorId=${author.id}`, { token: other.token });
    expect(forced.body.data.every((a: { authorId: string }) => a.authorId === other.id)).toBe(true);
    const news = await server.api('GET', '/api/admin/articles?category=news&status=draft', { token: other.token });
    expect(news.body.pagination.total).toBe(6);
    const search = await server.api('GET', '/api/admin/articles?search=GAZİ', { token: admin.token });
    expect(search.body.pagination.total).toBe(12);
    const stats = await server.api('GET', '/api/articles/stats', { token: other.token });
    expect(stats.body.data).toMatchObject({ total: 12, draft: 12, published: 0 });
    const all = await server.api('GET', '/api/admin/articles', { token: admin.token });
    expect(all.body.pagination.total).toBeGreaterThan(12);
    expect(all.body.data[0].author.displayName).toBeTruthy();
  });
});
