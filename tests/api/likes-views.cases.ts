import { afterAll, beforeAll, expect } from 'vitest';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

const NOW = new Date('2026-11-22T10:00:00Z');

export const LIKES_VIEWS_CASES = 'article likes and views';

export const likesViewsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ now: NOW, store });
    const author = await createAccount(server, { role: 'author' });
    alice = await createAccount(server);
    bob = await createAccount(server);
    for (const [id, status] of [
      ['lv-1', 'published'],
      ['lv-draft', 'draft'],
    ] as const) {
      await server.deps.store.set(
        'articles',
        id,
        buildArticleDocument(
          { title: 'Beğeni testi', slug: id, authorId: author.id, category: 'news', excerpt: 'Özet', content: '<p>Gövde</p>', status },
          NOW,
        ) as unknown as Record<string, unknown>,
      );
    }
  });
  afterAll(() => server.close());

  const like = (id: string, token?: string) => server.api('POST', `/api/articles/${id}/like`, { token });

  it('liking needs login', async () => {
    const res = await like('lv-1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Bu işlem için giriş yapmalısınız.');
  });

  it('toggles one like per member and reports likes and liked', async () => {
    expect((await like('lv-1', alice.token)).body).toEqual({ success: true, data: { liked: true, likes: 1 } });
    expect((await like('lv-1', bob.token)).body.data).toEqual({ liked: true, likes: 2 });
    expect((await like('lv-1', alice.token)).body.data).toEqual({ liked: false, likes: 1 });
    const detail = await server.api('GET', '/api/articles/lv-1', { token: bob.token });
    expect(detail.body.data).toMatchObject({ liked: true, stats: { likes: 1 } });
    expect((await server.api('GET', '/api/articles/lv-1', { token: alice.token })).body.data.liked).toBe(false);
    expect(await server.deps.store.get('articleLikes', `lv-1_${bob.id}`)).not.toBeNull();
    expect(await server.deps.store.get('articleLikes', `lv-1_${alice.id}`)).toBeNull();
  });

  it('concurrent likes by different members are all counted', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createAccount(server)));
    await Promise.all(members.map((m) => like('lv-1', m.token)));
    const detail = await server.api('GET', '/api/articles/lv-1');
    expect(detail.body.data.stats.likes).toBe(7);
  });

  it('unknown or unpublished articles cannot be liked or viewed', async () => {
    for (const id of ['lv-draft', 'missing']) {
      expect((await like(id, alice.token)).status).toBe(404);
      const view = await server.api('POST', `/api/articles/${id}/view`);
      expect(view.status).toBe(404);
      expect(view.body.message).toBe('Makale bulunamadı');
    }
  });

  it('a view is counted per viewer, for visitors too', async () => {
    const before = (await server.api('GET', '/api/articles/lv-1')).body.data.stats.views;
    const first = await server.api('POST', '/api/articles/lv-1/view');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ views: before + 1 });
    await server.api('POST', '/api/articles/lv-1/view', { token: alice.token });
    // Read signed in: visitors' reads may be answered from the public cache for a few seconds.
    expect((await server.api('GET', '/api/articles/lv-1', { token: alice.token })).body.data.stats.views).toBe(before + 2);
  });
};
