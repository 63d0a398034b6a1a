import type { DocumentData, Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { getUserIn } from '../identity/index.js';
import { SYSTEM, writeAudit } from '../audit/index.js';
import { REMINDER_AFTER_MS, REQUEST_EXPIRY_MS } from './bank-transfer/request-lifecycle.js';
import { PAYMENT_INSTRUCTION, paymentInstructionFor } from './payment-instruction.js';
import { sendVipMail, type VipMail } from './vip-mail.js';
import { parseVipRequest, type VipRequest } from './vip.js';
import { formatAmountTL, formatTurkishDate } from '../text/index.js';
import { forEachDue } from './each-due.js';

/**
 * Open VIP requests that nobody paid (issue 18): a reminder mail 48 hours after filing, and the
 * request closed as 'süresi doldu' after 7 days. The decision and its record (`reminderSentAt`,
 * `status: 'expired'`) are written in one transaction before the mail is queued, so however often
 * the job runs, even twice at once, a member gets one reminder and a request expires once.
 * A request with a receipt attached is left to staff: the member says they paid.
 * Requests filed before reference codes existed (no `referenceCode`) are left alone too: their
 * members were never told about a time limit.
 */
export interface VipRequestExpiryReport {
  reminded: number;
  expired: number;
}

function expiresAt(request: VipRequest): Date {
  return request.expiresAt ?? new Date(request.requestDate.getTime() + REQUEST_EXPIRY_MS);
}

function reminderMail(request: VipRequest, to: string, firstName: string): VipMail {
  const amount = request.amount !== null ? formatAmountTL(request.amount) : null;
  return {
    to,
    firstName,
    subject: `Ganyan: VIP talebiniz ödeme bekliyor (${request.referenceCode})`,
    lines: [
      `${formatTurkishDate(request.requestDate)} tarihli VIP talebiniz için henüz ödeme görünmüyor.`,
      ...(amount ? [`Havale/EFT tutarı: ${amount}.`] : []),
      request.referenceCode ? paymentInstructionFor(request.referenceCode) : PAYMENT_INSTRUCTION,
      `Ödeme yapılmazsa talebiniz ${formatTurkishDate(expiresAt(request))} tarihinde kapanır. Ödeme yaptıysanız dekontunuzu VIP siparişlerim sayfasından ekleyebilirsiniz.`,
    ],
  };
}

function expiredMail(request: VipRequest, to: string, firstName: string): VipMail {
  return {
    to,
    firstName,
    subject: 'Ganyan: VIP talebinizin süresi doldu',
    lines: [
      `${request.referenceCode} referanslı VIP talebiniz 7 gün içinde ödeme alınamadığı için kapatıldı (süresi doldu).`,
      'Dilediğiniz zaman VIP Üyelik sayfasından yeni bir talep oluşturabilirsiniz. Ödeme yaptıysanız iletişim sayfamızdan bize dekontunuzla ulaşın.',
    ],
  };
}

export async function runVipRequestExpiry(deps: AppDeps): Promise<VipRequestExpiryReport> {
  const report: VipRequestExpiryReport = { reminded: 0, expired: 0 };
  const cutoff = new Date(deps.now().getTime() - REMINDER_AFTER_MS);
  const due = { collection: 'vipRequests', status: 'pending', dateField: 'requestDate', upTo: cutoff };
  const decide = async (tx: Transaction, raw: DocumentData, now: Date) => {
    const request = parseVipRequest(raw);
    if (request.status !== 'pending' || !request.referenceCode || request.receipt) return null;
    const expired = expiresAt(request).getTime() <= now.getTime();
    if (!expired && (request.reminderSentAt || now.getTime() - request.requestDate.getTime() < REMINDER_AFTER_MS)) return null;
    const user = await getUserIn(tx, request.userId);
    if (expired) {
      tx.update('vipRequests', request.id, { status: 'expired', closedAt: now, updatedAt: now });
    } else {
      tx.update('vipRequests', request.id, { reminderSentAt: now, updatedAt: now });
    }
    writeAudit(tx, deps.store.newId(), {
      action: expired ? 'vip.request.expire' : 'vip.request.remind',
      by: SYSTEM,
      targetUserId: request.userId,
      entity: { collection: 'vipRequests', id: request.id },
      before: { request: { status: 'pending' } },
      after: expired ? { request: { status: 'expired' } } : { request: { status: 'pending', reminderSentAt: now } },
      at: now,
    });
    const live = user && !user.isDeleted;
    const mail = live ? (expired ? expiredMail(request, user.email, user.firstName) : reminderMail(request, user.email, user.firstName)) : null;
    return { expired, mail };
  };
  await forEachDue(deps, due, 'vip request expiry failed', decide, async (outcome) => {
    if (outcome.expired) report.expired += 1;
    else report.reminded += 1;
    if (outcome.mail) await sendVipMail(deps, outcome.mail);
  });
  if (report.reminded || report.expired) deps.log.info('vip request expiry run', { ...report });
  return report;
}
