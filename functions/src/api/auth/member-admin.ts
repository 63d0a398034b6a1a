import { Hono } from 'hono';
import { z } from 'zod';
import { listUsersForAdmin, restoreUser, softDeleteSchema, softDeleteUser, userStats, USERS_ADMIN_MESSAGES as M } from '../../domain/users-admin/index.js';
import { requireAdmin } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { serviceRoute, bodyRoute, pagedListRoute } from '../http/route-handlers.js';
import { pageQuery, queryBool } from '../http/validation.js';

const listQuery = z.strictObject({
  ...pageQuery(20, 100),
  search: z.string().trim().max(100).optional(),
  role: z.enum(['user', 'vip', 'all'], 'Geçersiz rol filtresi').default('user'),
  vipOnly: queryBool.optional(),
});

/** Admin user management (spec 002 §7 'Users'). Extend/cancel VIP: /users/admin/users/{id}/grant-vip, cancel-vip. */
export const adminUserRoutes = new Hono<ApiEnv>()
  .get(
    '/admin/users',
    pagedListRoute(requireAdmin, listQuery, ({ deps, input }) => listUsersForAdmin(deps, { ...input, role: input.vipOnly ? 'vip' : input.role, search: input.search || undefined })),
  )
  .get('/admin/users/stats', async (c) => {
    requireAdmin(c);
    return ok(c, await userStats(c.get('deps')));
  })
  .post('/admin/users/:id/restore', serviceRoute(requireAdmin, ({ deps, viewer, param }) => restoreUser(deps, viewer, param('id')), { message: M.restored }))
  .delete(
    '/admin/users/:id/soft-delete',
    bodyRoute(requireAdmin, softDeleteSchema, ({ deps, viewer, input, param }) => softDeleteUser(deps, viewer, param('id'), input.reason), { message: M.deleted }),
  );
