import { Hono } from 'hono';
import { z } from 'zod';
import { getLiveRace, getRace, getRaceResults, listLocations, listRaces, programmeForDate, todayInIstanbul, upcomingRaces } from '../domain/races/race-queries.js';
import type { ApiEnv } from './env.js';
import { ok, pagination } from './respond.js';
import { parseQuery, queryInt } from './validation.js';

const locationQuery = z.strictObject({ location: z.string().max(60).optional() });
const listQuery = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 100).default(20),
  date: z.string().max(10).optional(),
  location: z.string().max(60).optional(),
});
const upcomingQuery = z.strictObject({ limit: queryInt(1, 100).default(10) });

/** Race programme (spec 000 §7.4). Fixed paths are registered before `/races/:id`. */
export const raceRoutes = new Hono<ApiEnv>()
  .get('/races', async (c) => {
    const q = parseQuery(c, listQuery);
    const { races, total } = await listRaces(c.get('deps'), q);
    return ok(c, races, { pagination: pagination(q.page, q.limit, total) });
  })
  .get('/races/today', async (c) => {
    const { location } = parseQuery(c, locationQuery);
    const deps = c.get('deps');
    return ok(c, await programmeForDate(deps, todayInIstanbul(deps), location));
  })
  .get('/races/date/:date', async (c) => {
    const { location } = parseQuery(c, locationQuery);
    return ok(c, await programmeForDate(c.get('deps'), c.req.param('date'), location));
  })
  .get('/races/locations', async (c) => ok(c, await listLocations(c.get('deps'))))
  .get('/races/upcoming', async (c) => {
    const { limit } = parseQuery(c, upcomingQuery);
    return ok(c, await upcomingRaces(c.get('deps'), limit));
  })
  .get('/races/:id', async (c) => ok(c, await getRace(c.get('deps'), c.req.param('id'))))
  .get('/races/:id/results', async (c) => ok(c, await getRaceResults(c.get('deps'), c.req.param('id'))))
  .get('/races/:id/live', async (c) => ok(c, await getLiveRace(c.get('deps'), c.req.param('id'))));
