import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { parseArticle, type ArticleRecord } from './article.js';

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
export async function toggleArticleLike(deps: Deps, input: { articleId: string; userId: string }): Promise<{ liked: boolean; likes: number }> {
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

/** Counts one view. The client calls this once per session per article (spec 000 §2.12). */
export async function recordArticleView(deps: Deps, articleId: string): Promise<{ views: number }> {
  return deps.store.runTransaction(async (tx) => {
    const article = assertReadable(await tx.get('articles', articleId));
    const views = article.stats.views + 1;
    tx.update('articles', article.id, { 'stats.views': views });
    return { views };
  });
}
