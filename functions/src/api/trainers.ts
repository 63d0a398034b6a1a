import { Hono } from 'hono';
import { z } from 'zod';
import { getStandings, getTrainerView, listTrainerRuns } from '../domain/trainers/index.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { parseQuery } from './http/validation.js';
import { personRoutes } from './jockeys.js';

/** Both filters optional: no season is every season, no venue every venue. */
const standingsQuery = z.strictObject({ sezon: z.string().max(10).optional(), hipodrom: z.string().max(60).optional() });

export const trainerRoutes = personRoutes('runs', getTrainerView, listTrainerRuns);

/** The jockeys' and trainers' standings (/istatistikler). */
export const standingsRoutes = new Hono<ApiEnv>().get('/', async (c) => {
  const { sezon, hipodrom } = parseQuery(c, standingsQuery);
  return ok(c, await getStandings(c.get('deps'), { season: sezon, venue: hipodrom }));
});
