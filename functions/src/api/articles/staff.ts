import { Hono } from 'hono';
import { z } from 'zod';
import { AUDIENCES, CATEGORIES, RACE_RESULTS, STATUSES, assertMayChange, loadArticle, toStaffArticle, createArticle, deleteArticle, permanentlyDeleteArticle, restoreArticle, setRaceResult, togglePublish, updateArticle, articleStats, listDeletedArticles, listStaffArticles, ARTICLE_WRITE_MESSAGES as M, RACE_RESULT_LABELS, articleCreateSchema, articleUpdateSchema, raceResultSchema } from '../../domain/articles/index.js';
import { deleteArticleComments } from '../../domain/comments/index.js';
import { attachedEstimateChecks } from '../../domain/estimates/index.js';
import { requireStaff } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { bodyRoute, pagedListRoute } from '../http/route-handlers.js';
import { pageQuery, parseBody, parseQuery, queryBool } from '../http/validation.js';

/**
 * Staff article management (spec 002 §2, §7). The staff list lives at GET /admin/articles because
 * GET /articles is the public list; the write paths are the spec's. Mounted before the public
 * routes so /articles/stats and /articles/deleted are not read as article ids.
 */

const listQuery = z.strictObject({
  ...pageQuery(10, 100),
  category: z.enum(CATEGORIES, 'Geçersiz kategori.').optional(),
  status: z.enum(STATUSES, 'Geçersiz durum.').optional(),
  search: z.string().trim().max(100, 'Arama en fazla 100 karakter olabilir.').optional(),
  authorId: z.string().min(1).max(200).optional(),
  audience: z.enum(AUDIENCES, 'Geçersiz hitap değeri.').optional(),
  raceResult: z.enum(RACE_RESULTS, 'Geçersiz yarış sonucu.').optional(),
});
const pagedOnly = z.strictObject(pageQuery(10, 100));
const deleteQuery = z.strictObject({ permanent: queryBool.optional() });

async function one(c: Parameters<typeof ok>[0], article: Parameters<typeof toStaffArticle>[1], message?: string) {
  return ok(c, await toStaffArticle(c.get('deps'), article), { message });
}

/** The staff's article table, under /admin/articles. */
export const staffArticleListRoutes = new Hono<ApiEnv>()
  .get('/articles', pagedListRoute(requireStaff, listQuery, ({ deps, viewer, input }) => listStaffArticles(deps, viewer, { ...input, search: input.search || undefined })))
  .get('/articles/:id', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, z.strictObject({}));
    const article = await loadArticle(c.get('deps'), c.req.param('id'));
    assertMayChange(viewer, article, 'edit');
    return one(c, article);
  });

/** Staff writes under /articles: the fixed paths (stats, deleted) come before anything read as an id. */
export const staffArticleRoutes = new Hono<ApiEnv>()
  .get('/stats', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, z.strictObject({}));
    return ok(c, await articleStats(c.get('deps'), viewer));
  })
  .get('/deleted', pagedListRoute(requireStaff, pagedOnly, ({ deps, viewer, input }) => listDeletedArticles(deps, viewer, input)))
  .post(
    '/',
    bodyRoute(requireStaff, articleCreateSchema, async ({ deps, viewer, input }) => toStaffArticle(deps, await createArticle(deps, viewer, input)), { message: M.created, status: 201 }),
  )
  .put('/:id/restore', async (c) => {
    const viewer = requireStaff(c);
    return one(c, await restoreArticle(c.get('deps'), viewer, c.req.param('id')), M.restored);
  })
  .put('/:id/toggle-publish', async (c) => {
    const viewer = requireStaff(c);
    const article = await togglePublish(c.get('deps'), viewer, c.req.param('id'), attachedEstimateChecks);
    return one(c, article, article.status === 'published' ? M.published : M.unpublished);
  })
  .put('/:id/race-result', async (c) => {
    const viewer = requireStaff(c);
    const { raceResult } = await parseBody(c, raceResultSchema);
    const article = await setRaceResult(c.get('deps'), viewer, c.req.param('id'), raceResult, attachedEstimateChecks);
    return one(c, article, `Yarış sonucu güncellendi: ${RACE_RESULT_LABELS[raceResult]}`);
  })
  .put('/:id', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, articleUpdateSchema);
    const before = await loadArticle(c.get('deps'), c.req.param('id'));
    const article = await updateArticle(c.get('deps'), viewer, c.req.param('id'), input, attachedEstimateChecks);
    let message: string = M.updated;
    const keys = Object.keys(input);
    if (keys.length === 1 && input.isFeatured !== undefined) message = input.isFeatured ? M.featured : M.unfeatured;
    else if (keys.length === 1 && input.status === 'published' && before.status !== 'published') message = M.published;
    else if (keys.length === 1 && input.status === 'archived') message = M.archived;
    return one(c, article, message);
  })
  .delete('/:id', async (c) => {
    const viewer = requireStaff(c);
    const { permanent } = parseQuery(c, deleteQuery);
    if (permanent) {
      await permanentlyDeleteArticle(c.get('deps'), viewer, c.req.param('id'));
      await deleteArticleComments(c.get('deps'), c.req.param('id'));
      return ok(c, null, { message: M.permanentlyDeleted });
    }
    await deleteArticle(c.get('deps'), viewer, c.req.param('id'));
    return ok(c, null, { message: M.deleted });
  });
