import type { AppDeps } from '../../platform/deps.js';
import type { DocumentData, Transaction, WithId } from '../../ports/document-store.js';
import { getArticleIn, updateArticleIn } from '../articles/index.js';
import { parseComment, type CommentRecord, type CommentStatus } from './comment.js';

/**
 * How other areas read and change `comments` (moderation's screen, the data export, an article
 * removed for good): through these functions in comments' index.ts, never by the collection's name.
 */

export async function getComment(deps: Pick<AppDeps, 'store'>, id: string): Promise<CommentRecord | null> {
  const raw = await deps.store.get('comments', id);
  return raw ? parseComment(raw) : null;
}

/** The comment as the caller's transaction reads it, or null. */
export async function getCommentIn(tx: Transaction, id: string): Promise<CommentRecord | null> {
  const raw = await tx.get('comments', id);
  return raw ? parseComment(raw) : null;
}

/** Changes fields of a comment inside the caller's transaction; never its status (`setCommentStatus` keeps the counter). */
export function updateCommentIn(tx: Transaction, id: string, changes: Partial<Omit<CommentRecord, 'id' | 'status'>>): void {
  tx.update('comments', id, changes);
}

/**
 * Deletes a comment and its replies (a reply without its parent has nowhere to show) in the
 * caller's transaction, taking the approved ones off the article's counter. Returns how many
 * replies went with it.
 */
export async function deleteCommentThreadIn(tx: Transaction, deps: Pick<AppDeps, 'store'>, comment: CommentRecord): Promise<number> {
  const thread = (await tx.query(deps.store.collection('comments').where('articleId', '==', comment.articleId).orderBy('createdAt', 'asc'))).map(parseComment);
  const doomed = new Set([comment.id]);
  for (const c of thread) if (c.parentId && doomed.has(c.parentId)) doomed.add(c.id);
  const approvedGone = thread.filter((c) => doomed.has(c.id) && c.status === 'approved').length;
  const article = approvedGone ? await getArticleIn(tx, comment.articleId) : null;
  for (const id of doomed) tx.delete('comments', id);
  if (article) updateArticleIn(tx, article.id, { 'stats.comments': Math.max(0, article.stats.comments - approvedGone) });
  return doomed.size - 1;
}

export interface StaffCommentQuery {
  page: number;
  limit: number;
  status: CommentStatus | 'all';
  articleId?: string | undefined;
}

/** A page of comments for the moderation screen, newest first, with the screen's counters. */
export async function pageCommentsForStaff(deps: Pick<AppDeps, 'store'>, q: StaffCommentQuery) {
  let query = deps.store.collection('comments');
  if (q.articleId) query = query.where('articleId', '==', q.articleId);
  if (q.status !== 'all') query = query.where('status', '==', q.status);
  query = query.orderBy('createdAt', 'desc');
  const base = deps.store.collection('comments');
  const [docs, total, pending, approved, rejected, all] = await Promise.all([
    query.offset((q.page - 1) * q.limit).limit(q.limit).get(),
    query.count(),
    base.where('status', '==', 'pending').count(),
    base.where('status', '==', 'approved').count(),
    base.where('status', '==', 'rejected').count(),
    base.count(),
  ]);
  return { items: docs.map(parseComment), total, counts: { total: all, pending, approved, rejected } };
}

/** A member's comments as stored (the data export shows every field, old documents included). */
export function storedCommentsOf(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<WithId<DocumentData>[]> {
  return deps.store.collection('comments').where('authorId', '==', authorId).get();
}

/**
 * Deletes every comment under an article; the API calls it when staff remove the article for good
 * (a comment without its article can never be shown or moderated in context again).
 */
export async function deleteArticleComments(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<void> {
  const ids = (await deps.store.collection('comments').where('articleId', '==', articleId).get()).map((d) => d.id);
  // Firestore batches hold at most 500 writes.
  for (let i = 0; i < ids.length; i += 450) {
    const batch = deps.store.batch();
    for (const id of ids.slice(i, i + 450)) batch.delete('comments', id);
    await batch.commit();
  }
}
