import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleRecord } from '../../functions/src/domain/articles/article.js';
import { buildArticleDocument, type NewArticleInput } from '../../functions/src/domain/articles/derive-fields.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { estimateDoc } from '../support/estimates.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NOW = new Date('2026-11-22T10:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('public article API', () => {
  let server: TestServer;
  let authorA: TestAccount;
  let authorB: TestAccount;

  async function put(id: string, input: Partial<NewArticleInput> & { title: string }): Promise<void> {
    const doc = buildArticleDocument(
      {
        slug: id,
        authorId: authorA.id,
        category: 'news',
        excerpt: `${input.title} özeti`,
        content: `<p>${input.title} gövdesi</p>`,
        status: 'published',
        ...input,
      } as NewArticleInput,
      NOW,
    );
    await server.deps.store.set('articles', id, doc as unknown as Record<string, unknown>);
  }

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    authorA = await createAccount(server, { role: 'author', fields: { displayName: 'Ayşe Tahminci', bio: 'Veliefendi uzmanı.' } });
    authorB = await createAccount(server, { role: 'author', fields: { firstName: 'Can', lastName: 'Öz' } });
    await put('n1', { title: 'İstanbul Veliefendi yeni sezon', publishedAt: hoursAgo(1), stats: { views: 10, likes: 0, comments: 0, shares: 0 }, tags: [{ name: 'Şampiyon', color: '#123456' }] });
    await put('n2', { title: 'Şirinyer pist yenilemesi', publishedAt: hoursAgo(2), stats: { views: 500, likes: 0, comments: 0, shares: 0 } });
    await put('n3', { title: 'Gazi Koşusu hazırlıkları', publishedAt: hoursAgo(3), authorId: authorB.id, stats: { views: 90, likes: 0, comments: 0, shares: 0 } });
    await put('e1', { title: 'Veliefendi 3. koşu tahmini', category: 'estimation', raceResult: 'won', isFeatured: true, publishedAt: hoursAgo(4) });
    await put('e2', { title: 'Adana 5. koşu tahmini', category: 'estimation', raceResult: 'lost', isFeatured: true, publishedAt: hoursAgo(5), audience: 'vip', visibility: 'premium' });
    await put('e3', { title: 'Bursa 2. koşu tahmini', category: 'estimation', raceResult: 'pending', publishedAt: hoursAgo(6), authorId: authorB.id });
    await put('e4', { title: 'Ankara 1. koşu tahmini', category: 'estimation', raceResult: 'won', publishedAt: hoursAgo(7), authorId: authorB.id, isFeatured: true, audience: 'vip' });
    await put('d1', { title: 'Taslak Veliefendi yazısı', status: 'draft' });
    await put('x1', { title: 'Arşiv Veliefendi yazısı', status: 'archived', publishedAt: hoursAgo(30) });
    await put('del1', { title: 'Silinmiş Veliefendi yazısı', isDeleted: true, publishedAt: hoursAgo(8) });
    // Identifier rule fixtures (spec 000 §2.12).
    await put('777', { title: 'Sayısal kimlikli makale', slug: 'sayisal-kimlik', publishedAt: hoursAgo(40) });
    await put('slug-owner', { title: 'Sayısal slug makalesi', slug: '777', publishedAt: hoursAgo(41) });
    await put('ozel', { title: 'Kimliği ozel olan makale', slug: 'baska-slug', publishedAt: hoursAgo(42) });
    await put('slug-ozel', { title: 'Slug ozel olan makale', slug: 'ozel', publishedAt: hoursAgo(43) });
  });
  afterAll(() => server.close());

  const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((a) => a.id);

  describe('GET /api/articles', () => {
    it('lists only published, non-deleted articles, newest first, with the pagination envelope', async () => {
      const res = await server.api('GET', '/api/articles');
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(['n1', 'n2', 'n3', 'e1', 'e2', 'e3', 'e4', '777', 'slug-owner', 'ozel', 'slug-ozel']);
      expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 11, totalPages: 1, hasNext: false, hasPrev: false });
    });

    it('pages with page and limit', async () => {
      const res = await server.api('GET', '/api/articles?page=2&limit=3');
      expect(ids(res)).toEqual(['e1', 'e2', 'e3']);
      expect(res.body.pagination).toEqual({ page: 2, limit: 3, total: 11, totalPages: 4, hasNext: true, hasPrev: true });
    });

    it('filters by category, raceResult, authorId, hitap/audience and combinations', async () => {
      expect(ids(await server.api('GET', '/api/articles?category=estimation'))).toEqual(['e1', 'e2', 'e3', 'e4']);
      expect(ids(await server.api('GET', '/api/articles?category=estimation&raceResult=won'))).toEqual(['e1', 'e4']);
      expect(ids(await server.api('GET', `/api/articles?authorId=${authorB.id}`))).toEqual(['n3', 'e3', 'e4']);
      expect(ids(await server.api('GET', '/api/articles?hitap=vip'))).toEqual(['e2', 'e4']);
      expect(ids(await server.api('GET', '/api/articles?audience=vip'))).toEqual(['e2', 'e4']);
      // Three filters: two narrow in the store, the third in memory; the total stays exact.
      const three = await server.api('GET', `/api/articles?category=estimation&raceResult=won&authorId=${authorB.id}&limit=1`);
      expect(ids(three)).toEqual(['e4']);
      expect(three.body.pagination.total).toBe(1);
      expect(ids(await server.api('GET', '/api/articles?status=published&featured=true&category=estimation'))).toEqual(['e1', 'e2', 'e4']);
    });

    it('sorts by popularity on request', async () => {
      expect(ids(await server.api('GET', '/api/articles?category=news&sort=popular&limit=3'))).toEqual(['n2', 'n3', 'n1']);
    });

    it('searches Turkish-aware over title, excerpt and tags', async () => {
      expect(ids(await server.api('GET', `/api/articles?search=${encodeURIComponent('VELİEFENDİ')}`))).toEqual(['n1', 'e1']);
      expect(ids(await server.api('GET', `/api/articles?search=${encodeURIComponent('sampiyon')}`))).toEqual(['n1']);
    });

    it('cards carry the public fields and never the body', async () => {
      const res = await server.api('GET', '/api/articles?limit=1');
      const card = res.body.data[0];
      expect(card).toMatchObject({
        id: 'n1',
        slug: 'n1',
        category: 'news',
        categoryLabel: 'Haber',
        audience: 'everyone',
        visibility: 'public',
        author: { id: authorA.id, displayName: 'Ayşe Tahminci', avatar: null },
        stats: { views: 10, likes: 0, comments: 0 },
        readTime: 1,
        featuredImage: null,
        tags: [{ name: 'Şampiyon', color: '#123456' }],
      });
      expect(card).not.toHaveProperty('content');
      expect(new Date(card.publishedAt).toISOString()).toBe(hoursAgo(1).toISOString());
    });

    it.each([
      ['page=0', 'Sayfa numarası 1 veya daha büyük olmalıdır.'],
      ['page=abc', 'Geçerli bir sayı'],
      ['limit=51', 'Sayfa boyutu 1 ile 50 arasında olmalıdır.'],
      ['category=horses', 'Geçersiz kategori.'],
      ['hitap=herkes', 'Geçersiz hitap değeri.'],
      ['status=draft', 'Yalnızca yayımlanmış makaleler listelenebilir.'],
      ['raceResult=maybe', 'Geçersiz yarış sonucu.'],
      ['includeDeleted=true', 'Silinmiş makaleler yalnızca yönetim panelinden görüntülenebilir.'],
      ['sort=random', 'Geçersiz sıralama.'],
      ['search=a', 'Arama en az 2 karakter olmalıdır.'],
      ['foo=bar', 'Bilinmeyen alan: foo'],
    ])('answers 400 with a Turkish message for %s', async (query, message) => {
      const res = await server.api('GET', `/api/articles?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    });
  });

  describe('by id and slug', () => {
    it('returns the detail with body for a public article by id and by slug', async () => {
      const byId = await server.api('GET', '/api/articles/n1');
      expect(byId.status).toBe(200);
      expect(byId.body.data).toMatchObject({ id: 'n1', content: '<p>İstanbul Veliefendi yeni sezon gövdesi</p>', locked: false, allowComments: true, liked: false });
      expect(byId.body.data.author.bio).toBe('Veliefendi uzmanı.');
      const bySlug = await server.api('GET', '/api/articles/slug/n1');
      expect(bySlug.body.data.id).toBe('n1');
    });

    it('tries a numeric identifier as an id first, then as a slug', async () => {
      expect((await server.api('GET', '/api/articles/777')).body.data.id).toBe('777');
      expect((await server.api('GET', '/api/articles/slug/777')).body.data.id).toBe('777');
      await server.deps.store.update('articles', '777', { status: 'draft' });
      // Written past the domain, so the test says what the domain says after an unpublish.
      server.deps.requestRebuild('test: 777 unpublished');
      try {
        expect((await server.api('GET', '/api/articles/777')).body.data.id).toBe('slug-owner');
      } finally {
        await server.deps.store.update('articles', '777', { status: 'published' });
        server.deps.requestRebuild('test: 777 published again');
      }
    });

    it('tries a non-numeric identifier as a slug first, then as an id', async () => {
      expect((await server.api('GET', '/api/articles/ozel')).body.data.id).toBe('slug-ozel');
      expect((await server.api('GET', '/api/articles/slug/baska-slug')).body.data.id).toBe('ozel');
      expect((await server.api('GET', '/api/articles/slug-owner')).body.data.id).toBe('slug-owner');
    });

    it.each(['d1', 'x1', 'del1', 'yok-boyle-bir-makale', 'a%2Fb'])('answers 404 Makale bulunamadı for %s', async (id) => {
      for (const path of [`/api/articles/${id}`, `/api/articles/slug/${id}`]) {
        const res = await server.api('GET', path);
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({ success: false, message: 'Makale bulunamadı' });
      }
    });
  });

  describe('short lists', () => {
    it('featured: featured articles newest first, default 6, limit honoured', async () => {
      expect(ids(await server.api('GET', '/api/articles/featured'))).toEqual(['e1', 'e2', 'e4']);
      const one = await server.api('GET', '/api/articles/featured?limit=1');
      expect(ids(one)).toEqual(['e1']);
      expect(one.body.pagination.total).toBe(3);
    });

    it('latest: newest first, default 10', async () => {
      const res = await server.api('GET', '/api/articles/latest');
      expect(res.body.data).toHaveLength(10);
      expect(res.body.data[0].id).toBe('n1');
      expect(ids(await server.api('GET', '/api/articles/latest?limit=2'))).toEqual(['n1', 'n2']);
    });

    it('popular: most viewed first', async () => {
      expect(ids(await server.api('GET', '/api/articles/popular?limit=2'))).toEqual(['n2', 'n3']);
    });

    it('category/{category} pages within one category', async () => {
      const res = await server.api('GET', '/api/articles/category/estimation?page=2&limit=3');
      expect(ids(res)).toEqual(['e4']);
      expect(res.body.pagination).toMatchObject({ page: 2, total: 4, totalPages: 2, hasPrev: true, hasNext: false });
      const bad = await server.api('GET', '/api/articles/category/atlar');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Geçersiz kategori.');
    });

    it('author/{authorId} lists that author only; an unknown author gives an empty list', async () => {
      expect(ids(await server.api('GET', `/api/articles/author/${authorB.id}`))).toEqual(['n3', 'e3', 'e4']);
      const none = await server.api('GET', '/api/articles/author/nobody');
      expect(none.status).toBe(200);
      expect(none.body.data).toEqual([]);
    });

    it('search: q with Turkish folding, default limit 5, category filter', async () => {
      const res = await server.api('GET', `/api/articles/search?q=${encodeURIComponent('koşu TAHMİNİ')}`);
      expect(ids(res)).toEqual(['e1', 'e2', 'e3', 'e4']);
      expect(res.body.pagination).toMatchObject({ page: 1, limit: 5, total: 4 });
      expect(ids(await server.api('GET', `/api/articles/search?q=${encodeURIComponent('sirinyer')}`))).toEqual(['n2']);
      expect(ids(await server.api('GET', '/api/articles/search?q=veliefendi&category=estimation'))).toEqual(['e1']);
      expect(ids(await server.api('GET', '/api/articles/search?q=tahmini&page=2&limit=3'))).toEqual(['e4']);
      expect(ids(await server.api('GET', '/api/articles/search?q=bulunmayankelime'))).toEqual([]);
    });

    it('search rejects a missing or too short q', async () => {
      for (const q of ['', '?q=', '?q=a', '?q=ab&limit=100', '?q=ab&x=1']) {
        const res = await server.api('GET', `/api/articles/search${q}`);
        expect(res.status, q).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
    });

    it('categories: every category with its Turkish label and published count', async () => {
      const res = await server.api('GET', '/api/articles/categories');
      expect(res.status).toBe(200);
      const byId = Object.fromEntries(res.body.data.map((c: { id: string; label: string; count: number }) => [c.id, c]));
      expect(byId.estimation).toMatchObject({ label: 'Tahmin', count: 4 });
      expect(byId.news).toMatchObject({ label: 'Haber', count: 7 });
      expect(byId.interviews).toMatchObject({ label: 'Röportaj', count: 0 });
      expect(res.body.data).toHaveLength(7);
    });

    it('short lists reject bad limits', async () => {
      for (const path of [
        '/api/articles/n1?x=1',
        '/api/articles/slug/n1?full=true',
        '/api/articles/categories?limit=3',
        '/api/articles/author/a?page=0',
        '/api/articles/category/news?limit=51',
        '/api/articles/search?q=at&page=-1',
'/api/articles/featured?limit=0', '/api/articles/latest?limit=x', '/api/articles/popular?limit=999', '/api/articles/latest?page=1']) {
        expect((await server.api('GET', path)).status, path).toBe(400);
      }
    });
  });

  describe('race estimates of an article', () => {
    it('returns the estimates of the article, [] when none, 404 for an unknown article', async () => {
      await server.deps.store.set('raceEstimates', 're-1', estimateDoc('e1', 'Veliefendi altılı', hoursAgo(4)));
      await server.deps.store.set('raceEstimates', 're-0', estimateDoc('e1', 'Eski altılı', hoursAgo(6)));
      await server.deps.store.set('raceEstimates', 're-off', estimateDoc('e1', 'Pasif tahmin', hoursAgo(5), false));
      const res = await server.api('GET', '/api/articles/e1/race-estimates');
      expect(res.status).toBe(200);
      // Active ones only, oldest first.
      expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(['re-0', 're-1']);
      expect(res.body.data[1]).toMatchObject({ title: 'Veliefendi altılı', races: [{ raceNumber: 3, selectedHorses: [{ number: 4, name: 'Karayel' }] }] });
      expect((await server.api('GET', '/api/articles/n1/race-estimates')).body.data).toEqual([]);
      expect((await server.api('GET', '/api/articles/nope/race-estimates')).status).toBe(404);
    });

    it('withholds the estimates of a premium article from callers who may not read it', async () => {
      await server.deps.store.set('raceEstimates', 're-2', estimateDoc('e2', 'Adana premium altılı', hoursAgo(5)));
      const visitor = await server.api('GET', '/api/articles/e2/race-estimates');
      expect(visitor.status).toBe(401);
      const member = await createAccount(server);
      const asMember = await server.api('GET', '/api/articles/e2/race-estimates', { token: member.token });
      expect(asMember.status).toBe(403);
      expect(asMember.body.message).toBe('Bu içerik yalnızca VIP üyelere açıktır.');
      expect(JSON.stringify(asMember.body)).not.toContain('Adana premium altılı');
    });
  });

  it('the stored record keeps the shape the schema promises', async () => {
    const raw = (await server.deps.store.get('articles', 'n1')) as unknown as ArticleRecord;
    expect(raw.searchTokens).toEqual(expect.arrayContaining(['istanbul', 'veliefendi', 'sampiyon']));
  });
});
