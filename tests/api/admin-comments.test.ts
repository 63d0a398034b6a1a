import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { seedArticle } from './race-estimates.fixtures.js';

describe('admin comments API (spec 002 Comments)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let author: TestAccount;
  let member: TestAccount;
  let articleId: string;

  async function comment(id: string, status: string, parentId: string | null = null, minutes = 0) {
    const at = new Date(server.deps.now().getTime() - 3600_000 + minutes * 60_000);
    await server.deps.store.set('comments', id, { articleId, authorId: member.id, authorName: 'Test Üye', username: null, parentId, content: `Yorum ${id}`, status, isEdited: false, likes: 0, createdAt: at, updatedAt: at });
  }
  const stats = async () => ((await server.deps.store.get('articles', articleId)) as { stats?: { comments: number } }).stats?.comments ?? 0;

  beforeAll(async () => {
    server = await startTestServer({ now: new Date('2026-11-22T12:00:00+03:00') });
    admin = await createAccount(server, { role: 'admin' });
    author = await createAccount(server, { role: 'author' });
    member = await createAccount(server);
    articleId = await seedArticle(server.deps, author.id);
    await comment('c1', 'pending', null, 1);
    await comment('c2', 'approved', null, 2);
    await comment('c3', 'approved', 'c2', 3);
    await comment('c4', 'rejected', null, 4);
    await server.deps.store.update('articles', articleId, { stats: { views: 0, likes: 0, comments: 2, shares: 0 } });
  });
  afterAll(() => server.close());

  it('lists with counters, filters, joined article title and author name; admin only', async () => {
    const res = await server.api('GET', '/api/articles/admin/comments', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(['c4', 'c3', 'c2', 'c1']);
    expect(res.body.data[1]).toMatchObject({ _id: 'c3', parentId: 'c2', articleTitle: 'Veliefendi altılı tahmini', authorName: 'Test Üye', isApproved: true });
    expect(res.body.pagination).toMatchObject({ currentPage: 1, limit: 20, totalComments: 4, pendingComments: 1, approvedComments: 2, rejectedComments: 1, hasNext: false, hasPrev: false });
    const pending = await server.api('GET', '/api/articles/admin/comments?status=pending', { token: admin.token });
    expect(pending.body.data.map((c: { id: string }) => c.id)).toEqual(['c1']);
    const paged = await server.api('GET', '/api/admin/comments?limit=2&page=2&status=all', { token: admin.token });
    expect(paged.body.data.map((c: { id: string }) => c.id)).toEqual(['c2', 'c1']);
    expect((await server.api('GET', '/api/articles/admin/comments?status=spam', { token: admin.token })).body.message).toBe('Geçersiz durum filtresi');
    expect((await server.api('GET', '/api/articles/admin/comments', { token: author.token })).status).toBe(403);
    expect((await server.api('GET', '/api/articles/admin/comments', { token: member.token })).status).toBe(403);
    expect((await server.api('GET', '/api/articles/admin/comments')).status).toBe(401);
  });

  it('approves and rejects, keeping the approved counter of the article right', async () => {
    const approve = await server.api('PUT', '/api/comments/c1/approve', { token: admin.token });
    expect(approve.status).toBe(200);
    expect(approve.body.message).toBe('Yorum onaylandı');
    expect(await stats()).toBe(3);
    expect((await server.api('PUT', '/api/comments/c1/approve', { token: admin.token })).status).toBe(200);
    expect(await stats()).toBe(3);
    const reject = await server.api('PUT', '/api/comments/c1/reject', { token: admin.token });
    expect(reject.body.message).toBe('Yorum reddedildi');
    expect(reject.body.data.status).toBe('rejected');
    expect(await stats()).toBe(2);
    expect((await server.api('PUT', '/api/comments/c1/approve', { token: author.token })).status).toBe(403);
    expect((await server.api('PUT', '/api/comments/nope/approve', { token: admin.token })).status).toBe(404);
    const audit = await server.deps.store.collection('auditLog').where('entity.id', '==', 'c1').get();
    expect(audit.length).toBe(3);
  });

  it('edits with trimmed non-empty text and marks it edited', async () => {
    const res = await server.api('PUT', '/api/comments/c2', { token: admin.token, body: { content: '  Düzeltilmiş yorum  ' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Yorum güncellendi');
    expect(res.body.data).toMatchObject({ content: 'Düzeltilmiş yorum', isEdited: true });
    expect((await server.api('PUT', '/api/comments/c2', { token: admin.token, body: { content: '   ' } })).body.message).toBe('Yorum boş olamaz.');
    expect((await server.api('PUT', '/api/comments/c2', { token: admin.token, body: { content: 'x', status: 'approved' } })).status).toBe(400);
    expect((await server.api('PUT', '/api/comments/c2', { token: member.token, body: { content: 'x' } })).status).toBe(403);
    expect((await server.api('GET', '/api/comments/c2', { token: admin.token })).body.data.content).toBe('Düzeltilmiş yorum');
    expect((await server.api('GET', '/api/comments/c2', { token: member.token })).status).toBe(403);
  });

  it('deletes a comment with its replies and lowers the counter by the approved ones', async () => {
    expect((await server.api('DELETE', '/api/comments/c2', { token: author.token })).status).toBe(403);
    const res = await server.api('DELETE', '/api/comments/c2', { token: admin.token });
    expect(res.body.message).toBe('Yorum silindi');
    expect(await server.deps.store.get('comments', 'c2')).toBeNull();
    expect(await server.deps.store.get('comments', 'c3')).toBeNull();
    expect(await stats()).toBe(0);
    expect((await server.api('DELETE', '/api/comments/c2', { token: admin.token })).status).toBe(404);
    expect((await server.api('GET', '/api/comments/c2', { token: admin.token })).body.message).toBe('Yorum bulunamadı.');
  });
});
