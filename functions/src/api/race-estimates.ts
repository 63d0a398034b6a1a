import { Hono } from 'hono';
import { z } from 'zod';
import {
  attachEstimateAudioSchema,
  attachEstimateVideoSchema,
  createEstimateSchema,
  ESTIMATE_MESSAGES as M,
  updateEstimateSchema,
} from '../domain/estimates/estimate.js';
import { listAllEstimates, listEstimateArticles } from '../domain/estimates/estimate-queries.js';
import {
  attachEstimateAudio,
  attachEstimateVideo,
  createEstimate,
  deleteAllEstimates,
  deleteEstimate,
  estimateView,
  removeEstimateAudio,
  removeEstimateVideo,
  updateEstimate,
} from '../domain/estimates/manage-estimates.js';
import { ISO_DATE } from '../domain/races/race.js';
import { requireStaff } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok, pagination } from './respond.js';
import { pageQuery, parseBody, parseQuery } from './validation.js';

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

export const raceEstimateRoutes = new Hono<ApiEnv>()
  .get('/race-estimate/health-check', (c) => ok(c, { status: 'ok', time: c.get('deps').now().toISOString() }))
  .get('/race-estimate/articles', async (c) => {
    const viewer = requireStaff(c);
    const q = parseQuery(c, articlesQuery);
    const { items, total } = await listEstimateArticles(c.get('deps'), viewer, q);
    return ok(c, items, { pagination: pagination(q.page, q.limit, total) });
  })
  .get('/race-estimate/all', async (c) => {
    const viewer = requireStaff(c);
    const q = parseQuery(c, allQuery);
    const { items, total } = await listAllEstimates(c.get('deps'), viewer, q);
    return ok(c, { raceEstimates: items }, { pagination: pagination(q.page, q.limit, total) });
  })
  .post('/articles/:articleId/race-estimates', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, createEstimateSchema);
    const estimate = await createEstimate(c.get('deps'), viewer, c.req.param('articleId'), input);
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.created, status: 201 });
  })
  .put('/articles/:articleId/race-estimates/:estimateId', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, updateEstimateSchema);
    const estimate = await updateEstimate(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'), input);
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.updated });
  })
  .delete('/articles/:articleId/race-estimates/:estimateId', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, noQuery);
    await deleteEstimate(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'));
    return ok(c, null, { message: M.deleted });
  })
  .delete('/articles/:articleId/race-estimates', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, noQuery);
    const deleted = await deleteAllEstimates(c.get('deps'), viewer, c.req.param('articleId'));
    return ok(c, { deleted }, { message: M.deletedAll });
  })
  .post('/articles/:articleId/race-estimates/:estimateId/audio', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, attachEstimateAudioSchema);
    const estimate = await attachEstimateAudio(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'), input);
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.audioAdded });
  })
  .delete('/articles/:articleId/race-estimates/:estimateId/audio', async (c) => {
    const viewer = requireStaff(c);
    const estimate = await removeEstimateAudio(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'));
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.audioRemoved });
  })
  .post('/articles/:articleId/race-estimates/:estimateId/video', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, attachEstimateVideoSchema);
    const estimate = await attachEstimateVideo(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'), input);
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.videoAdded });
  })
  .delete('/articles/:articleId/race-estimates/:estimateId/video', async (c) => {
    const viewer = requireStaff(c);
    const estimate = await removeEstimateVideo(c.get('deps'), viewer, c.req.param('articleId'), c.req.param('estimateId'));
    return ok(c, { raceEstimate: estimateView(estimate) }, { message: M.videoRemoved });
  });
