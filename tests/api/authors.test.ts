import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArticleDocument, type NewArticleInput } from '../../functions/src/domain/articles/derive-fields.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('authors API', () => {
  let server: TestServer;
  let tipster: TestAccount;
  let newcomer: TestAccount;
  let admin: TestAccount;
  let seq = 0;

  async function put(overrides: Partial<NewArticleInput> & Pick<NewArticleInput, 'authorId'>) {
    const id = `au-${++seq}`;
    await server.deps.store.set(
      'articles',
      id,
      buildArticleDocument(
        {
          title: `Yazar testi ${seq}`,
          slug: id,
          category: 'estimation',
          excerpt: 'Özet',
          content: '<p>Gövde</p>',
          status: 'published',
          publishedAt: new Date(NOW.getTime() - seq * 3_600_000),
          ...overrides,
        },
        NOW,
      ) as unknown as Record<string, unknown>,
    );
    // Written past the domain, so the test says what the domain says after a publish.
    server.deps.requestRebuild(`test article ${id}`);
  }

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    tipster = await createAccount(server, {
      role: 'author',
      fields: {
        displayName: 'Kemal Tahmin',
        bio: 'Yirmi yıllık yarış yorumcusu.',
        // A label stored by an older version and a code: both read as the code, shown as the label.
        specializations: ['Handikap Analizi', 'race_analysis', 'Uzay'],
        socialMedia: { twitter: 'https://x.com/kemal' },
        createdAt: new Date('2021-03-01T00:00:00Z'),
      },
    });
    newcomer = await createAccount(server, { role: 'author', fields: { firstName: 'Selin', lastName: 'Ak' } });
    admin = await createAccount(server, { role: 'admin' });
    await createAccount(server); // a member is never an author
    for (const raceResult of ['won', 'won', 'won', 'lost', 'pending'] as const) await put({ authorId: tipster.id, raceResult });
    await put({ authorId: tipster.id, raceResult: 'lost', status: 'draft' }); // drafts do not count toward the record
    await put({ authorId: tipster.id, category: 'news' });
    await put({ authorId: newcomer.id, category: 'news' });
  });
  afterAll(() => server.close());

  it('lists authors with counts, recent articles and a computed record', async () => {
    const res = await server.api('GET', '/api/authors');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual([tipster.id, newcomer.id]);
    const [kemal, selin] = res.body.data;
    expect(kemal).toMatchObject({
      name: 'Kemal Tahmin',
      bio: 'Yirmi yıllık yarış yorumcusu.',
      specializations: ['Handikap Analizi', 'Yarış Analizi'],
      socialMedia: { twitter: 'https://x.com/kemal' },
      joinYear: 2021,
      totalArticles: 7,
      publishedArticles: 6,
      // Hand-set raceResults are not a record: only settled estimates count (tests/api/records.test.ts).
      record: { windows: { '90': { estimates: 0, legHitRate: null }, all: { estimates: 0 } } },
    });
    expect(kemal.recentArticles).toHaveLength(3);
    expect(kemal).not.toHaveProperty('email');
    expect(kemal).not.toHaveProperty('passwordHash');
    // No settled prediction: no rate at all, never a made-up 70%.
    expect(selin).toMatchObject({ name: 'Selin Ak', record: { windows: { all: { estimates: 0, legHitRate: null, returnOnCost: null } } } });
  });

  it('an admin appears only once they have published', async () => {
    await put({ authorId: admin.id, category: 'news' });
    const ids = (await server.api('GET', '/api/authors')).body.data.map((a: { id: string }) => a.id);
    expect(ids).toContain(admin.id);
  });

  it('GET /authors/{id} gives the profile with up to 50 recent published articles', async () => {
    const res = await server.api('GET', `/api/authors/${tipster.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.recentArticles.map((a: { id: string }) => a.id)).toEqual(['au-1', 'au-2', 'au-3', 'au-4', 'au-5', 'au-7']);
    expect(res.body.data.recentArticles[0]).not.toHaveProperty('content');
  });

  it('GET /authors/slug/{slug} finds the same profile by username, in any case; members and unknown names are 404', async () => {
    const byId = await server.api('GET', `/api/authors/${tipster.id}`);
    const username = (await server.deps.store.get('users', tipster.id))!.username as string;
    const bySlug = await server.api('GET', `/api/authors/slug/${encodeURIComponent(username.toUpperCase())}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toEqual(byId.body.data);
    const member = await createAccount(server);
    for (const slug of [member.id, 'olmayan-yazar', '..%2F..']) {
      const res = await server.api('GET', `/api/authors/slug/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Yazar bulunamadı' });
    }
  });

  it.each(['nobody', 'member'])('answers 404 Yazar bulunamadı for %s', async (which) => {
    const id = which === 'member' ? (await createAccount(server)).id : 'nobody';
    const res = await server.api('GET', `/api/authors/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Yazar bulunamadı' });
  });

  it('rejects unknown query parameters', async () => {
    expect((await server.api('GET', '/api/authors?page=1')).status).toBe(400);
    expect((await server.api('GET', `/api/authors/${tipster.id}?x=1`)).status).toBe(400);
  });
});
