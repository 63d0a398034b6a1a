import { Hono } from 'hono';
import { z } from 'zod';
import { computeHorseStatistics, getHorse, getHorseByTjkId, getSiblings, listHorses, loadHorse, pedigreeOf, searchHorses } from '../domain/races/index.js';
import type { ApiEnv } from './http/env.js';
import { ok, pagination } from './http/respond.js';
import { pageQuery, parseQuery, queryBool } from './http/validation.js';

const pagedQuery = z.strictObject(pageQuery(20, 100));
const searchQuery = z.strictObject({ q: z.string().max(80, 'Arama metni en fazla 80 karakter olabilir.').default(''), limit: pageQuery(20, 50).limit });
const tjkQuery = z.strictObject({ forceRefresh: queryBool.default(false) });

/** Horses (spec 000 §7.4). Fixed paths are registered before `/:id`. */
export const horseRoutes = new Hono<ApiEnv>()
  .get('/', async (c) => {
    const { page, limit } = parseQuery(c, pagedQuery);
    const { horses, total } = await listHorses(c.get('deps'), page, limit);
    return ok(c, horses, { pagination: pagination(page, limit, total) });
  })
  .get('/search', async (c) => {
    const { q, limit } = parseQuery(c, searchQuery);
    return ok(c, await searchHorses(c.get('deps'), q, limit));
  })
  .get('/tjk/:id', async (c) => {
    // Statistics are derived from the stored history on every read, so a forced refresh and a
    // plain read return the same fresh figures; the flag is accepted for old clients.
    parseQuery(c, tjkQuery);
    return ok(c, await getHorseByTjkId(c.get('deps'), c.req.param('id')));
  })
  .get('/:id', async (c) => ok(c, await getHorse(c.get('deps'), c.req.param('id'))))
  .get('/:id/pedigree', async (c) => ok(c, pedigreeOf(await loadHorse(c.get('deps'), c.req.param('id')))))
  .get('/:id/statistics', async (c) => ok(c, computeHorseStatistics((await loadHorse(c.get('deps'), c.req.param('id'))).raceHistory)))
  .get('/:id/results', async (c) => ok(c, (await loadHorse(c.get('deps'), c.req.param('id'))).raceHistory))
  .get('/:id/siblings', async (c) => ok(c, await getSiblings(c.get('deps'), c.req.param('id'))));
