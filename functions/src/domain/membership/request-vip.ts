import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { fullName, type UserRecord, getUserIn, updateUserIn } from '../identity/index.js';
import { writeAudit } from '../audit/index.js';
import { tooManyRequests } from '../../platform/rate-limit.js';
import { REQUEST_EXPIRY_MS } from './bank-transfer/request-lifecycle.js';
import { reserveReferenceCode } from './bank-transfer/reference-code.js';
import { formatTurkishDate, formatTL } from '../text/index.js';
import { groupedIban } from './iban.js';
import { PAYMENT_INSTRUCTION, paymentInstructionFor } from './payment-instruction.js';
import { paymentBankAccount } from './public-settings.js';
import { sendVipMail } from './vip-mail.js';
import { parseVipPackage } from './vip-package.js';
import { DAY_MS, DEFAULT_VIP_DAYS, DEFAULT_VIP_REASON, parseVipRequest, VIP_MESSAGES, type RequestVipInput, type VipRequest } from './vip.js';

/**
 * Requests a member may cancel in 24 hours and still file another: each filing reserves a
 * reference code, so a loop of file-and-cancel must not drain the code space.
 */
export const MAX_CANCELLED_PER_DAY = 3;

/**
 * Files a member's VIP request. The user document is read and touched in the same transaction,
 * so two simultaneous requests conflict and the second sees the first: one pending at a time.
 * The package's price and days are copied onto the request (a later price change never alters an
 * open request), with a reserved payment reference code and the date it expires unpaid.
 */
export async function requestVip(deps: AppDeps, user: UserRecord, input: RequestVipInput): Promise<VipRequest> {
  if (user.role !== 'user') throw new AppError('FORBIDDEN', VIP_MESSAGES.staffCannotVip);
  let requestedDays = input.requestedDays ?? DEFAULT_VIP_DAYS;
  let pkg = null;
  if (input.packageId) {
    const raw = await deps.store.get('vipPackages', input.packageId);
    pkg = raw ? parseVipPackage(raw) : null;
    if (!pkg || !pkg.isActive) throw new AppError('BAD_REQUEST', VIP_MESSAGES.packageUnavailable);
    requestedDays = pkg.durationDays;
  }
  const otherName = input.otherName?.trim() || fullName(user);
  const reason = input.reason?.trim() || DEFAULT_VIP_REASON;

  const id = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const current = await getUserIn(tx, user.id);
    if (!current) throw new AppError('NOT_FOUND', VIP_MESSAGES.userNotFound);
    const pending = await tx.query(
      deps.store.collection('vipRequests').where('userId', '==', user.id).where('status', '==', 'pending').limit(1),
    );
    if (pending.length > 0) throw new AppError('CONFLICT', VIP_MESSAGES.pendingExists);
    const cancelled = await tx.query(deps.store.collection('vipRequests').where('userId', '==', user.id).where('status', '==', 'cancelled'));
    const recent = cancelled
      .map((raw) => parseVipRequest(raw))
      .map((r) => (r.closedAt ?? r.updatedAt).getTime())
      .filter((at) => at > now.getTime() - DAY_MS)
      .sort((a, b) => a - b);
    if (recent.length >= MAX_CANCELLED_PER_DAY) {
      const freedAt = recent[recent.length - MAX_CANCELLED_PER_DAY]! + DAY_MS;
      throw tooManyRequests(VIP_MESSAGES.tooManyRequests, Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
    }
    const requestId = deps.store.newId();
    const referenceCode = await reserveReferenceCode(tx, requestId, now);
    const amount = pkg?.price ?? null;
    tx.create('vipRequests', requestId, {
      userId: user.id,
      user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
      requestDate: now,
      status: 'pending',
      requestedDays,
      reason,
      otherName,
      packageId: pkg?.id ?? null,
      packageName: pkg?.name ?? null,
      price: pkg?.price ?? null,
      adminNotes: null,
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
      subscriptionId: null,
      referenceCode,
      amount,
      receipt: null,
      reminderSentAt: null,
      expiresAt: new Date(now.getTime() + REQUEST_EXPIRY_MS),
      closedAt: null,
      paymentMatch: null,
      createdAt: now,
      updatedAt: now,
    });
    updateUserIn(tx, user.id, { updatedAt: now });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.request.create',
      by: user,
      targetUserId: user.id,
      entity: { collection: 'vipRequests', id: requestId },
      before: null,
      after: { request: { status: 'pending', referenceCode, amount, requestedDays, packageId: pkg?.id ?? null } },
      at: now,
    });
    return requestId;
  });
  const request = parseVipRequest({ ...(await deps.store.get('vipRequests', id)) });
  await sendPaymentMail(deps, user, request);
  return request;
}

/**
 * The request's payment instructions by mail, so the member has the code and the account at hand
 * at the bank (the same words as /vip-siparislerim: payment-instruction.ts).
 */
async function sendPaymentMail(deps: AppDeps, user: UserRecord, request: VipRequest): Promise<void> {
  const bank = await paymentBankAccount(deps).catch(() => null);
  const amount = request.amount !== null ? formatTL(request.amount) : null;
  await sendVipMail(deps, {
    to: user.email,
    firstName: user.firstName,
    subject: `Ganyan: VIP talebiniz oluşturuldu, ödeme bilgileri (${request.referenceCode})`,
    lines: [
      `${request.packageName ?? `${request.requestedDays} günlük VIP`} talebiniz oluşturuldu. Referans kodunuz: ${request.referenceCode}`,
      request.referenceCode ? paymentInstructionFor(request.referenceCode) : PAYMENT_INSTRUCTION,
      ...(amount ? [`Tutar: ${amount}`] : []),
      ...(bank ? [`Banka: ${bank.bankName}`, `Hesap sahibi: ${bank.accountOwner}`, `IBAN: ${groupedIban(bank.ibanNumber)}`] : []),
      `Ödemeniz hesabımıza ulaştığında talebiniz 24 saat içinde değerlendirilir. Ödeme ${request.expiresAt ? formatTurkishDate(request.expiresAt) : '7 gün içinde'} tarihine kadar yapılmazsa talep kendiliğinden kapanır.`,
    ],
  });
}
