import { Hono } from 'hono';
import { articleFanouts, fanoutStats } from '../../domain/notifications/index.js';
import { requireAdmin, requireStaff } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';

/** Staff view of the VIP notice fan-outs (issue 15): per article, and the totals of the VIP statistics. */
export const notificationFanoutRoutes = new Hono<ApiEnv>()
  .get('/articles/:id/notifications', async (c) => {
    requireStaff(c);
    return ok(c, await articleFanouts(c.get('deps'), c.req.param('id')));
  })
  .get('/notifications/fanouts', async (c) => {
    requireAdmin(c);
    return ok(c, await fanoutStats(c.get('deps')));
  });
