import { Hono } from 'hono';
import { z } from 'zod';
import { approveVipRequest, cancelVip, grantVip, rejectVipRequest } from '../domain/membership/manage-vip.js';
import { requestVip } from '../domain/membership/request-vip.js';
import { listVipRequests, listVipSubscriptions, vipStats } from '../domain/membership/vip-admin-queries.js';
import { requestView, vipStatusFor } from '../domain/membership/vip-status.js';
import {
  approveVipRequestSchema,
  cancelVipSchema,
  grantVipSchema,
  rejectVipRequestSchema,
  requestVipSchema,
  VIP_MESSAGES,
  VIP_REQUEST_STATUSES,
  VIP_SUBSCRIPTION_STATUSES,
} from '../domain/membership/vip.js';
import { AppError } from '../platform/errors.js';
import { requireAdmin, requireMember } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok, pagination } from './respond.js';
import { pageQuery, parseBody, parseQuery } from './validation.js';

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

export const userRoutes = new Hono<ApiEnv>()
  .get('/users/vip-status', async (c) => {
    const viewer = requireMember(c);
    return ok(c, await vipStatusFor(c.get('deps'), viewer.user));
  })
  .post('/users/request-vip', async (c) => {
    const viewer = requireMember(c);
    const input = await parseBody(c, requestVipSchema);
    const request = await requestVip(c.get('deps'), viewer.user, input);
    return ok(c, requestView(request), { message: VIP_MESSAGES.requested, status: 201 });
  })
  .get('/users/admin/vip-requests', async (c) => {
    requireAdmin(c);
    const query = parseQuery(c, vipRequestListQuery);
    const { total, items } = await listVipRequests(c.get('deps'), query);
    return ok(c, items, { pagination: pagination(query.page, query.limit, total) });
  })
  .get('/users/admin/vip-subscriptions', async (c) => {
    requireAdmin(c);
    const query = parseQuery(c, vipSubscriptionListQuery);
    const { total, items } = await listVipSubscriptions(c.get('deps'), query);
    return ok(c, items, { pagination: pagination(query.page, query.limit, total) });
  })
  .get('/users/admin/vip-stats', async (c) => {
    requireAdmin(c);
    return ok(c, await vipStats(c.get('deps')));
  })
  .post('/users/admin/vip-requests/:id/approve', async (c) => {
    const viewer = requireAdmin(c);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const input = await parseBody(c, approveVipRequestSchema);
    const result = await approveVipRequest(c.get('deps'), viewer, c.req.param('id'), { ...input, idempotencyKey: key });
    return ok(c, result, { message: VIP_MESSAGES.approved });
  })
  .post('/users/admin/vip-requests/:id/reject', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, rejectVipRequestSchema);
    const result = await rejectVipRequest(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, result, { message: VIP_MESSAGES.rejected });
  })
  .post('/users/admin/users/:userId/grant-vip', async (c) => {
    const viewer = requireAdmin(c);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const input = await parseBody(c, grantVipSchema);
    const result = await grantVip(c.get('deps'), viewer, c.req.param('userId'), { ...input, idempotencyKey: key });
    return ok(c, result, { message: VIP_MESSAGES.granted(input.durationDays) });
  })
  .post('/users/admin/users/:userId/cancel-vip', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, cancelVipSchema);
    const result = await cancelVip(c.get('deps'), viewer, c.req.param('userId'), input);
    return ok(c, result, { message: VIP_MESSAGES.cancelled });
  });
