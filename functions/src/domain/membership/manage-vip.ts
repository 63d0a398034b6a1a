import { createHash } from 'node:crypto';
import type { Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { type UserRecord, type UserVip, getUserIn, updateUserIn } from '../identity/index.js';
import { getAuditEntryIn, writeAudit } from '../audit/index.js';
import { sendVipMail, type VipMail } from './vip-mail.js';
import { formatTurkishDate } from '../text/index.js';
import { DAY_MS, DEFAULT_VIP_DAYS, parseVipRequest, parseVipSubscription, APPROVAL_EVIDENCE_MESSAGE, VIP_MESSAGES, type VipSubscription } from './vip.js';

/**
 * Staff VIP actions (spec 002 §2 VIP management). Each runs in one transaction that changes the
 * request or subscription, the user's `vip` mirror and the audit log together; the member's mail
 * is queued only after the commit. Re-running an action on a record it already changed is refused
 * by the status check, so ten simultaneous approvals extend a membership once.
 */
export interface VipActionResult {
  userId: string;
  vip: UserVip;
  subscriptionId: string | null;
  requestId?: string;
  replayed?: boolean;
}

async function loadVipUser(tx: Transaction, userId: string): Promise<UserRecord> {
  const user = await getUserIn(tx, userId);
  if (!user || user.isDeleted) throw new AppError('NOT_FOUND', VIP_MESSAGES.userNotFound);
  if (user.role !== 'user') throw new AppError('BAD_REQUEST', VIP_MESSAGES.staffCannotVip);
  return user;
}

/**
 * Adds days to the user's membership: an active one is extended from its end, otherwise a new
 * subscription starts now. New end = max(now, current end) + days.
 */
async function addVipDays(
  deps: AppDeps,
  tx: Transaction,
  user: UserRecord,
  days: number,
  meta: { source: 'request' | 'grant'; requestId: string | null; adminNotes: string | null; reason: string | null },
): Promise<{ vip: UserVip; subscriptionId: string; before: { vip: UserVip; subscription: VipSubscription | null } }> {
  const now = deps.now();
  const subRaw = user.vip.subscriptionId ? await tx.get('vipSubscriptions', user.vip.subscriptionId) : null;
  const sub = subRaw ? parseVipSubscription(subRaw) : null;
  const snapshot = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  if (sub && sub.status === 'active' && sub.endDate.getTime() > now.getTime()) {
    const endDate = new Date(Math.max(now.getTime(), sub.endDate.getTime()) + days * DAY_MS);
    const durationDays = sub.durationDays + days;
    tx.update('vipSubscriptions', sub.id, {
      endDate,
      durationDays,
      adminNotes: meta.adminNotes ?? sub.adminNotes,
      user: snapshot,
      updatedAt: now,
    });
    const vip: UserVip = { status: 'active', subscriptionId: sub.id, startDate: sub.startDate, endDate, durationDays };
    updateUserIn(tx, user.id, { vip, updatedAt: now });
    return { vip, subscriptionId: sub.id, before: { vip: user.vip, subscription: sub } };
  }
  if (sub && sub.status === 'active') {
    // Ended but not yet marked by the hourly job: close it before starting the new one.
    tx.update('vipSubscriptions', sub.id, { status: 'expired', updatedAt: now });
  }
  const id = deps.store.newId();
  const endDate = new Date(now.getTime() + days * DAY_MS);
  tx.create('vipSubscriptions', id, {
    userId: user.id,
    user: snapshot,
    startDate: now,
    endDate,
    durationDays: days,
    status: 'active',
    source: meta.source,
    requestId: meta.requestId,
    adminNotes: meta.adminNotes,
    reason: meta.reason,
    isAutoRenew: false,
    remindersSent: [],
    cancelledAt: null,
    cancelledBy: null,
    createdAt: now,
    updatedAt: now,
  });
  const vip: UserVip = { status: 'active', subscriptionId: id, startDate: now, endDate, durationDays: days };
  updateUserIn(tx, user.id, { vip, updatedAt: now });
  return { vip, subscriptionId: id, before: { vip: user.vip, subscription: sub } };
}

function activeMail(user: UserRecord, vip: UserVip, subject: string, first: string): VipMail {
  return {
    to: user.email,
    firstName: user.firstName,
    subject,
    lines: [first, `VIP üyeliğiniz ${formatTurkishDate(vip.endDate!)} tarihine kadar geçerlidir.`],
  };
}

/**
 * Approves a pending request. With an Idempotency-Key, a repeat of an approval that went through
 * (its answer lost on the way) answers with the first result instead of "not pending".
 */
export async function approveVipRequest(
  deps: AppDeps,
  actor: Actor,
  requestId: string,
  input: {
    durationDays?: number;
    adminNotes?: string;
    /** Required when the request has neither a receipt nor a statement line: how the payment was checked. */
    evidenceReason?: string;
    idempotencyKey?: string;
    /** Approval from a bank statement line: the line is claimed in this transaction (once, ever). */
    statementLine?: { statementId: string; lineNo: number; lineKey: string; amountKurus: number };
  },
): Promise<VipActionResult> {
  const auditId = input.idempotencyKey ? idempotencyAuditId('approve', actor.user.id, requestId, input.idempotencyKey) : null;
  const { result, mail } = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    if (auditId) {
      const previous = await getAuditEntryIn(tx, auditId);
      if (previous) {
        const after = previous.after as { vip: UserVip; subscriptionId: string };
        return { result: { userId: String(previous.targetUserId), vip: after.vip, subscriptionId: after.subscriptionId, requestId, replayed: true }, mail: null };
      }
    }
    const raw = await tx.get('vipRequests', requestId);
    if (!raw) throw new AppError('NOT_FOUND', VIP_MESSAGES.requestNotFound);
    const request = parseVipRequest(raw);
    const line = input.statementLine;
    if (line && (await tx.get('vipStatementLines', line.lineKey))) throw new AppError('CONFLICT', VIP_MESSAGES.statementLineUsed);
    if (request.status !== 'pending') throw new AppError('CONFLICT', VIP_MESSAGES.requestNotPending);
    // Still 'pending' until the hourly job closes it, but its 7 days are over: the code is dead.
    if (request.expiresAt && request.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', VIP_MESSAGES.requestExpired);
    if (line && (request.amount === null || Math.round(request.amount * 100) !== line.amountKurus)) throw new AppError('CONFLICT', VIP_MESSAGES.statementAmountDiffers);
    // Money needs evidence: a receipt, a matched statement line, or the approver's written reason.
    const evidenceReason = input.evidenceReason?.trim() || null;
    if (!line && !request.receipt && (evidenceReason === null || evidenceReason.length < 10)) throw new AppError('VALIDATION', APPROVAL_EVIDENCE_MESSAGE);
    const evidence = line ? 'statement' : request.receipt ? 'receipt' : 'reason';
    const user = await loadVipUser(tx, request.userId);
    const days = input.durationDays ?? request.requestedDays ?? DEFAULT_VIP_DAYS;
    const adminNotes = input.adminNotes?.trim() || null;
    const added = await addVipDays(deps, tx, user, days, { source: 'request', requestId, adminNotes, reason: request.reason });
    const paymentMatch = line ? { statementId: line.statementId, lineNo: line.lineNo, lineKey: line.lineKey } : null;
    const requestAfter = { status: 'approved', adminNotes, reviewedBy: actor.user.id, reviewedAt: now, subscriptionId: added.subscriptionId, paymentMatch, updatedAt: now };
    tx.update('vipRequests', requestId, requestAfter);
    if (line) tx.create('vipStatementLines', line.lineKey, { ...line, requestId, approvedBy: actor.user.id, approvedAt: now });
    writeAudit(tx, auditId ?? deps.store.newId(), {
      action: 'vip.request.approve',
      by: actor.user,
      targetUserId: user.id,
      entity: { collection: 'vipRequests', id: requestId },
      before: { request: { status: request.status }, vip: added.before.vip },
      after: { request: { status: 'approved', durationDays: days, paymentMatch }, evidence, evidenceReason: evidence === 'reason' ? evidenceReason : null, vip: added.vip, subscriptionId: added.subscriptionId },
      notes: adminNotes,
      at: now,
    });
    return {
      result: { userId: user.id, vip: added.vip, subscriptionId: added.subscriptionId, requestId },
      mail: activeMail(user, added.vip, 'Ganyan: VIP üyeliğiniz onaylandı', `VIP üyelik talebiniz onaylandı; üyeliğinize ${days} gün eklendi.`),
    };
  });
  if (mail) await sendVipMail(deps, mail);
  return result;
}

export async function rejectVipRequest(
  deps: AppDeps,
  actor: Actor,
  requestId: string,
  input: { rejectionReason: string; adminNotes?: string },
): Promise<VipActionResult> {
  const { result, mail } = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const raw = await tx.get('vipRequests', requestId);
    if (!raw) throw new AppError('NOT_FOUND', VIP_MESSAGES.requestNotFound);
    const request = parseVipRequest(raw);
    if (request.status !== 'pending') throw new AppError('CONFLICT', VIP_MESSAGES.requestNotPending);
    const user = await getUserIn(tx, request.userId);
    const adminNotes = input.adminNotes?.trim() || null;
    tx.update('vipRequests', requestId, {
      status: 'rejected',
      rejectionReason: input.rejectionReason,
      adminNotes,
      reviewedBy: actor.user.id,
      reviewedAt: now,
      updatedAt: now,
    });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.request.reject',
      by: actor.user,
      targetUserId: request.userId,
      entity: { collection: 'vipRequests', id: requestId },
      before: { request: { status: request.status } },
      after: { request: { status: 'rejected', rejectionReason: input.rejectionReason } },
      notes: adminNotes,
      at: now,
    });
    const mail: VipMail | null = user
      ? {
          to: user.email,
          firstName: user.firstName,
          subject: 'Ganyan: VIP talebiniz hakkında',
          lines: [
            'VIP üyelik talebiniz onaylanamadı.',
            `Sebep: ${input.rejectionReason}`,
            'Ödemenizle ilgili bir sorun olduğunu düşünüyorsanız iletişim sayfamızdan bize ulaşabilir ya da yeni bir talep oluşturabilirsiniz.',
          ],
        }
      : null;
    return { result: { userId: request.userId, vip: user?.vip ?? null, subscriptionId: null, requestId } as VipActionResult, mail };
  });
  if (mail) await sendVipMail(deps, mail);
  return result;
}

/** The audit entry's id for an action sent with an Idempotency-Key: a repeat finds the first entry. */
function idempotencyAuditId(action: 'grant' | 'approve', actorId: string, targetId: string, key: string): string {
  return `${action}-${createHash('sha256').update(`${actorId}\n${targetId}\n${key}`).digest('hex')}`;
}

/**
 * Grants or extends VIP directly. With an Idempotency-Key, the audit entry's id is derived from
 * the key, so a repeated call finds it in the same transaction and answers with the first result.
 */
export async function grantVip(
  deps: AppDeps,
  actor: Actor,
  userId: string,
  input: { durationDays: number; adminNotes?: string; idempotencyKey?: string },
): Promise<VipActionResult> {
  const auditId = input.idempotencyKey ? idempotencyAuditId('grant', actor.user.id, userId, input.idempotencyKey) : null;
  const outcome = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    if (auditId) {
      const previous = await getAuditEntryIn(tx, auditId);
      if (previous) {
        const after = previous.after as { durationDays?: number; vip: UserVip; subscriptionId: string };
        if (after.durationDays !== input.durationDays) {
          throw new AppError('CONFLICT', 'Bu Idempotency-Key farklı bir istek için kullanılmış.');
        }
        return { result: { userId, vip: after.vip, subscriptionId: after.subscriptionId, replayed: true }, mail: null };
      }
    }
    const user = await loadVipUser(tx, userId);
    const adminNotes = input.adminNotes?.trim() || null;
    const added = await addVipDays(deps, tx, user, input.durationDays, { source: 'grant', requestId: null, adminNotes, reason: null });
    writeAudit(tx, auditId ?? deps.store.newId(), {
      action: 'vip.grant',
      by: actor.user,
      targetUserId: user.id,
      entity: { collection: 'vipSubscriptions', id: added.subscriptionId },
      before: { vip: added.before.vip, subscription: added.before.subscription ? { endDate: added.before.subscription.endDate, status: added.before.subscription.status } : null },
      after: { vip: added.vip, subscriptionId: added.subscriptionId, durationDays: input.durationDays },
      notes: adminNotes,
      at: now,
    });
    return {
      result: { userId, vip: added.vip, subscriptionId: added.subscriptionId },
      mail: activeMail(user, added.vip, 'Ganyan: VIP üyeliğiniz tanımlandı', `Hesabınıza ${input.durationDays} gün VIP üyelik tanımlandı.`),
    };
  });
  if (outcome.mail) await sendVipMail(deps, outcome.mail);
  return outcome.result;
}

export async function cancelVip(deps: AppDeps, actor: Actor, userId: string, input: { reason: string }): Promise<VipActionResult> {
  const { result, mail } = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const user = await loadVipUser(tx, userId);
    const subRaw = user.vip.subscriptionId ? await tx.get('vipSubscriptions', user.vip.subscriptionId) : null;
    const sub = subRaw ? parseVipSubscription(subRaw) : null;
    if (!sub || sub.status !== 'active' || user.vip.status !== 'active') throw new AppError('CONFLICT', VIP_MESSAGES.noActiveVip);
    tx.update('vipSubscriptions', sub.id, { status: 'cancelled', reason: input.reason, cancelledAt: now, cancelledBy: actor.user.id, updatedAt: now });
    const vip: UserVip = { ...user.vip, status: 'cancelled' };
    updateUserIn(tx, user.id, { vip, updatedAt: now });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.cancel',
      by: actor.user,
      targetUserId: user.id,
      entity: { collection: 'vipSubscriptions', id: sub.id },
      before: { vip: user.vip, subscription: { status: sub.status, endDate: sub.endDate } },
      after: { vip, subscription: { status: 'cancelled' } },
      notes: input.reason,
      at: now,
    });
    return {
      result: { userId, vip, subscriptionId: sub.id },
      mail: {
        to: user.email,
        firstName: user.firstName,
        subject: 'Ganyan: VIP üyeliğiniz iptal edildi',
        lines: ['VIP üyeliğiniz iptal edildi.', `Sebep: ${input.reason}`, 'Sorularınız için iletişim sayfamızdan bize ulaşabilirsiniz.'],
      } satisfies VipMail,
    };
  });
  await sendVipMail(deps, mail);
  return result;
}
