import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_FILTERS, commentPagination, deleteComment, editComment, editCommentSchema, getCommentForAdmin, listCommentsForAdmin, moderateComment, MODERATION_MESSAGES as M } from '../../domain/moderation/index.js';
import { requireAdmin } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { serviceRoute, bodyRoute } from '../http/route-handlers.js';
import { pageQuery, parseQuery } from '../http/validation.js';

const listQuery = z.strictObject({
  ...pageQuery(20, 100),
  status: z.enum(COMMENT_FILTERS, 'Geçersiz durum filtresi').default('all'),
  articleId: z.string().min(1).max(128).optional(),
});

async function list(c: Parameters<typeof requireAdmin>[0]) {
  requireAdmin(c);
  const q = parseQuery(c, listQuery);
  const { items, total, counts } = await listCommentsForAdmin(c.get('deps'), q);
  return ok(c, items, { pagination: commentPagination(q.page, q.limit, total, counts) });
}

/** The moderation list, served at both /articles/admin/comments and /admin/comments. */
export const commentListRoutes = new Hono<ApiEnv>().get('/', list);

/** Admin comment moderation under /comments (spec 002 §7 'Comments'). Mounted before the public comment routes. */
export const staffCommentRoutes = new Hono<ApiEnv>()
  .get('/:id', async (c) => {
    requireAdmin(c);
    return ok(c, await getCommentForAdmin(c.get('deps'), c.req.param('id')));
  })
  .put('/:id/approve', serviceRoute(requireAdmin, ({ deps, viewer, param }) => moderateComment(deps, viewer, param('id'), 'approved'), { message: M.approved }))
  .put('/:id/reject', serviceRoute(requireAdmin, ({ deps, viewer, param }) => moderateComment(deps, viewer, param('id'), 'rejected'), { message: M.rejected }))
  .put('/:id', bodyRoute(requireAdmin, editCommentSchema, ({ deps, viewer, input, param }) => editComment(deps, viewer, param('id'), input.content), { message: M.updated }))
  .delete('/:id', async (c) => {
    const viewer = requireAdmin(c);
    await deleteComment(c.get('deps'), viewer, c.req.param('id'));
    return ok(c, null, { message: M.deleted });
  });
