import type { AppDeps } from '../../platform/deps.js';
import { FieldValue } from '../../ports/document-store.js';

/**
 * The view counter of a hot article (issue 21, docs/capacity.md "A race-day peak"). Firestore
 * sustains about one write a second to one document; at a race-day peak the most read article
 * gets about 180 counted views a second. A view of an article this instance sees often (more
 * than `HOT_VIEWS` in `HOT_WINDOW_MS`) goes to one of its shard documents (`pending` +1, in the
 * same batch as the view's marker, so it counts once or not at all); the fold job
 * (`foldArticleViews`, every minute) moves the shards' `pending` into the article's `stats.views`.
 * Other articles, nearly all, are counted on the article as before: no shard, no fold read.
 *
 * Which path a view takes is this instance's guess and never changes the total: both are exact.
 */
export const VIEW_SHARD_COLLECTION = 'articleViewShards';
/** 3 views a second sustained on one instance: never reached at 1 million views a day, reached by the peak's top articles. */
export const HOT_VIEWS = 30;
export const HOT_WINDOW_MS = 10_000;
/** Once hot, an article stays on the shards this long (no flapping at the threshold). */
export const HOT_FOR_MS = 60_000;
/**
 * At most this many shards per article. An instance spreads its views over as many shards as it
 * counted views in the last window (each shard then gets about one write every 10 s from it), so
 * a lukewarm article's fold reads few shards and the peak's 180 views a second get 100.
 */
export const VIEW_SHARDS = 100;

interface Heat {
  window: number;
  views: number;
  lastViews: number;
  hotUntil: number;
}

const heat = new Map<string, Heat>();
const HEAT_ENTRIES = 5_000;

/**
 * Notes a view of `articleId` on this instance and says how many shards its count spreads over
 * if counted: 0 = the article itself.
 */
export function viewSpread(articleId: string, nowMs: number): number {
  const window = Math.floor(nowMs / HOT_WINDOW_MS);
  let entry = heat.get(articleId);
  if (!entry) {
    // Bounded memory: forget articles neither hot nor viewed in this window.
    if (heat.size >= HEAT_ENTRIES) for (const [id, old] of heat) if (old.hotUntil <= nowMs && old.window !== window) heat.delete(id);
    entry = { window, views: 0, lastViews: 0, hotUntil: 0 };
    heat.set(articleId, entry);
  }
  if (entry.window !== window) {
    entry.lastViews = entry.window === window - 1 ? entry.views : 0;
    entry.window = window;
    entry.views = 0;
  }
  entry.views += 1;
  if (entry.views > HOT_VIEWS) entry.hotUntil = nowMs + HOT_FOR_MS;
  return entry.hotUntil > nowMs ? Math.min(VIEW_SHARDS, Math.max(entry.views, entry.lastViews)) : 0;
}

/** One of the first `spread` shards of `articleId`, at random: concurrent views land apart. */
export function viewShardId(articleId: string, spread: number, random: () => number = Math.random): string {
  return `${articleId}-${Math.floor(random() * spread)}`;
}

type ViewShard = { articleId: string; pending: number };

export interface ViewFoldReport {
  articles: number;
  views: number;
}

const FOLD_BATCH = 300;

/**
 * Moves every shard's pending views into its article's `stats.views`: per article one transaction
 * reads its shards, adds their sum to the article and takes the same amount off each shard
 * (an increment, so a view counted meanwhile stays pending). Run twice, or twice at once, each view
 * is added once: a second run finds nothing pending, or its transaction is retried after the first.
 * Shards of an article deleted meanwhile are deleted.
 */
export async function foldArticleViews(deps: Pick<AppDeps, 'store' | 'log'>): Promise<ViewFoldReport> {
  const report: ViewFoldReport = { articles: 0, views: 0 };
  // A hot article's shards fill again while the run goes on: each shard is taken once per run.
  const seen = new Set<string>();
  for (;;) {
    const pending = await deps.store.collection<ViewShard>(VIEW_SHARD_COLLECTION).where('pending', '>', 0).limit(FOLD_BATCH).get();
    const fresh = pending.filter((shard) => !seen.has(shard.id));
    if (fresh.length === 0) break;
    const byArticle = new Map<string, string[]>();
    for (const shard of fresh) {
      seen.add(shard.id);
      byArticle.set(shard.articleId, [...(byArticle.get(shard.articleId) ?? []), shard.id]);
    }
    for (const [articleId, shardIds] of byArticle) {
      const views = await deps.store.runTransaction(async (tx) => {
        const [article, shards] = await Promise.all([tx.get('articles', articleId), tx.getAll<ViewShard>(VIEW_SHARD_COLLECTION, shardIds)]);
        const taken = shards.map((shard) => Math.max(0, shard?.pending ?? 0));
        const sum = taken.reduce((a, b) => a + b, 0);
        if (!article) {
          for (const id of shardIds) tx.delete(VIEW_SHARD_COLLECTION, id);
          return 0;
        }
        if (sum === 0) return 0;
        tx.update('articles', articleId, { 'stats.views': FieldValue.increment(sum) });
        shardIds.forEach((id, i) => {
          if (taken[i]! > 0) tx.update(VIEW_SHARD_COLLECTION, id, { pending: FieldValue.increment(-taken[i]!) });
        });
        return sum;
      });
      if (views > 0) report.articles += 1;
      report.views += views;
    }
    if (pending.length < FOLD_BATCH) break;
  }
  if (report.views > 0) deps.log.info('article views folded', { articles: report.articles, views: report.views });
  return report;
}
