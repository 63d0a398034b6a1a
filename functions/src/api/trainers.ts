import { Hono } from 'hono';
import { z } from 'zod';
import { getStandings, getTrainerView, listTrainerRuns } from '../domain/trainers/index.js';
import type { ApiEnv } from './http/env.js';
import { ok, pagination } from './http/respond.js';
import { pageQuery, parseQuery } from './http/validation.js';

const runsQuery = z.strictObject(pageQuery(30, 100));
/** Both filters optional: no season is every season, no venue every venue. */
const standingsQuery = z.strictObject({ sezon: z.string().max(10).optional(), hipodrom: z.string().max(60).optional() });

/** Trainer pages' data (issue 53): the record with statistics, today's runners, the runners page by page. */
export const trainerRoutes = new Hono<ApiEnv>()
  .get('/:id', async (c) => ok(c, await getTrainerView(c.get('deps'), c.req.param('id'))))
  .get('/:id/runs', async (c) => {
    const { page, limit } = parseQuery(c, runsQuery);
    const { runs, total } = await listTrainerRuns(c.get('deps'), c.req.param('id'), page, limit);
    return ok(c, runs, { pagination: pagination(page, limit, total) });
  });

/** The jockeys' and trainers' standings (/istatistikler). */
export const standingsRoutes = new Hono<ApiEnv>().get('/', async (c) => {
  const { sezon, hipodrom } = parseQuery(c, standingsQuery);
  return ok(c, await getStandings(c.get('deps'), { season: sezon, venue: hipodrom }));
});
