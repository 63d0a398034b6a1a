import { Hono } from 'hono';
import { z } from 'zod';
import { RANKING_WINDOW, RECORD_WINDOWS, authorProofs, rankAuthors } from '../domain/records/index.js';
import { AppError } from '../platform/errors.js';
import { optionalViewer } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { parseQuery } from './http/validation.js';

/** Authors' records computed from settled estimates (issue 8, /basari-kayitlari). */
export const recordsQuerySchema = z.strictObject({
  window: z.enum(RECORD_WINDOWS, { error: 'Geçersiz dönem: 30, 90, 365 veya all olmalıdır.' }).optional(),
});

export const recordRoutes = new Hono<ApiEnv>()
  .get('/authors', async (c) => {
    const { window } = parseQuery(c, recordsQuerySchema);
    return ok(c, await rankAuthors(c.get('deps'), window ?? RANKING_WINDOW));
  })
  .get('/authors/:id/estimates', async (c) => {
    const { window } = parseQuery(c, recordsQuerySchema);
    const proofs = await authorProofs(c.get('deps'), c.req.param('id'), optionalViewer(c), { window: window ?? 'all' });
    if (!proofs) throw new AppError('NOT_FOUND', 'Yazar bulunamadı');
    return ok(c, proofs);
  });
