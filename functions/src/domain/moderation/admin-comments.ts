import { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { pagination, type Pagination } from '../../platform/wire.js';
import { AppError } from '../../platform/errors.js';
import { getArticlesById } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { COMMENT_MAX_LENGTH, COMMENT_STATUSES, type CommentRecord, COMMENT_NOT_FOUND, setCommentStatus, getComment, getCommentIn, updateCommentIn, deleteCommentThreadIn, pageCommentsForStaff } from '../comments/index.js';
import { authorDisplayName, getUsersById } from '../identity/index.js';
import { writeAudit } from '../audit/index.js';

/**
 * Comment moderation for admins (spec 002 'Comment management'). Status changes go through
 * setCommentStatus, which keeps the article's approved-comment counter exact; a delete goes through
 * deleteCommentThreadIn, which adjusts it in the same transaction as the audit entry.
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
  const articles = await getArticlesById(deps, comments.map((c) => c.articleId));
  const names = new Map<string, string>();
  for (const [id, user] of await getUsersById(deps, comments.map((c) => c.authorId))) names.set(id, authorDisplayName(user));
  return comments.map((c) => ({
    ...c,
    _id: c.id,
    authorName: names.get(c.authorId) ?? c.authorName,
    articleTitle: articles.get(c.articleId)?.title ?? 'Silinmiş makale',
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
  const { items, total, counts } = await pageCommentsForStaff(deps, q);
  return { items: await adminView(deps, items), total, counts };
}

export async function getCommentForAdmin(deps: Pick<AppDeps, 'store'>, id: string) {
  const comment = isDocumentId(id) ? await getComment(deps, id) : null;
  if (!comment) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  return (await adminView(deps, [comment]))[0]!;
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
    const comment = await getCommentIn(tx, id);
    if (!comment) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const changes = { content, isEdited: content !== comment.content || comment.isEdited, updatedAt: deps.now() };
    updateCommentIn(tx, id, changes);
    audit(deps, tx, actor, 'comment.edit', id, { content: comment.content }, { content });
    return { ...comment, ...changes };
  });
  return (await adminView(deps, [updated]))[0]!;
}

/** Deletes a comment and its replies (a reply without its parent has nowhere to show). */
export async function deleteComment(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  const articleId = await deps.store.runTransaction(async (tx) => {
    const comment = await getCommentIn(tx, id);
    if (!comment) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const replies = await deleteCommentThreadIn(tx, deps, comment);
    audit(deps, tx, actor, 'comment.delete', id, { content: comment.content, status: comment.status, replies }, null);
    return comment.articleId;
  });
  deps.requestRebuild(`comment deleted: ${articleId}`);
}
