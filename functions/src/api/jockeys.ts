import { Hono } from 'hono';
import { z } from 'zod';
import { getJockeyView, listJockeyRides } from '../domain/jockeys/index.js';
import type { AppDeps } from '../platform/deps.js';
import type { ApiEnv } from './http/env.js';
import { ok, pagination } from './http/respond.js';
import { pageQuery, parseQuery } from './http/validation.js';

const runsQuery = z.strictObject(pageQuery(30, 100));

/**
 * A person's page data (jockeys: issue 20, trainers: issue 53): the profile with statistics at
 * `/:id`, and the runs page by page at `/:id/{runsPath}` ('rides' for a jockey, 'runs' for a trainer).
 */
export function personRoutes<View, Run, Path extends string>(
  runsPath: Path,
  profile: (deps: AppDeps, id: string) => Promise<View>,
  runs: (deps: AppDeps, id: string, page: number, limit: number) => Promise<{ runs: Run[]; total: number }>,
) {
  return new Hono<ApiEnv>()
    .get('/:id', async (c) => ok(c, await profile(c.get('deps'), c.req.param('id'))))
    .get(`/:id/${runsPath}` as `/:id/${Path}`, async (c) => {
      const { page, limit } = parseQuery(c, runsQuery);
      // The path is generic here, so Hono cannot type its parameter; the route has it.
      const answer = await runs(c.get('deps'), c.req.param('id')!, page, limit);
      return ok(c, answer.runs, { pagination: pagination(page, limit, answer.total) });
    });
}

export const jockeyRoutes = personRoutes('rides', getJockeyView, listJockeyRides);
