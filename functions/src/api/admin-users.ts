import { Hono } from 'hono';
import { z } from 'zod';
import { listUsersForAdmin, restoreUser, softDeleteSchema, softDeleteUser, userStats, USERS_ADMIN_MESSAGES as M } from '../domain/users-admin/manage-users.js';
import { requireAdmin } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok, pagination } from './respond.js';
import { pageQuery, parseBody, parseQuery, queryBool } from './validation.js';

const listQuery = z.strictObject({
  ...pageQuery(20, 100),
  search: z.string().trim().max(100).optional(),
  role: z.enum(['user', 'vip', 'all'], 'Geçersiz rol filtresi').default('user'),
  vipOnly: queryBool.optional(),
});

/** Admin user management (spec 002 §7 'Users'). Extend/cancel VIP: /users/admin/users/{id}/grant-vip, cancel-vip. */
export const adminUserRoutes = new Hono<ApiEnv>()
  .get('/auth/admin/users', async (c) => {
    requireAdmin(c);
    const q = parseQuery(c, listQuery);
    const { items, total } = await listUsersForAdmin(c.get('deps'), { ...q, role: q.vipOnly ? 'vip' : q.role, search: q.search || undefined });
    return ok(c, items, { pagination: pagination(q.page, q.limit, total) });
  })
  .get('/auth/admin/users/stats', async (c) => {
    requireAdmin(c);
    return ok(c, await userStats(c.get('deps')));
  })
  .post('/auth/admin/users/:id/restore', async (c) => {
    const viewer = requireAdmin(c);
    return ok(c, await restoreUser(c.get('deps'), viewer, c.req.param('id')), { message: M.restored });
  })
  .delete('/auth/admin/users/:id/soft-delete', async (c) => {
    const viewer = requireAdmin(c);
    const { reason } = await parseBody(c, softDeleteSchema);
    return ok(c, await softDeleteUser(c.get('deps'), viewer, c.req.param('id'), reason), { message: M.deleted });
  });
