import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getArticleIn, updateArticleIn, type ArticleRecord, ARTICLE_NOT_FOUND, type LikeView } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { authorDisplayName, type UserRecord } from '../identity/index.js';
import { parseComment, type CommentRecord, type CommentStatus, type CreateCommentInput } from './comment.js';

type Deps = Pick<AppDeps, 'store' | 'now'>;

export const COMMENT_NOT_FOUND = 'Yorum bulunamadı.';
const COMMENTS_CLOSED = 'Bu makale yorumlara kapalı.';
const PARENT_NOT_FOUND = 'Yanıtlanan yorum bulunamadı.';

/** A comment as readers get it; replies nest under their parent. */
export interface CommentView {
  id: string;
  articleId: string;
  parentId: string | null;
  content: string;
  authorId: string;
  authorName: string;
  displayName: string;
  username: string | null;
  status: CommentStatus;
  /** The caller's own comment still waiting for staff approval. */
  isPending: boolean;
  isOwn: boolean;
  isEdited: boolean;
  likes: number;
  liked: boolean;
  createdAt: Date;
  updatedAt: Date;
  replies: CommentView[];
}

/** Comments are read per article in one query; an article's thread is small enough to assemble in memory. */
async function articleComments(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<CommentRecord[]> {
  const docs = await deps.store.collection('comments').where('articleId', '==', articleId).orderBy('createdAt', 'asc').get();
  return docs.map(parseComment);
}

function isVisibleTo(comment: CommentRecord, viewerId: string | null): boolean {
  return comment.status === 'approved' || (comment.status === 'pending' && comment.authorId === viewerId);
}

/**
 * One page of an article's threads: top-level comments oldest first, each with all its visible
 * replies nested. Others see approved comments only; the caller also sees their own pending
 * ones, marked. A reply whose parent is hidden is hidden with it.
 */
export async function listArticleComments(
  deps: Pick<AppDeps, 'store'>,
  input: { articleId: string; viewerId: string | null; page: number; limit: number },
): Promise<{ items: CommentView[]; total: number }> {
  const visible = (await articleComments(deps, input.articleId)).filter((c) => isVisibleTo(c, input.viewerId));
  const liked = input.viewerId ? await likedSet(deps, visible, input.viewerId) : new Set<string>();
  const children = new Map<string, CommentRecord[]>();
  for (const c of visible) {
    if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  }
  const build = (c: CommentRecord, depth: number): CommentView => ({
    ...toView(c, input.viewerId, liked),
    // Depth cap guards against a cycle written by hand into the store.
    replies: depth > 20 ? [] : (children.get(c.id) ?? []).map((r) => build(r, depth + 1)),
  });
  const roots = visible.filter((c) => c.parentId === null);
  const offset = (input.page - 1) * input.limit;
  return { items: roots.slice(offset, offset + input.limit).map((c) => build(c, 0)), total: roots.length };
}

async function likedSet(deps: Pick<AppDeps, 'store'>, comments: CommentRecord[], userId: string): Promise<Set<string>> {
  if (comments.length === 0) return new Set();
  const docs = await deps.store.getAll(
    'commentLikes',
    comments.map((c) => commentLikeId(c.id, userId)),
  );
  return new Set(comments.filter((_, i) => docs[i] !== null).map((c) => c.id));
}

function toView(c: CommentRecord, viewerId: string | null, liked: Set<string>): Omit<CommentView, 'replies'> {
  return {
    id: c.id,
    articleId: c.articleId,
    parentId: c.parentId,
    content: c.content,
    authorId: c.authorId,
    authorName: c.authorName,
    displayName: c.authorName,
    username: c.username,
    status: c.status,
    isPending: c.status === 'pending',
    isOwn: c.authorId === viewerId,
    isEdited: c.isEdited,
    likes: c.likes,
    liked: liked.has(c.id),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/**
 * Posts a comment or a reply. Members' comments wait for staff approval; staff (who moderate
 * anyway) are published at once, which also keeps the article's approved-comment counter exact.
 */
export async function createComment(
  deps: Deps,
  input: { article: ArticleRecord; author: UserRecord; body: CreateCommentInput },
): Promise<CommentView> {
  const { article, author, body } = input;
  if (!article.allowComments) throw new AppError('FORBIDDEN', COMMENTS_CLOSED);
  const parentId = body.parentId ?? null;
  const id = deps.store.newId();
  const now = deps.now();
  const status: CommentStatus = author.role === 'user' ? 'pending' : 'approved';
  const record: Omit<CommentRecord, 'id'> = {
    articleId: article.id,
    authorId: author.id,
    authorName: authorDisplayName(author),
    username: author.username,
    parentId,
    content: body.content,
    status,
    isEdited: false,
    likes: 0,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.runTransaction(async (tx) => {
    const fresh = await getArticleIn(tx, article.id);
    if (!fresh) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
    if (fresh.status !== 'published' || fresh.isDeleted) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
    if (!fresh.allowComments) throw new AppError('FORBIDDEN', COMMENTS_CLOSED);
    if (parentId) {
      const parentRaw = isDocumentId(parentId) ? await tx.get('comments', parentId) : null;
      const parent = parentRaw ? parseComment(parentRaw) : null;
      // A reply must hang under a comment of the same article that the poster can see.
      if (!parent || parent.articleId !== article.id || !isVisibleTo(parent, author.id)) {
        throw new AppError('VALIDATION', PARENT_NOT_FOUND);
      }
    }
    tx.create('comments', id, record);
    if (status === 'approved') updateArticleIn(tx, article.id, { 'stats.comments': fresh.stats.comments + 1 });
  });
  return { ...toView({ id, ...record }, author.id, new Set()), replies: [] };
}

/**
 * Moderation (used by the staff panel): changes a comment's status and keeps the article's
 * approved-comment counter exact in the same transaction.
 */
export async function setCommentStatus(deps: Deps, id: string, status: CommentStatus): Promise<CommentRecord> {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  return deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('comments', id);
    if (!raw) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const comment = parseComment(raw);
    const delta = (status === 'approved' ? 1 : 0) - (comment.status === 'approved' ? 1 : 0);
    const article = delta !== 0 ? await getArticleIn(tx, comment.articleId) : null;
    const updated = { ...comment, status, updatedAt: deps.now() };
    tx.update('comments', id, { status, updatedAt: updated.updatedAt });
    if (article) updateArticleIn(tx, article.id, { 'stats.comments': Math.max(0, article.stats.comments + delta) });
    return updated;
  });
}

export function commentLikeId(commentId: string, userId: string): string {
  return `${commentId}_${userId}`;
}

/** Likes or unlikes an approved comment (or the caller's own pending one) once per member. */
export async function toggleCommentLike(deps: Deps, input: { commentId: string; userId: string }): Promise<LikeView> {
  if (!isDocumentId(input.commentId)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  return deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('comments', input.commentId);
    const comment = raw ? parseComment(raw) : null;
    if (!comment || !isVisibleTo(comment, input.userId)) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    const likeId = commentLikeId(comment.id, input.userId);
    const existing = await tx.get('commentLikes', likeId);
    const likes = Math.max(0, comment.likes + (existing ? -1 : 1));
    if (existing) tx.delete('commentLikes', likeId);
    else tx.create('commentLikes', likeId, { commentId: comment.id, userId: input.userId, createdAt: deps.now() });
    tx.update('comments', comment.id, { likes });
    return { liked: !existing, likes };
  });
}

/** The comment's article, for the access check of comment likes. */
export async function commentArticleId(deps: Pick<AppDeps, 'store'>, commentId: string): Promise<string | null> {
  if (!isDocumentId(commentId)) return null;
  const raw = await deps.store.get('comments', commentId);
  return raw ? parseComment(raw).articleId : null;
}

/** How many comments are in `status` (the staff badges count the pending ones). */
export function countCommentsByStatus(deps: Pick<AppDeps, 'store'>, status: CommentStatus): Promise<number> {
  return deps.store.collection('comments').where('status', '==', status).count();
}
