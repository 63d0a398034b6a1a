import { Hono } from 'hono';
import { z } from 'zod';
import { approveVipRequest, cancelVip, grantVip, rejectVipRequest, requestVip, listVipRequests, listVipSubscriptions, vipStats, requestView, vipStatusIfChanged, approveVipRequestSchema, cancelVipSchema, grantVipSchema, rejectVipRequestSchema, requestVipSchema, VIP_MESSAGES, VIP_REQUEST_STATUSES, VIP_SUBSCRIPTION_STATUSES } from '../../domain/membership/index.js';
import { AppError } from '../../platform/errors.js';
import { requireAdmin, requireMember } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { bodyRoute, pagedListRoute } from '../http/route-handlers.js';
import { pageQuery, parseBody } from '../http/validation.js';

const vipRequestListQuery = z.strictObject({
  status: z.enum([...VIP_REQUEST_STATUSES, 'all'], 'Geçersiz durum filtresi').optional(),
  ...pageQuery(10, 100),
});

const vipSubscriptionListQuery = z.strictObject({
  status: z.enum([...VIP_SUBSCRIPTION_STATUSES, 'all'], 'Geçersiz durum filtresi').optional(),
  ...pageQuery(10, 100),
  sortBy: z.enum(['endDate', 'startDate'], 'Geçersiz sıralama alanı').default('endDate'),
  sortOrder: z.enum(['asc', 'desc'], 'Geçersiz sıralama yönü').default('asc'),
});


function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (key.length < 8 || key.length > 100) throw new AppError('VALIDATION', VIP_MESSAGES.idempotencyKeyInvalid);
  return key;
}

export const vipRoutes = new Hono<ApiEnv>()
  .get('/vip-status', async (c) => {
    const viewer = requireMember(c);
    // `known`: the version the page holds; an unchanged status costs no query (vip-status.ts).
    const known = c.req.query('known');
    return ok(c, await vipStatusIfChanged(c.get('deps'), viewer.user, known && known.length <= 20 ? known : undefined));
  })
  .post(
    '/request-vip',
    bodyRoute(requireMember, requestVipSchema, async ({ deps, viewer, input }) => requestView(await requestVip(deps, viewer.user, input)), { message: VIP_MESSAGES.requested, status: 201 }),
  )
  .get('/admin/vip-requests', pagedListRoute(requireAdmin, vipRequestListQuery, ({ deps, input }) => listVipRequests(deps, input)))
  .get('/admin/vip-subscriptions', pagedListRoute(requireAdmin, vipSubscriptionListQuery, ({ deps, input }) => listVipSubscriptions(deps, input)))
  .get('/admin/vip-stats', async (c) => {
    requireAdmin(c);
    return ok(c, await vipStats(c.get('deps')));
  })
  .post('/admin/vip-requests/:id/approve', async (c) => {
    const viewer = requireAdmin(c);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const input = await parseBody(c, approveVipRequestSchema);
    const result = await approveVipRequest(c.get('deps'), viewer, c.req.param('id'), { ...input, idempotencyKey: key });
    return ok(c, result, { message: VIP_MESSAGES.approved });
  })
  .post(
    '/admin/vip-requests/:id/reject',
    bodyRoute(requireAdmin, rejectVipRequestSchema, ({ deps, viewer, input, param }) => rejectVipRequest(deps, viewer, param('id'), input), { message: VIP_MESSAGES.rejected }),
  )
  .post('/admin/users/:userId/grant-vip', async (c) => {
    const viewer = requireAdmin(c);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const input = await parseBody(c, grantVipSchema);
    const result = await grantVip(c.get('deps'), viewer, c.req.param('userId'), { ...input, idempotencyKey: key });
    return ok(c, result, { message: VIP_MESSAGES.granted(input.durationDays) });
  })
  .post(
    '/admin/users/:userId/cancel-vip',
    bodyRoute(requireAdmin, cancelVipSchema, ({ deps, viewer, input, param }) => cancelVip(deps, viewer, param('userId'), input), { message: VIP_MESSAGES.cancelled }),
  );
