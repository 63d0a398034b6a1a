import { beforeEach, describe, expect } from 'vitest';
import { buildArticleDocument, type NewArticleInput } from '../../functions/src/domain/articles/derive-fields.js';
import { setCommentStatus } from '../../functions/src/domain/comments/comments.js';
import type { CommentStatus } from '../../functions/src/domain/comments/comment.js';
import { createAccount, createVipMember, useAccounts, type TestAccount } from '../support/accounts.js';
import { useTestServer, type TestStoreKind } from '../support/server.js';
import { everyCase, type CaseIt } from '../support/cases.js';

const NOW = new Date('2026-11-22T10:00:00Z');

export const COMMENTS_CASES = 'article comments';

export const commentsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  const server = useTestServer({ now: NOW, store });
  const { author } = useAccounts(server, { author: 'author' });
  let alice: TestAccount;
  let bob: TestAccount;
  let seq = 0;

  /** The staff panel's moderation without an actor: the status change, then the content-changed signal. */
  async function moderate(id: string, status: CommentStatus) {
    await setCommentStatus(server.deps, id, status);
    server.deps.requestRebuild(`test: comment ${status}`);
  }

  async function article(overrides: Partial<NewArticleInput> = {}): Promise<string> {
    const id = `c-art-${++seq}`;
    await server.deps.store.set(
      'articles',
      id,
      buildArticleDocument(
        { title: `Yorum testi ${seq}`, slug: id, authorId: author.id, category: 'news', excerpt: 'Özet', content: '<p>Gövde</p>', status: 'published', ...overrides },
        NOW,
      ) as unknown as Record<string, unknown>,
    );
    return id;
  }
  const post = (articleId: string, body: unknown, token?: string) => server.api('POST', `/api/articles/${articleId}/comments`, { body, token });
  const list = (articleId: string, token?: string, query = '') => server.api('GET', `/api/articles/${articleId}/comments${query}`, { token });
  const stats = async (articleId: string) => ((await server.deps.store.get('articles', articleId)) as { stats: { comments: number } }).stats;


  let articleId: string;
  beforeEach(async () => {
    // Fresh posters per test, so the per-member comment rate limit never carries over.
    alice = await createAccount(server, { fields: { firstName: 'Alice', lastName: 'Yılmaz', username: 'alice' } });
    bob = await createAccount(server, { fields: { displayName: 'Bob Kaya', username: 'bob' } });
    articleId = await article();
  });

  it('a visitor cannot post: 401 and nothing is stored', async () => {
    const res = await post(articleId, { content: 'Merhaba' });
    expect(res.status).toBe(401);
    expect((await server.deps.store.collection('comments').where('articleId', '==', articleId).get()).length).toBe(0);
  });

  it('a new comment is pending: the poster sees it marked, others do not, the counter stays 0', async () => {
    const res = await post(articleId, { content: '  İlk yorum!  ', authorName: 'Başkası', username: 'sahte' }, alice.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ content: 'İlk yorum!', status: 'pending', isPending: true, authorName: 'Alice Yılmaz', username: 'alice', parentId: null });
    expect(res.body.message).toBe('Yorumunuz alındı, onaylandıktan sonra yayınlanacaktır.');

    const own = await list(articleId, alice.token);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ isPending: true, isOwn: true });
    expect((await list(articleId, bob.token)).body.data).toEqual([]);
    expect((await list(articleId)).body.data).toEqual([]);
    expect((await stats(articleId)).comments).toBe(0);
  });

  it('approval shows it to everyone and keeps the approved-comment counter exact', async () => {
    const { body } = await post(articleId, { content: 'Onaylanacak yorum' }, alice.token);
    await moderate(body.data.id, 'approved');
    expect((await stats(articleId)).comments).toBe(1);
    const visitor = await list(articleId);
    expect(visitor.body.data).toHaveLength(1);
    expect(visitor.body.data[0]).toMatchObject({ content: 'Onaylanacak yorum', status: 'approved', isPending: false, isOwn: false });
    // Approving twice does not count twice; rejecting takes it back out.
    await moderate(body.data.id, 'approved');
    expect((await stats(articleId)).comments).toBe(1);
    await moderate(body.data.id, 'rejected');
    expect((await stats(articleId)).comments).toBe(0);
    expect((await list(articleId)).body.data).toEqual([]);
    expect((await list(articleId, alice.token)).body.data).toEqual([]);
  });

  it('replies nest under their parent; a pending reply is visible to its poster only', async () => {
    const parent = (await post(articleId, { content: 'Ana yorum' }, alice.token)).body.data;
    await moderate(parent.id, 'approved');
    const reply = await post(articleId, { content: 'Yanıt', parentId: parent.id }, bob.token);
    expect(reply.status).toBe(201);
    expect(reply.body.data.parentId).toBe(parent.id);

    const asBob = await list(articleId, bob.token);
    expect(asBob.body.data).toHaveLength(1);
    expect(asBob.body.data[0].replies).toHaveLength(1);
    expect(asBob.body.data[0].replies[0]).toMatchObject({ content: 'Yanıt', isPending: true, isOwn: true, replies: [] });
    expect((await list(articleId)).body.data[0].replies).toEqual([]);

    await moderate(reply.body.data.id, 'approved');
    const visitor = await list(articleId);
    expect(visitor.body.data[0].replies[0]).toMatchObject({ content: 'Yanıt', displayName: 'Bob Kaya' });
    expect(visitor.body.pagination).toMatchObject({ page: 1, limit: 10, total: 1 });
  });

  it('a reply must point at a visible comment of the same article', async () => {
    const other = await article();
    const foreign = (await post(other, { content: 'Başka makalede' }, alice.token)).body.data;
    await moderate(foreign.id, 'approved');
    const crossArticle = await post(articleId, { content: 'Yanıt', parentId: foreign.id }, bob.token);
    expect(crossArticle.status).toBe(400);
    expect(crossArticle.body.message).toBe('Yanıtlanan yorum bulunamadı.');
    const pendingOfAlice = (await post(articleId, { content: 'Bekleyen' }, alice.token)).body.data;
    expect((await post(articleId, { content: 'Yanıt', parentId: pendingOfAlice.id }, bob.token)).status).toBe(400);
    expect((await post(articleId, { content: 'Yanıt', parentId: 'yok' }, bob.token)).status).toBe(400);
  });

  it('stores HTML as plain text and returns it unchanged as text', async () => {
    const html = '<script>alert(1)</script><b>kalın</b> <img src=x onerror=alert(1)>';
    const res = await post(articleId, { content: html }, alice.token);
    expect(res.body.data.content).toBe(html);
    const stored = await server.deps.store.get('comments', res.body.data.id);
    expect(stored?.content).toBe(html);
    // JSON carries it as a string; the island renders it as text, never as markup.
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it.each([
    [{}, 'Yorum metni zorunludur.'],
    [{ content: '   ' }, 'Yorum boş olamaz.'],
    [{ content: 'x'.repeat(2001) }, 'Yorum en fazla 2000 karakter olabilir.'],
    [{ content: 'ok', extra: 1 }, 'Bilinmeyen alan: extra'],
    [{ content: 42 }, 'Yorum metni zorunludur.'],
  ])('rejects a bad body %j with a Turkish 400 and stores nothing', async (body, message) => {
    const res = await post(articleId, body, alice.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await server.deps.store.collection('comments').where('articleId', '==', articleId).get()).length).toBe(0);
  });

  it('respects allowComments and unknown articles', async () => {
    const closed = await article({ allowComments: false });
    const res = await post(closed, { content: 'Kapalı' }, alice.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Bu makale yorumlara kapalı.');
    const missing = await post('yok-makale', { content: 'Merhaba' }, alice.token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Makale bulunamadı');
    expect((await list('yok-makale')).status).toBe(404);
  });

  it('staff comments are published at once and counted', async () => {
    const res = await post(articleId, { content: 'Yazarın notu' }, author.token);
    expect(res.body.data.status).toBe('approved');
    expect((await stats(articleId)).comments).toBe(1);
    expect((await list(articleId)).body.data).toHaveLength(1);
  });

  it('paginates top-level threads, oldest first', async () => {
    for (let i = 1; i <= 3; i++) {
      server.setNow(new Date(NOW.getTime() + i * 60_000));
      const c = (await post(articleId, { content: `Yorum ${i}` }, alice.token)).body.data;
      await moderate(c.id, 'approved');
    }
    server.setNow(NOW);
    const page2 = await list(articleId, undefined, '?page=2&limit=2');
    expect(page2.body.data.map((c: { content: string }) => c.content)).toEqual(['Yorum 3']);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasNext: false, hasPrev: true });
    expect((await list(articleId, undefined, '?limit=0')).status).toBe(400);
    expect((await list(articleId, undefined, '?sort=x')).status).toBe(400);
  });

  it('a premium article’s comments are for readers of its body only', async () => {
    const premium = await article({ visibility: 'premium', audience: 'vip' });
    expect((await list(premium)).status).toBe(401);
    expect((await list(premium, alice.token)).status).toBe(403);
    expect((await post(premium, { content: 'Deneme' }, alice.token)).status).toBe(403);
    const vip = await createVipMember(server);
    expect((await post(premium, { content: 'VIP yorumu' }, vip.token)).status).toBe(201);
    expect((await list(premium, vip.token)).body.data).toHaveLength(1);
  });

  it('a member posting too fast is slowed down with 429 and Retry-After', async () => {
    const eager = await createAccount(server);
    for (let i = 1; i <= 10; i++) expect((await post(articleId, { content: `Yorum ${i}` }, eager.token)).status).toBe(201);
    const res = await post(articleId, { content: 'Bir tane daha' }, eager.token);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Çok fazla yorum gönderdiniz. Lütfen biraz bekleyip tekrar deneyin.');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await list(articleId, eager.token)).body.pagination.total).toBe(10);
    // Another member is not affected.
    expect((await post(articleId, { content: 'Ben de' }, bob.token)).status).toBe(201);
  });

  describe('comment likes', () => {
    it('toggles once per member and needs login', async () => {
      const c = (await post(articleId, { content: 'Beğenilecek' }, alice.token)).body.data;
      await moderate(c.id, 'approved');
      expect((await server.api('POST', `/api/comments/${c.id}/like`)).status).toBe(401);
      const first = await server.api('POST', `/api/comments/${c.id}/like`, { token: bob.token });
      expect(first.body).toMatchObject({ success: true, data: { liked: true, likes: 1 } });
      expect((await server.api('POST', `/api/comments/${c.id}/like`, { token: alice.token })).body.data).toEqual({ liked: true, likes: 2 });
      expect((await server.api('POST', `/api/comments/${c.id}/like`, { token: bob.token })).body.data).toEqual({ liked: false, likes: 1 });
      const listed = await list(articleId, alice.token);
      expect(listed.body.data[0]).toMatchObject({ likes: 1, liked: true });
    });

    it('cannot like a comment others cannot see', async () => {
      const c = (await post(articleId, { content: 'Bekliyor' }, alice.token)).body.data;
      const res = await server.api('POST', `/api/comments/${c.id}/like`, { token: bob.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Yorum bulunamadı.');
      expect((await server.api('POST', '/api/comments/yok/like', { token: bob.token })).status).toBe(404);
    });
  });
};
