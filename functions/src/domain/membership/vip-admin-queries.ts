import type { AppDeps } from '../../platform/deps.js';
import { countUsers } from '../identity/index.js';
import { parseVipRequest, parseVipSubscription, VIP_REQUEST_STATUSES, VIP_SUBSCRIPTION_STATUSES, DAY_MS, type VipRequest } from './vip.js';
import { requestView, subscriptionView } from './vip-status.js';

export interface ListQuery<S extends string> {
  status?: S | 'all';
  page: number;
  limit: number;
}

export async function listVipRequests(deps: AppDeps, query: ListQuery<(typeof VIP_REQUEST_STATUSES)[number]>) {
  let q = deps.store.collection('vipRequests');
  if (query.status && query.status !== 'all') q = q.where('status', '==', query.status);
  q = q.orderBy('requestDate', 'desc');
  const [total, rows] = await Promise.all([q.count(), q.offset((query.page - 1) * query.limit).limit(query.limit).get()]);
  return { total, items: rows.map((row) => requestView(parseVipRequest(row))) };
}

export async function listVipSubscriptions(deps: AppDeps, query: ListQuery<(typeof VIP_SUBSCRIPTION_STATUSES)[number]> & { sortBy: 'endDate' | 'startDate'; sortOrder: 'asc' | 'desc' }) {
  let q = deps.store.collection('vipSubscriptions');
  if (query.status && query.status !== 'all') q = q.where('status', '==', query.status);
  q = q.orderBy(query.sortBy, query.sortOrder);
  const [total, rows] = await Promise.all([q.count(), q.offset((query.page - 1) * query.limit).limit(query.limit).get()]);
  const now = deps.now();
  return { total, items: rows.map((row) => subscriptionView(parseVipSubscription(row), now)) };
}

/** Every figure of the statistics tab (spec 002 §3 VIP stats). */
export async function vipStats(deps: AppDeps) {
  const now = deps.now();
  const subs = deps.store.collection('vipSubscriptions');
  const requests = deps.store.collection('vipRequests');
  const activeNow = subs.where('status', '==', 'active').where('endDate', '>', now);
  const [bankTransfer, totalVipUsers, activeSubscriptions, expiring7, expiring30, expiredSubscriptions, totalRequests, pendingRequests, approvedRequests, rejectedRequests, durations] =
    await Promise.all([
      bankTransferStats(deps),
      countUsers(deps, { vipActive: true, vipEndsAfter: now }),
      activeNow.count(),
      activeNow.where('endDate', '<=', new Date(now.getTime() + 7 * DAY_MS)).count(),
      activeNow.where('endDate', '<=', new Date(now.getTime() + 30 * DAY_MS)).count(),
      subs.where('status', '==', 'expired').count(),
      requests.count(),
      requests.where('status', '==', 'pending').count(),
      requests.where('status', '==', 'approved').count(),
      requests.where('status', '==', 'rejected').count(),
      // Firestore's average() aggregate is not in the port; subscriptions are few enough to read.
      subs.get(),
    ]);
  const totalDays = durations.reduce((sum, row) => sum + (typeof row.durationDays === 'number' ? row.durationDays : 0), 0);
  return {
    totalVipUsers,
    activeSubscriptions,
    pendingRequests,
    expiringInNext7Days: expiring7,
    expiringInNext30Days: expiring30,
    expiredSubscriptions,
    totalRequests,
    approvedRequests,
    rejectedRequests,
    averageSubscriptionDuration: durations.length ? Math.round(totalDays / durations.length) : 0,
    ...bankTransfer,
  };
}

export type VipStatsView = Awaited<ReturnType<typeof vipStats>>;

/** Bank-transfer figures (issue 18): open and expired requests, and payments matched from statements. */
async function bankTransferStats(deps: AppDeps) {
  const requests = deps.store.collection('vipRequests');
  const [openRequests, expiredRequests, matchedPayments] = await Promise.all([
    requests.where('status', '==', 'pending').count(),
    requests.where('status', '==', 'expired').count(),
    deps.store.collection('vipStatementLines').count(),
  ]);
  return { openRequests, expiredRequests, matchedPayments };
}

/** How many VIP requests are in `status` (the staff badges and the users screen's figure). */
export function countVipRequests(deps: Pick<AppDeps, 'store'>, status: VipRequest['status']): Promise<number> {
  return deps.store.collection('vipRequests').where('status', '==', status).count();
}
