import { createHash } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { FieldValue, StoreError } from '../../ports/document-store.js';
import { istanbulDate } from '../../platform/time.js';
import { parseArticle, type ArticleRecord } from './article.js';
import { VIEW_SHARD_COLLECTION, viewShardId, viewSpread } from './view-shards.js';

type Deps = Pick<AppDeps, 'store' | 'now'>;

export const ARTICLE_NOT_FOUND = 'Makale bulunamadı';

function assertReadable(raw: unknown): ArticleRecord {
  if (!raw) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  const article = parseArticle(raw);
  if (article.status !== 'published' || article.isDeleted) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  return article;
}

export function articleLikeId(articleId: string, userId: string): string {
  return `${articleId}_${userId}`;
}

/**
 * Likes or unlikes an article for one member: the like document and the counter change in one
 * transaction, so the count always equals the number of like documents.
 */
/** A like toggle's answer (articles and comments): the caller's state and the new count. */
export interface LikeView {
  liked: boolean;
  likes: number;
}

export async function toggleArticleLike(deps: Deps, input: { articleId: string; userId: string }): Promise<LikeView> {
  return deps.store.runTransaction(async (tx) => {
    const article = assertReadable(await tx.get('articles', input.articleId));
    const likeId = articleLikeId(article.id, input.userId);
    const existing = await tx.get('articleLikes', likeId);
    const likes = Math.max(0, article.stats.likes + (existing ? -1 : 1));
    if (existing) tx.delete('articleLikes', likeId);
    else tx.create('articleLikes', likeId, { articleId: article.id, userId: input.userId, createdAt: deps.now() });
    tx.update('articles', article.id, { 'stats.likes': likes });
    return { liked: !existing, likes };
  });
}

export async function hasLikedArticle(deps: Pick<AppDeps, 'store'>, articleId: string, userId: string): Promise<boolean> {
  return (await deps.store.get('articleLikes', articleLikeId(articleId, userId))) !== null;
}

/**
 * Who is viewing, as the server sees it: the member id, else a hash of address and user agent
 * (neither is stored as such).
 */
export function viewerKey(input: { userId: string | null; address: string; userAgent: string }): string {
  return input.userId ? `u:${input.userId}` : `a:${createHash('sha256').update(`${input.address}\n${input.userAgent}`).digest('hex')}`;
}

/** A marker outlives its day (at most 24 hours away); Firestore's TTL policy on `expiresAt` deletes it afterwards. */
const VIEW_MARKER_TTL_MS = 24 * 3_600_000;

/**
 * Counts a view at most once per viewer per article per calendar day in Istanbul (spec 000 §2.12
 * has the client call once per session; the server decides, so a script cannot inflate the count).
 * The marker (`articleViews`, id = hash of article, viewer and day) is CREATED in one batch with
 * the counter's increment: when the marker already exists the whole batch fails with
 * ALREADY_EXISTS and nothing is counted. No read at all, where a transaction re-reading the marker
 * cost one per view (views are the most frequent write of the site, issue 21). The trade-off of
 * the day as the window: a viewer who reads at 23:59 and again at 00:01 counts twice.
 * The article was just read by the caller (it must be published); the answer's count is the
 * caller's copy plus this view, which is all a reader is shown.
 */
export async function recordArticleView(deps: Deps, article: ArticleRecord, viewer: string): Promise<{ views: number }> {
  const now = deps.now();
  const markerId = createHash('sha256').update(`${article.id}\n${viewer}\n${istanbulDate(now)}`).digest('hex');
  try {
    const batch = deps.store.batch().create('articleViews', markerId, { articleId: article.id, countedAt: now, expiresAt: new Date(now.getTime() + VIEW_MARKER_TTL_MS) });
    // A hot article's views go to its shards, folded into stats.views every minute (view-shards.ts).
    const spread = viewSpread(article.id, now.getTime());
    if (spread > 0) batch.set(VIEW_SHARD_COLLECTION, viewShardId(article.id, spread), { articleId: article.id, pending: FieldValue.increment(1) }, { merge: true });
    else batch.update('articles', article.id, { 'stats.views': FieldValue.increment(1) });
    await batch.commit();
  } catch (error) {
    if (error instanceof StoreError && error.code === 'ALREADY_EXISTS') return { views: article.stats.views };
    throw error;
  }
  return { views: article.stats.views + 1 };
}
