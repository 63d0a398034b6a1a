import { Hono } from 'hono';
import { z } from 'zod';
import { attachEstimateAudioSchema, attachEstimateVideoSchema, createEstimateSchema, ESTIMATE_MESSAGES as M, type RaceEstimate, updateEstimateSchema, listAllEstimates, listEstimateArticles, attachEstimateAudio, attachEstimateVideo, createEstimate, deleteAllEstimates, deleteEstimate, estimateView, removeEstimateAudio, removeEstimateVideo, updateEstimate } from '../../domain/estimates/index.js';
import { ISO_DATE } from '../../domain/races/index.js';
import { requireStaff } from '../http/auth-context.js';
import type { AppDeps } from '../../platform/deps.js';
import type { ApiEnv, Viewer } from '../http/env.js';
import { ok } from '../http/respond.js';
import { serviceRoute, bodyRoute, pagedListRoute } from '../http/route-handlers.js';
import { pageQuery, parseQuery } from '../http/validation.js';

/**
 * Staff race-estimate API (spec 002 §7 'Race estimates'). Readers' GET
 * /articles/{id}/race-estimates lives in articles.ts with the rest of the public article reads.
 */

const isoDay = z.string().regex(ISO_DATE, 'Tarih YYYY-AA-GG biçiminde olmalıdır.');

const allQuery = z.strictObject({
  ...pageQuery(20, 100),
  articleId: z.string().min(1).max(128).optional(),
  articleDate: isoDay.optional(),
  estimateDate: isoDay.optional(),
});

const articlesQuery = z.strictObject({
  ...pageQuery(50, 100),
  category: z.literal('estimation', 'Yalnızca tahmin makalelerine tahmin eklenebilir.').optional(),
  status: z.literal('published', 'Yalnızca yayımlanmış makalelere tahmin eklenebilir.').optional(),
});

const noQuery = z.strictObject({});

/** Every write of one estimate answers with the estimate as the panel shows it, under `raceEstimate`. */
const answer = (estimate: RaceEstimate) => ({ raceEstimate: estimateView(estimate) });

type EstimateChange<A extends unknown[]> = (deps: AppDeps, actor: Viewer, articleId: string, estimateId: string, ...rest: A) => Promise<RaceEstimate>;

/** The audio and the video of an estimate are attached and removed alike; each kind brings its body schema, services and texts. */
function estimateMediaRoutes<K extends 'audio' | 'video', S extends z.ZodType>(kind: K, schema: S, attach: EstimateChange<[z.output<S>]>, remove: EstimateChange<[]>, messages: { added: string; removed: string }) {
  const path = `/:articleId/race-estimates/:estimateId/${kind}` as const;
  return new Hono<ApiEnv>()
    .post(path, bodyRoute(requireStaff, schema, async ({ deps, viewer, input, param }) => answer(await attach(deps, viewer, param('articleId'), param('estimateId'), input)), { message: messages.added }))
    .delete(path, serviceRoute(requireStaff, async ({ deps, viewer, param }) => answer(await remove(deps, viewer, param('articleId'), param('estimateId'))), { message: messages.removed }));
}

/** The staff's estimate desk, under /race-estimate. */
export const raceEstimateRoutes = new Hono<ApiEnv>()
  .get('/health-check', (c) => ok(c, { status: 'ok', time: c.get('deps').now().toISOString() }))
  .get('/articles', pagedListRoute(requireStaff, articlesQuery, ({ deps, viewer, input }) => listEstimateArticles(deps, viewer, input)))
  .get(
    '/all',
    pagedListRoute(requireStaff, allQuery, ({ deps, viewer, input }) => listAllEstimates(deps, viewer, input), (items) => ({ raceEstimates: items })),
  );

/** An article's estimates, written by its staff, under /articles. */
export const articleEstimateRoutes = new Hono<ApiEnv>()
  .post(
    '/:articleId/race-estimates',
    bodyRoute(requireStaff, createEstimateSchema, async ({ deps, viewer, input, param }) => answer(await createEstimate(deps, viewer, param('articleId'), input)), { message: M.created, status: 201 }),
  )
  .put(
    '/:articleId/race-estimates/:estimateId',
    bodyRoute(requireStaff, updateEstimateSchema, async ({ deps, viewer, input, param }) => answer(await updateEstimate(deps, viewer, param('articleId'), param('estimateId'), input)), { message: M.updated }),
  )
  .delete('/:articleId/race-estimates/:estimateId', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, noQuery);
    await deleteEstimate(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'));
    return ok(c, null, { message: M.deleted });
  })
  .delete('/:articleId/race-estimates', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, noQuery);
    const deleted = await deleteAllEstimates(c.get('deps'), viewer, c.req.param('articleId'));
    return ok(c, { deleted }, { message: M.deletedAll });
  })
  .route('/', estimateMediaRoutes('audio', attachEstimateAudioSchema, attachEstimateAudio, removeEstimateAudio, { added: M.audioAdded, removed: M.audioRemoved }))
  .route('/', estimateMediaRoutes('video', attachEstimateVideoSchema, attachEstimateVideo, removeEstimateVideo, { added: M.videoAdded, removed: M.videoRemoved }));
