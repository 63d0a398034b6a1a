import { Hono } from 'hono';
import { z } from 'zod';
import { getJockeyView, listJockeyRides } from '../domain/jockeys/index.js';
import type { ApiEnv } from './http/env.js';
import { ok, pagination } from './http/respond.js';
import { pageQuery, parseQuery } from './http/validation.js';

const ridesQuery = z.strictObject(pageQuery(30, 100));

/** Jockey pages' data (issue 20): profile with statistics, and the rides page by page. */
export const jockeyRoutes = new Hono<ApiEnv>()
  .get('/:id', async (c) => ok(c, await getJockeyView(c.get('deps'), c.req.param('id'))))
  .get('/:id/rides', async (c) => {
    const { page, limit } = parseQuery(c, ridesQuery);
    const { rides, total } = await listJockeyRides(c.get('deps'), c.req.param('id'), page, limit);
    return ok(c, rides, { pagination: pagination(page, limit, total) });
  });
