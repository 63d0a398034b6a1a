import { Hono } from 'hono';
import { z } from 'zod';
import { getAuthorProfile, getAuthorProfileBySlug, listAuthors } from '../../domain/authors/index.js';
import { AppError } from '../../platform/errors.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { parseQuery } from '../http/validation.js';

/** Authors as readers see them (spec 000 §7.3). */
export const authorRoutes = new Hono<ApiEnv>()
  .get('/', async (c) => {
    parseQuery(c, z.strictObject({}));
    return ok(c, await listAuthors(c.get('deps')));
  })
  .get('/slug/:slug', async (c) => {
    parseQuery(c, z.strictObject({}));
    const profile = await getAuthorProfileBySlug(c.get('deps'), c.req.param('slug'));
    if (!profile) throw new AppError('NOT_FOUND', 'Yazar bulunamadı');
    return ok(c, profile);
  })
  .get('/:id', async (c) => {
    parseQuery(c, z.strictObject({}));
    const profile = await getAuthorProfile(c.get('deps'), c.req.param('id'));
    if (!profile) throw new AppError('NOT_FOUND', 'Yazar bulunamadı');
    return ok(c, profile);
  });
