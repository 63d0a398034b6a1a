import { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { pagination, type Pagination } from '../../platform/wire.js';
import { AppError } from '../../platform/errors.js';
import { parseArticle } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { COMMENT_MAX_LENGTH, COMMENT_STATUSES, parseComment, type CommentRecord, COMMENT_NOT_FOUND, setCommentStatus } from '../comments/index.js';
import { authorDisplayName, getUsersById } from '../identity/index.js';
import { writeAudit } from '../audit/index.js';

/**
 * Comment moderation for admins (spec 002 'Comment management'). Status changes go through
 * setCommentStatus, which keeps the article's approved-comment counter exact; edits and deletes
 * adjust it here in the same transaction.
 */

export const MODERATION_MESSAGES = {
  approved: 'Yorum onaylandı',
  rejected: 'Yorum reddedildi',
  deleted: 'Yorum silindi',
  updated: 'Yorum güncellendi',
  empty: 'Yorum boş olamaz.',
} as const;

export const editCommentSchema = z.strictObject({
  content: z.string(MODERATION_MESSAGES.empty).trim().min(1, MODERATION_MESSAGES.empty).max(COMMENT_MAX_LENGTH, `Yorum en fazla ${COMMENT_MAX_LENGTH} karakter olabilir.`),
});

export const COMMENT_FILTERS = ['all', ...COMMENT_STATUSES] as const;


async function adminView(deps: Pick<AppDeps, 'store'>, comments: CommentRecord[]) {
  const articleIds = [...new Set(comments.map((c) => c.articleId))];
  const titles = new Map<string, string>();
  if (articleIds.length) (await deps.store.getAll('articles', articleIds)).forEach((a) => a && titles.set(a.id, parseArticle(a).title));
  const names = new Map<string, string>();
  for (const [id, user] of await getUsersById(deps, comments.map((c) => c.authorId))) names.set(id, authorDisplayName(user));
  return comments.map((c) => ({
    ...c,
    _id: c.id,
    authorName: names.get(c.authorId) ?? c.authorName,
    articleTitle: titles.get(c.articleId) ?? 'Silinmiş makale',
    isApproved: c.status === 'approved',
  }));
}

/** A comment as the moderation screen gets it: the record plus author name and article title. */
export type AdminCommentView = Awaited<ReturnType<typeof adminView>>[number];

/** The comments list's paging block carries the four counters of the screen's cards (spec 002). */
export interface CommentPagination extends Pagination {
  currentPage: number;
  totalComments: number;
  pendingComments: number;
  approvedComments: number;
  rejectedComments: number;
}

export function commentPagination(page: number, limit: number, total: number, counts: { total: number; pending: number; approved: number; rejected: number }): CommentPagination {
  return {
    ...pagination(page, limit, total),
    currentPage: page,
    totalComments: counts.total,
    pendingComments: counts.pending,
    approvedComments: counts.approved,
    rejectedComments: counts.rejected,
  };
}

export async function listCommentsForAdmin(deps: Pick<AppDeps, 'store'>, q: { page: number; limit: number; status: (typeof COMMENT_FILTERS)[number]; articleId?: string | undefined }) {
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
  const items = await adminView(deps, docs.map(parseComment));
  return { items, total, counts: { total: all, pending, approved, rejected } };
}

export async function getCommentForAdmin(deps: Pick<AppDeps, 'store'>, id: string) {
  const raw = isDocumentId(id) ? await deps.store.get('comments', id) : null;
  if (!raw) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  return (await adminView(deps, [parseComment(raw)]))[0]!;
}

function audit(deps: AppDeps, tx: Parameters<typeof writeAudit>[0], actor: Actor, action: string, id: string, before: unknown, after: unknown) {
  writeAudit(tx, deps.store.newId(), { action, by: actor.user, entity: { collection: 'comments', id }, before, after, at: deps.now() });
}

export async function moderateComment(deps: AppDeps, actor: Actor, id: string, status: 'approved' | 'rejected') {
  const before = await getCommentForAdmin(deps, id);
  const updated = await setCommentStatus(deps, id, status);
  await deps.store.runTransaction(async (tx) => audit(deps, tx, actor, `comment.${status === 'approved' ? 'approve' : 'reject'}`, id, { status: before.status }, { status }));
  if (before.status !== status) deps.requestRebuild(`comment moderated: ${before.articleId}`);
  return (await adminView(deps, [updated]))[0]!;
}

export async function editComment(deps: AppDeps, actor: Actor, id: string, content: string) {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  const updated = await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('comments', id);
    if (!raw) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const comment = parseComment(raw);
    const changes = { content, isEdited: content !== comment.content || comment.isEdited, updatedAt: deps.now() };
    tx.update('comments', id, changes);
    audit(deps, tx, actor, 'comment.edit', id, { content: comment.content }, { content });
    return { ...comment, ...changes };
  });
  return (await adminView(deps, [updated]))[0]!;
}

/** Deletes a comment and its replies (a reply without its parent has nowhere to show). */
export async function deleteComment(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  const articleId = await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('comments', id);
    if (!raw) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const comment = parseComment(raw);
    const thread = (await tx.query(deps.store.collection('comments').where('articleId', '==', comment.articleId).orderBy('createdAt', 'asc'))).map(parseComment);
    const doomed = new Set([comment.id]);
    for (const c of thread) if (c.parentId && doomed.has(c.parentId)) doomed.add(c.id);
    const approvedGone = thread.filter((c) => doomed.has(c.id) && c.status === 'approved').length;
    const articleRaw = approvedGone ? await tx.get('articles', comment.articleId) : null;
    for (const d of doomed) tx.delete('comments', d);
    if (articleRaw) tx.update('articles', comment.articleId, { 'stats.comments': Math.max(0, parseArticle(articleRaw).stats.comments - approvedGone) });
    audit(deps, tx, actor, 'comment.delete', id, { content: comment.content, status: comment.status, replies: doomed.size - 1 }, null);
    return comment.articleId;
  });
  deps.requestRebuild(`comment deleted: ${articleId}`);
}
