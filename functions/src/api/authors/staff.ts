import { Hono } from 'hono';
import { z } from 'zod';
import { createAuthor, deleteAuthor, getStaffAuthor, listStaffAuthors, setAuthorPassword, setAuthorStatus, updateAuthor, AUTHOR_MESSAGES as M, authorCreateSchema, authorPasswordSchema, authorStatusSchema, authorUpdateSchema } from '../../domain/authors/index.js';
import { requireAdmin } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { parseBody, parseQuery } from '../http/validation.js';

/**
 * Author management, admin only (spec 002 §7 Authors). GET /authors is the public list in
 * public.ts (no e-mail addresses); the admin table reads GET /admin/authors.
 */
export const staffAuthorListRoutes = new Hono<ApiEnv>()
  .get('/authors', async (c) => {
    requireAdmin(c);
    parseQuery(c, z.strictObject({}));
    return ok(c, await listStaffAuthors(c.get('deps')));
  })
  .get('/authors/:id', async (c) => {
    requireAdmin(c);
    return ok(c, await getStaffAuthor(c.get('deps'), c.req.param('id')));
  });

/** The admin's author writes, under /authors. */
export const staffAuthorRoutes = new Hono<ApiEnv>()
  .post('/', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, authorCreateSchema);
    return ok(c, await createAuthor(c.get('deps'), input), { message: M.created, status: 201 });
  })
  .put('/:id/status', async (c) => {
    requireAdmin(c);
    const { status } = await parseBody(c, authorStatusSchema);
    return ok(c, await setAuthorStatus(c.get('deps'), c.req.param('id'), status), { message: M.statusChanged });
  })
  .put('/:id/password', async (c) => {
    requireAdmin(c);
    const { password } = await parseBody(c, authorPasswordSchema);
    await setAuthorPassword(c.get('deps'), c.req.param('id'), password);
    return ok(c, null, { message: M.passwordSet });
  })
  .put('/:id', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, authorUpdateSchema);
    return ok(c, await updateAuthor(c.get('deps'), c.req.param('id'), input), { message: M.updated });
  })
  .delete('/:id', async (c) => {
    requireAdmin(c);
    await deleteAuthor(c.get('deps'), c.req.param('id'));
    return ok(c, null, { message: M.deleted });
  });
