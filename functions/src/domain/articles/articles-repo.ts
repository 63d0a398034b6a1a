import type { AppDeps } from '../../platform/deps.js';
import type { DocumentData, Transaction, WithId } from '../../ports/document-store.js';
import { parseArticle, type ArticleRecord } from './article.js';

/**
 * How other areas read and change `articles` (comments keep the comment counter, estimates the
 * estimate flag and the settled result, records and the staff lists read titles): through these
 * functions in articles' index.ts, never by the collection's name.
 */

/** Several articles in few reads, by id; ids without an article are left out. */
export async function getArticlesById(deps: Pick<AppDeps, 'store'>, ids: string[]): Promise<Map<string, ArticleRecord>> {
  const unique = [...new Set(ids)];
  const articles = new Map<string, ArticleRecord>();
  // Firestore reads at most 100 documents per getAll.
  for (let i = 0; i < unique.length; i += 100) {
    for (const raw of await deps.store.getAll('articles', unique.slice(i, i + 100))) if (raw) articles.set(raw.id, parseArticle(raw));
  }
  return articles;
}

/** The article as the caller's transaction reads it, or null. */
export async function getArticleIn(tx: Transaction, id: string): Promise<ArticleRecord | null> {
  const raw = await tx.get('articles', id);
  return raw ? parseArticle(raw) : null;
}

/** Changes fields of an article inside the caller's transaction (dotted paths such as 'stats.comments' allowed). */
export function updateArticleIn(tx: Transaction, id: string, changes: Record<string, unknown>): void {
  tx.update('articles', id, changes);
}

/** How many articles an author has that are not deleted (drafts included). */
export function countAuthorArticles(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<number> {
  return deps.store.collection('articles').where('authorId', '==', authorId).where('isDeleted', '==', false).count();
}

/** An author's articles; deleted ones only when asked for. */
export async function listAuthorArticles(deps: Pick<AppDeps, 'store'>, authorId: string, options: { withDeleted: boolean }): Promise<ArticleRecord[]> {
  let query = deps.store.collection('articles').where('authorId', '==', authorId);
  if (!options.withDeleted) query = query.where('isDeleted', '==', false);
  return (await query.get()).map(parseArticle);
}

/** A page of published estimation articles, newest first, of one author or of all. */
export async function pagePublishedEstimationArticles(deps: Pick<AppDeps, 'store'>, q: { authorId: string | null; page: number; limit: number }): Promise<{ items: ArticleRecord[]; total: number }> {
  let query = deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false);
  if (q.authorId !== null) query = query.where('authorId', '==', q.authorId);
  query = query.where('category', '==', 'estimation').orderBy('publishedAt', 'desc');
  const [docs, total] = await Promise.all([query.offset((q.page - 1) * q.limit).limit(q.limit).get(), query.count()]);
  return { items: docs.map(parseArticle), total };
}

/** A member's article likes as stored (the data export shows every field). */
export function storedLikesOf(deps: Pick<AppDeps, 'store'>, userId: string): Promise<WithId<DocumentData>[]> {
  return deps.store.collection('articleLikes').where('userId', '==', userId).get();
}

/** The newest published estimation articles, at most `limit` (the notification job's scan). */
export async function latestPublishedEstimations(deps: Pick<AppDeps, 'store'>, limit: number): Promise<ArticleRecord[]> {
  const rows = await deps.store
    .collection('articles')
    .where('status', '==', 'published')
    .where('isDeleted', '==', false)
    .where('category', '==', 'estimation')
    .orderBy('publishedAt', 'desc')
    .limit(limit)
    .get();
  return rows.map(parseArticle);
}

/** Ids of scheduled articles whose time has come by `now`, earliest first, at most `limit`. */
export async function dueScheduledArticleIds(deps: Pick<AppDeps, 'store'>, now: Date, limit: number): Promise<string[]> {
  const due = await deps.store
    .collection('articles')
    .where('status', '==', 'scheduled')
    .where('isDeleted', '==', false)
    .where('scheduledAt', '<=', now)
    .orderBy('scheduledAt', 'asc')
    .limit(limit)
    .get();
  return due.map((doc) => doc.id);
}
