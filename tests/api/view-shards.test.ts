import { describe, expect, it } from 'vitest';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { foldArticleViews, HOT_VIEWS, VIEW_SHARD_COLLECTION } from '../../functions/src/domain/articles/view-shards.js';
import { operationsSince } from '../../functions/src/ports/operation-meter.js';
import { createAccount } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

/**
 * Issue 21, the race-day peak: the most read article's views go to shard documents once this
 * instance sees more than HOT_VIEWS of them in 10 seconds, and the fold job moves them into the
 * article's count. What readers see stays exact: every viewer counted once a day, never twice,
 * whatever runs twice or at once.
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const server = useTestServer({ now: NOW });

let articleCount = 0;
async function publishArticle(): Promise<string> {
  const author = await createAccount(server, { role: 'author' });
  articleCount += 1;
  const id = `vs-${articleCount}`;
  const doc = buildArticleDocument({ title: `Sıcak makale ${articleCount}`, slug: id, authorId: author.id, category: 'news', excerpt: 'Özet', content: '<p>Gövde</p>', status: 'published' }, NOW);
  await server.deps.store.set('articles', id, doc as unknown as Record<string, unknown>);
  return id;
}

/** Visitors `first` … `first + count - 1` (their browsers differ) view the article, all at once. */
async function viewBy(id: string, count: number, first = 0): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => server.api('POST', `/api/articles/${id}/view`, { headers: { 'user-agent': `Mozilla/5.0 (test ${first + i})` } })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
}

const storedViews = async (id: string) => (await server.deps.store.get<{ stats: { views: number } }>('articles', id))!.stats.views;
const shardsOf = (id: string) => server.deps.store.collection<{ pending: number }>(VIEW_SHARD_COLLECTION).where('articleId', '==', id).get();
const pendingOf = async (id: string) => (await shardsOf(id)).reduce((sum, shard) => sum + shard.pending, 0);
/** What a reader is shown (signed in: the visitors' copy may be cached a few seconds). */
async function shownViews(id: string): Promise<number> {
  const member = await createAccount(server);
  return (await server.api('GET', `/api/articles/${id}`, { token: member.token })).body.data.stats.views as number;
}

describe('the view counter of a hot article', () => {
  it('takes a burst of views on shards, and after the fold readers see every viewer exactly once', async () => {
    const id = await publishArticle();
    await viewBy(id, 3 * HOT_VIEWS);
    // Past the threshold the article document stops taking the views: they wait on its shards.
    const direct = await storedViews(id);
    expect(direct).toBeLessThanOrEqual(HOT_VIEWS + 1);
    expect((await shardsOf(id)).length).toBeGreaterThan(1);
    expect(direct + (await pendingOf(id))).toBe(3 * HOT_VIEWS);

    expect(await foldArticleViews(server.deps)).toEqual({ articles: 1, views: 3 * HOT_VIEWS - direct });
    expect(await shownViews(id)).toBe(3 * HOT_VIEWS);
    expect(await pendingOf(id)).toBe(0);
    // Nothing left: a second run adds nothing.
    expect(await foldArticleViews(server.deps)).toEqual({ articles: 0, views: 0 });
    expect(await shownViews(id)).toBe(3 * HOT_VIEWS);
  });

  it('the same viewers again the same day count nothing, sharded or not', async () => {
    const id = await publishArticle();
    await viewBy(id, 2 * HOT_VIEWS);
    await viewBy(id, 2 * HOT_VIEWS);
    await foldArticleViews(server.deps);
    expect(await shownViews(id)).toBe(2 * HOT_VIEWS);
  });

  it('two folds at once, with views arriving meanwhile, add each view once', async () => {
    const id = await publishArticle();
    await viewBy(id, 2 * HOT_VIEWS);
    await Promise.all([foldArticleViews(server.deps), foldArticleViews(server.deps), viewBy(id, HOT_VIEWS, 1_000)]);
    await foldArticleViews(server.deps);
    expect(await pendingOf(id)).toBe(0);
    expect(await shownViews(id)).toBe(3 * HOT_VIEWS);
  });

  it('a hot view reads only the article, like a cold one, and writes its marker and one shard', async () => {
    const id = await publishArticle();
    await viewBy(id, 2 * HOT_VIEWS);
    const before = server.deps.store.meter.snapshot();
    await viewBy(id, 1, 5_000);
    expect(operationsSince(before, server.deps.store.meter.snapshot())).toEqual({ reads: 1, writes: 2, deletes: 0 });
  });

  it('the shards of an article deleted before the fold are deleted with it, counted nowhere', async () => {
    const id = await publishArticle();
    await viewBy(id, 2 * HOT_VIEWS);
    expect(await pendingOf(id)).toBeGreaterThan(0);
    await server.deps.store.delete('articles', id);
    await foldArticleViews(server.deps);
    expect(await shardsOf(id)).toEqual([]);
    expect(await server.deps.store.get('articles', id)).toBeNull();
  });
});
