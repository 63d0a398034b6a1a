import { Hono, type Context } from 'hono';
import { assertCanRead, ARTICLE_NOT_FOUND, getPublishedArticle } from '../../domain/articles/index.js';
import { z } from 'zod';
import { createCommentSchema, COMMENT_NOT_FOUND, commentArticleId, createComment, listArticleComments, toggleCommentLike } from '../../domain/comments/index.js';
import { hit, retryAfterSeconds } from '../../platform/rate-limit.js';
import { AppError } from '../../platform/errors.js';
import { optionalViewer, requireViewer } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok, pagination } from '../http/respond.js';
import { pageQuery, parseBody, parseQuery } from '../http/validation.js';

/** Article comments (spec 000 §2.13, §7.2): threaded, plain text, approved by staff before others see them. */

/** Enough for a lively discussion, too few for a flood that staff would have to moderate by hand. */
const COMMENT_RATE = { name: 'comment-user', max: 10, windowMs: 10 * 60_000 };

const listQuerySchema = z.strictObject({
  ...pageQuery(10, 50),
});

async function readableArticle(c: Context<ApiEnv>, idOrSlug: string) {
  const article = await getPublishedArticle(c.get('deps'), idOrSlug, 'id');
  if (!article) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  // A paid article's discussion is part of what VIP members pay for.
  assertCanRead(article, optionalViewer(c), c.get('deps').now());
  return article;
}

/** An article's discussion, under /articles. */
export const articleCommentRoutes = new Hono<ApiEnv>()
  .get('/:articleId/comments', async (c) => {
    const q = parseQuery(c, listQuerySchema);
    const article = await readableArticle(c, c.req.param('articleId'));
    const viewer = optionalViewer(c);
    const { items, total } = await listArticleComments(c.get('deps'), {
      articleId: article.id,
      viewerId: viewer?.user.id ?? null,
      page: q.page,
      limit: q.limit,
    });
    return ok(c, items, { pagination: pagination(q.page, q.limit, total) });
  })
  .post('/:articleId/comments', async (c) => {
    const viewer = requireViewer(c);
    const body = await parseBody(c, createCommentSchema);
    const article = await readableArticle(c, c.req.param('articleId'));
    const deps = c.get('deps');
    const wait = await retryAfterSeconds(deps, COMMENT_RATE, viewer.user.id);
    if (wait !== null) {
      throw new AppError('TOO_MANY_REQUESTS', 'Çok fazla yorum gönderdiniz. Lütfen biraz bekleyip tekrar deneyin.', { headers: { 'Retry-After': String(wait) } });
    }
    const comment = await createComment(deps, { article, author: viewer.user, body });
    await hit(deps, COMMENT_RATE, viewer.user.id);
    return ok(c, comment, {
      status: 201,
      message: comment.isPending ? 'Yorumunuz alındı, onaylandıktan sonra yayınlanacaktır.' : 'Yorumunuz yayınlandı.',
    });
  });

/** A reader's like, under /comments. */
export const commentLikeRoutes = new Hono<ApiEnv>()
  .post('/:id/like', async (c) => {
    const viewer = requireViewer(c);
    const deps = c.get('deps');
    const articleId = await commentArticleId(deps, c.req.param('id'));
    if (!articleId) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
    await readableArticle(c, articleId);
    return ok(c, await toggleCommentLike(deps, { commentId: c.req.param('id'), userId: viewer.user.id }));
  });
