import { describe, expect, it } from 'vitest';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { operationsSince, type OperationCounts } from '../../functions/src/ports/operation-meter.js';
import { createAccount } from '../support/accounts.js';
import { useTestServer, type ApiResult } from '../support/server.js';

/**
 * Store operations of known requests, counted on the sqlite adapter exactly as Firestore would
 * bill them (issue 21): a change that adds a read to one of these paths shows up here first.
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const server = useTestServer({ now: NOW });

/** The store operations of one request (the requests of this file run one at a time). */
async function counted(request: () => Promise<ApiResult<unknown>>): Promise<OperationCounts & { status: number }> {
  const before = server.deps.store.meter.snapshot();
  const res = await request();
  return { status: res.status, ...operationsSince(before, server.deps.store.meter.snapshot()) };
}

async function publishArticles(authorId: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    const doc = buildArticleDocument(
      { title: `Sayım ${i}`, slug: `sayim-${i}`, authorId, category: 'news', excerpt: 'Özet', content: '<p>Gövde</p>', status: 'published' },
      new Date(NOW.getTime() - i * 60_000),
    );
    await server.deps.store.set('articles', `oc-${i}`, doc as unknown as Record<string, unknown>);
  }
}

describe('store operations per request, counted as Firestore bills them', () => {
  it('a list page, a by-slug read and a comment post cost exactly what they should', async () => {
    const author = await createAccount(server, { role: 'author' });
    const member = await createAccount(server);
    await publishArticles(author.id, 15);

    // 12 cards + 1 count() of the 15 published (one read per 1,000 entries) + 1 read of their one author.
    expect(await counted(() => server.api('GET', '/api/articles?page=1&limit=12'))).toEqual({ status: 200, reads: 14, writes: 0, deletes: 0 });
    // A member's list is the visitors' copy (lists are the same for everyone): only their user is read.
    expect(await counted(() => server.api('GET', '/api/articles?page=1&limit=12', { token: member.token }))).toEqual({ status: 200, reads: 1, writes: 0, deletes: 0 });
    // The 12 documents the offset skips are billed too: 12 skipped + 3 returned + the author (the total is still cached).
    expect(await counted(() => server.api('GET', '/api/articles?page=2&limit=12'))).toEqual({ status: 200, reads: 16, writes: 0, deletes: 0 });
    // The article by its slug and its author.
    expect(await counted(() => server.api('GET', '/api/articles/slug/sayim-3'))).toEqual({ status: 200, reads: 2, writes: 0, deletes: 0 });
    // The detail by id keeps the spec's slug-first rule: an empty slug query, the article, its author.
    expect(await counted(() => server.api('GET', '/api/articles/oc-4'))).toEqual({ status: 200, reads: 3, writes: 0, deletes: 0 });
    // A visitor's view: the article by id (no slug query first); the marker is created without being
    // read first, in one batch with the counter. A repeat the same day fails its create: nothing written.
    expect(await counted(() => server.api('POST', '/api/articles/oc-4/view'))).toEqual({ status: 200, reads: 1, writes: 2, deletes: 0 });
    expect(await counted(() => server.api('POST', '/api/articles/oc-4/view'))).toEqual({ status: 200, reads: 1, writes: 0, deletes: 0 });
    // A member's view: their user (the ended sessions are listed on it: no session read) and the article.
    expect(await counted(() => server.api('POST', '/api/articles/oc-4/view', { token: member.token }))).toEqual({ status: 200, reads: 2, writes: 2, deletes: 0 });
    // A member's comment: their user (1), the article by id (1), the rate limit (1), the
    // transaction's re-read of the article (1) and the limit's own transaction (1); the comment and the limit's counter written.
    expect(await counted(() => server.api('POST', '/api/articles/oc-3/comments', { token: member.token, body: { content: 'Güzel bir yazı olmuş.' } }))).toEqual({
      status: 201,
      reads: 5,
      writes: 2,
      deletes: 0,
    });
  });

  it('a missing document and an empty query still bill one read each; a delete counts apart', async () => {
    const { store } = server.deps;
    const before = store.meter.snapshot();
    expect(await store.get('articles', 'yok-boyle-bir-makale')).toBeNull();
    expect(await store.collection('articles').where('slug', '==', 'yok-boyle').get()).toEqual([]);
    await store.set('horseFollows', 'oc-sayim', { userId: 'u', horseId: 'h' });
    await store.delete('horseFollows', 'oc-sayim');
    expect(operationsSince(before, store.meter.snapshot())).toEqual({ reads: 2, writes: 1, deletes: 1 });
  });

  it('concurrent scopes each count only their own operations', async () => {
    const { store } = server.deps;
    const a = { reads: 0, writes: 0, deletes: 0 };
    const b = { reads: 0, writes: 0, deletes: 0 };
    await Promise.all([
      store.meter.run(a, async () => {
        await store.get('articles', 'oc-1');
        await store.getAll('articles', ['oc-2', 'oc-3', 'oc-4']);
      }),
      store.meter.run(b, async () => {
        await store.collection('articles').where('category', '==', 'news').count();
      }),
    ]);
    expect(a).toEqual({ reads: 4, writes: 0, deletes: 0 });
    expect(b).toEqual({ reads: 1, writes: 0, deletes: 0 });
  });
});
