import type { AppDeps } from '../../platform/deps.js';
import { hasActiveVip, type UserRecord } from '../identity/index.js';
import { requestTimeline } from './bank-transfer/request-lifecycle.js';
import { parseVipRequest, parseVipSubscription, remainingDays, type MemberVipStatus, type VipRequest, type VipSubscription } from './vip.js';

export async function memberVipRequests(deps: AppDeps, userId: string): Promise<VipRequest[]> {
  const rows = await deps.store.collection('vipRequests').where('userId', '==', userId).orderBy('requestDate', 'desc').limit(50).get();
  return rows.map(parseVipRequest);
}

export async function memberVipSubscriptions(deps: AppDeps, userId: string): Promise<VipSubscription[]> {
  const rows = await deps.store.collection('vipSubscriptions').where('userId', '==', userId).orderBy('endDate', 'desc').limit(50).get();
  return rows.map(parseVipSubscription);
}

export function requestView(request: VipRequest) {
  return {
    id: request.id,
    _id: request.id,
    userId: request.userId,
    user: request.user,
    requestDate: request.requestDate,
    status: request.status,
    requestedDays: request.requestedDays,
    reason: request.reason,
    otherName: request.otherName,
    packageId: request.packageId,
    packageName: request.packageName,
    price: request.price,
    adminNotes: request.adminNotes,
    rejectionReason: request.rejectionReason,
    reviewedAt: request.reviewedAt,
    ...paymentFields(request),
  };
}

/** A VIP request as the API sends it; `_id` is the spec's compatibility key. */
export type VipRequestView = ReturnType<typeof requestView>;

/** Bank-transfer fields as members and staff see them (the receipt's storage key stays server-side). */
export function paymentFields(request: VipRequest) {
  return {
    referenceCode: request.referenceCode,
    amount: request.amount,
    expiresAt: request.expiresAt,
    closedAt: request.closedAt,
    reminderSentAt: request.reminderSentAt,
    receipt: request.receipt ? { name: request.receipt.name, contentType: request.receipt.contentType, size: request.receipt.size, addedAt: request.receipt.addedAt } : null,
    paymentMatch: request.paymentMatch ? { lineNo: request.paymentMatch.lineNo, statementId: request.paymentMatch.statementId } : null,
    timeline: requestTimeline(request),
  };
}

export function subscriptionView(sub: VipSubscription, now: Date) {
  const days = remainingDays(sub.endDate, now);
  return {
    id: sub.id,
    _id: sub.id,
    userId: sub.userId,
    user: sub.user,
    startDate: sub.startDate,
    endDate: sub.endDate,
    durationDays: sub.durationDays,
    remainingDays: sub.status === 'active' ? days : 0,
    daysRemaining: sub.status === 'active' ? days : 0,
    status: sub.status,
    isAutoRenew: sub.isAutoRenew,
    adminNotes: sub.adminNotes,
    reason: sub.reason,
    source: sub.source,
    requestId: sub.requestId,
  };
}

/** A VIP subscription as the API sends it; `_id` and `daysRemaining` are the spec's compatibility keys. */
export type VipSubscriptionView = ReturnType<typeof subscriptionView>;

/**
 * The member's VIP state (spec 001 §3): active beats a pending request, which beats a rejection,
 * which beats an ended membership. An ended membership is reported expired even before the
 * hourly job has marked it.
 */
/**
 * The version of a member's VIP state, read from the user document every signed-in request reads
 * anyway: each VIP change (request, approval, grant, cancellation, expiry) writes that document's
 * `updatedAt`. A page that holds a status checks it cheaply (`?known=`) on focus and on navigation,
 * and asks for the whole status only when it moved (issue 50).
 */
export function vipVersion(user: Pick<UserRecord, 'updatedAt'>): string {
  return user.updatedAt.getTime().toString(36);
}

/** The answer to a page whose status is still current: no query beyond the user document. */
export interface VipStatusUnchanged {
  unchanged: true;
  version: string;
}

/** GET /users/vip-status: the whole status, or `unchanged` when the caller's `known` version is still the member's. */
export async function vipStatusIfChanged(deps: AppDeps, user: UserRecord, known: string | undefined) {
  const version = vipVersion(user);
  if (known === version) return { unchanged: true, version } satisfies VipStatusUnchanged;
  return vipStatusFor(deps, user);
}

export async function vipStatusFor(deps: AppDeps, user: UserRecord) {
  const now = deps.now();
  const active = hasActiveVip(user, now);
  // The subscriptions only matter to someone who is not VIP now and has been: an active member's
  // status is on the user document, and one who never had VIP has none (a read saved per answer).
  const neverVip = user.vip.status === 'none' && !user.vip.subscriptionId && !user.vip.endDate;
  const [requests, subscriptions] = await Promise.all([memberVipRequests(deps, user.id), active || neverVip ? Promise.resolve([]) : memberVipSubscriptions(deps, user.id)]);
  const pending = requests.find((r) => r.status === 'pending') ?? null;
  const latestRequest = requests[0] ?? null;
  const lastRejected = requests.find((r) => r.status === 'rejected') ?? null;
  const latestSub = subscriptions[0] ?? null;

  let userVipStatus: MemberVipStatus = 'none';
  if (active) userVipStatus = 'active';
  else if (pending) userVipStatus = 'pending';
  // A rejection counts only when it is newer than the last membership it could be about.
  else if (latestRequest?.status === 'rejected' && (!latestSub || latestRequest.requestDate.getTime() > latestSub.startDate.getTime())) {
    userVipStatus = 'rejected';
  }
  else if (latestSub) userVipStatus = 'expired';

  const current = active && user.vip.endDate && user.vip.startDate
    ? {
        startDate: user.vip.startDate,
        endDate: user.vip.endDate,
        remainingDays: remainingDays(user.vip.endDate, now),
        /** Spec compatibility: the old client's spelling of `remainingDays`. */
        daysRemaining: remainingDays(user.vip.endDate, now),
        durationDays: user.vip.durationDays ?? 30,
        status: 'active' as const,
        isAutoRenew: false,
      }
    : latestSub
      ? {
          startDate: latestSub.startDate,
          endDate: latestSub.endDate,
          remainingDays: 0,
          /** Spec compatibility, as above. */
          daysRemaining: 0,
          durationDays: latestSub.durationDays,
          status: 'expired' as const,
          isAutoRenew: false,
        }
      : null;

  return {
    version: vipVersion(user),
    hasVip: active,
    userVipStatus,
    subscription: current,
    lastSubscriptionEndDate: !active && latestSub ? latestSub.endDate : null,
    lastRejectionReason: lastRejected?.rejectionReason ?? null,
    pendingRequest: pending
      ? {
          id: pending.id,
          requestDate: pending.requestDate,
          status: pending.status,
          requestedDays: pending.requestedDays,
          otherName: pending.otherName,
          reason: pending.reason,
          packageName: pending.packageName,
          price: pending.price,
          ...paymentFields(pending),
        }
      : null,
    /** The newest request whatever its state, so a cancelled or expired one can be explained. */
    latestRequest: latestRequest
      ? { id: latestRequest.id, requestDate: latestRequest.requestDate, status: latestRequest.status, requestedDays: latestRequest.requestedDays, packageName: latestRequest.packageName, ...paymentFields(latestRequest) }
      : null,
  };
}

/** `GET /users/vip-status`: what the member's header, profile and order screens read. */
export type VipStatusView = Awaited<ReturnType<typeof vipStatusFor>>;
/** GET /users/vip-status: the whole status, or `unchanged` for a caller whose version is current. */
export type VipStatusAnswer = VipStatusView | VipStatusUnchanged;
