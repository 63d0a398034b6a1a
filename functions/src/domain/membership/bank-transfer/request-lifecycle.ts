import type { AppDeps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { getUploadIn, UPLOAD_MESSAGES } from '../../uploads/index.js';
import type { UserRecord } from '../../identity/index.js';
import { writeAudit } from '../../audit/index.js';
import { DAY_MS, parseVipRequest, VIP_MESSAGES, type VipRequest } from '../vip.js';

/** An unpaid request is reminded after 48 hours and closed as 'süresi doldu' after 7 days. */
export const REMINDER_AFTER_MS = 2 * DAY_MS;
export const REQUEST_EXPIRY_MS = 7 * DAY_MS;

async function openRequestOf(deps: AppDeps, userId: string): Promise<VipRequest | null> {
  const rows = await deps.store.collection('vipRequests').where('userId', '==', userId).where('status', '==', 'pending').limit(1).get();
  return rows[0] ? parseVipRequest(rows[0]) : null;
}

/** The member withdraws their open request (nothing was paid, or they chose another package). */
export async function cancelOwnVipRequest(deps: AppDeps, user: UserRecord): Promise<VipRequest> {
  const open = await openRequestOf(deps, user.id);
  if (!open) throw new AppError('CONFLICT', VIP_MESSAGES.noOpenRequest);
  await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const raw = await tx.get('vipRequests', open.id);
    const request = raw ? parseVipRequest(raw) : null;
    // Approved or expired in the meantime: nothing open is left to cancel.
    if (!request || request.status !== 'pending' || request.userId !== user.id) throw new AppError('CONFLICT', VIP_MESSAGES.noOpenRequest);
    tx.update('vipRequests', request.id, { status: 'cancelled', closedAt: now, updatedAt: now });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.request.cancel',
      by: user,
      targetUserId: user.id,
      entity: { collection: 'vipRequests', id: request.id },
      before: { request: { status: 'pending' } },
      after: { request: { status: 'cancelled' } },
      at: now,
    });
  });
  return parseVipRequest(await deps.store.get('vipRequests', open.id));
}

/**
 * Attaches a finalized `receipt` upload to the member's own open request. A second receipt
 * replaces the first (a clearer photo); the file stays private (`private/receipts/...`).
 */
export async function attachVipReceipt(deps: AppDeps, user: UserRecord, requestId: string, uploadId: string): Promise<VipRequest> {
  await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const raw = await tx.get('vipRequests', requestId);
    const request = raw ? parseVipRequest(raw) : null;
    if (!request || request.userId !== user.id) throw new AppError('NOT_FOUND', VIP_MESSAGES.requestNotFound);
    if (request.status !== 'pending') throw new AppError('CONFLICT', VIP_MESSAGES.receiptNotOpen);
    const upload = await getUploadIn(tx, uploadId);
    if (!upload || upload.ownerId !== user.id || upload.status !== 'ready' || upload.size === null) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notReady);
    if (upload.purpose !== 'receipt') throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.wrongPurpose);
    const receipt = { uploadId: upload.id, key: upload.key, contentType: upload.contentType, size: upload.size, name: upload.name, addedAt: now };
    tx.update('vipRequests', request.id, { receipt, updatedAt: now });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.request.receipt',
      by: user,
      targetUserId: user.id,
      entity: { collection: 'vipRequests', id: request.id },
      before: { receipt: request.receipt ? { uploadId: request.receipt.uploadId } : null },
      after: { receipt: { uploadId: upload.id, name: upload.name, contentType: upload.contentType, size: upload.size } },
      at: now,
    });
  });
  return parseVipRequest(await deps.store.get('vipRequests', requestId));
}

/** The receipt's bytes for staff (the route checks the staff session; nobody else reaches this). */
export async function readVipReceipt(deps: AppDeps, requestId: string): Promise<{ body: Buffer; contentType: string; name: string }> {
  const raw = await deps.store.get('vipRequests', requestId);
  if (!raw) throw new AppError('NOT_FOUND', VIP_MESSAGES.requestNotFound);
  const request = parseVipRequest(raw);
  if (!request.receipt) throw new AppError('NOT_FOUND', VIP_MESSAGES.noReceipt);
  const info = await deps.blobs.stat(request.receipt.key);
  if (!info) throw new AppError('NOT_FOUND', VIP_MESSAGES.noReceipt);
  const body = await deps.blobs.readHead(request.receipt.key, info.size);
  return { body, contentType: request.receipt.contentType, name: request.receipt.name };
}

import type { TimelineKind } from './payment-view.js';

/** The request's history as the member and staff see it, oldest first. */
export function requestTimeline(request: VipRequest): { kind: TimelineKind; at: Date }[] {
  const events: { kind: TimelineKind; at: Date }[] = [{ kind: 'filed', at: request.requestDate }];
  if (request.receipt) events.push({ kind: 'receipt', at: request.receipt.addedAt });
  if (request.reminderSentAt) events.push({ kind: 'reminder', at: request.reminderSentAt });
  if (request.status === 'approved' || request.status === 'rejected') events.push({ kind: request.status, at: request.reviewedAt ?? request.updatedAt });
  if (request.status === 'cancelled' || request.status === 'expired') events.push({ kind: request.status, at: request.closedAt ?? request.updatedAt });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}
