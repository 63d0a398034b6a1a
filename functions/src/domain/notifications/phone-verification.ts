import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { turkishMobile, hasActiveVip, type UserRecord, requireUser, getUserIn, updateUserIn } from '../identity/index.js';
import { consume, tooManyRequests, type RateRule } from '../../platform/rate-limit.js';
import { formatTurkishPhone } from '../text/index.js';
import { writeAudit } from '../audit/index.js';

/**
 * SMS go only to a number its member proved (issue 52 §3): a 6-digit code is sent by SMS to the
 * profile's mobile (the outbox locally), the member types it on /profil, and the number is then
 * theirs: `verifiedPhones/{E.164}` names the one account it belongs to. Proving a number another
 * account had verified moves it (the person holding the phone decides; the other account's SMS
 * stop). Changing the profile's phone ends the verification, since it names the old number.
 * Codes are for VIP members only (only they receive SMS), throttled per account and per number,
 * kept as an HMAC, valid 10 minutes and for 5 attempts.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;
export const PHONE_CODE_RULES = {
  account: { name: 'phone-code-account', max: 3, windowMs: 60 * 60_000 },
  number: { name: 'phone-code-number', max: 5, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, RateRule>;

export const PHONE_MESSAGES = {
  notVip: 'SMS bildirimleri yalnızca VIP üyelere gönderilir; telefon doğrulaması da VIP üyeler içindir.',
  noMobile: 'Önce Kişisel Bilgiler bölümüne geçerli bir Türkiye cep telefonu numarası kaydedin.',
  alreadyVerified: 'Bu numara zaten doğrulanmış.',
  sent: (shown: string) => `${shown} numarasına 6 haneli bir doğrulama kodu gönderdik. Kod 10 dakika geçerlidir.`,
  tooManyCodes: 'Çok fazla doğrulama kodu istendi. Lütfen daha sonra tekrar deneyin.',
  codeFormat: 'Lütfen SMS ile gelen 6 haneli kodu girin.',
  noCode: 'Geçerli bir doğrulama kodunuz yok. Lütfen yeni kod isteyin.',
  expired: 'Doğrulama kodunun süresi doldu. Lütfen yeni kod isteyin.',
  wrong: (left: number) => `Kod hatalı. ${left} deneme hakkınız kaldı.`,
  tooManyAttempts: 'Çok fazla hatalı deneme yapıldı. Lütfen yeni kod isteyin.',
  phoneChanged: 'Kod istendikten sonra telefon numaranız değişti. Lütfen yeni kod isteyin.',
  verified: (shown: string) => `${shown} numaranız doğrulandı. SMS bildirimlerini açabilirsiniz.`,
  smsNeedsVip: 'SMS bildirimleri yalnızca VIP üyelere gönderilir.',
  smsNeedsVerified: 'SMS bildirimlerini açmak için önce telefon numaranızı doğrulayın.',
  sms: (code: string) => `Ganyan dogrulama kodunuz: ${code}. Kod 10 dakika gecerlidir; kimseyle paylasmayin.`,
} as const;

export const phoneCodeInputSchema = z.strictObject({
  code: z.string(PHONE_MESSAGES.codeFormat).trim().regex(/^\d{6}$/, PHONE_MESSAGES.codeFormat),
});

const pendingSchema = z.object({ number: z.string(), codeHash: z.string(), expiresAt: z.date(), attempts: z.number().int().default(0), createdAt: z.date() });

/** The number SMS may go to: the profile's Turkish mobile, only while it is the one the member verified. */
export function verifiedSmsNumber(user: Pick<UserRecord, 'phone' | 'phoneVerification'>): string | null {
  const mobile = turkishMobile(user.phone);
  return mobile !== null && user.phoneVerification?.number === mobile ? mobile : null;
}

/** Whether an SMS may go to this member now: an active VIP with a verified number. */
export function smsRecipient(user: UserRecord, now: Date): string | null {
  return hasActiveVip(user, now) ? verifiedSmsNumber(user) : null;
}

function codeHash(secret: string, userId: string, number: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code\n${userId}\n${number}\n${code}`).digest('hex');
}

async function freshUser(deps: AppDeps, userId: string): Promise<UserRecord> {
  return requireUser(deps, userId);
}

/** Sends a code to the profile's mobile. A new code replaces the previous one. */
export async function sendPhoneCode(deps: AppDeps, member: UserRecord): Promise<{ message: string }> {
  const user = await freshUser(deps, member.id);
  const now = deps.now();
  if (!hasActiveVip(user, now)) throw new AppError('FORBIDDEN', PHONE_MESSAGES.notVip);
  const number = turkishMobile(user.phone);
  if (!number) throw new AppError('VALIDATION', PHONE_MESSAGES.noMobile);
  if (verifiedSmsNumber(user)) throw new AppError('CONFLICT', PHONE_MESSAGES.alreadyVerified);
  await consume(
    deps,
    [
      { rule: PHONE_CODE_RULES.account, key: user.id },
      { rule: PHONE_CODE_RULES.number, key: number },
    ],
    PHONE_MESSAGES.tooManyCodes,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const batch = deps.store.batch();
  batch.set('phoneVerifications', user.id, { number, codeHash: codeHash(deps.config.jwtSecret, user.id, number, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), attempts: 0, createdAt: now });
  deps.sms.queueInBatch(batch, `phone_${deps.store.newId()}`, { to: number, body: PHONE_MESSAGES.sms(code) });
  await batch.commit();
  return { message: PHONE_MESSAGES.sent(formatTurkishPhone(number)) };
}

/** Checks the typed code; on success the number is this account's (and no other's). */
export async function confirmPhoneCode(deps: AppDeps, member: UserRecord, code: string): Promise<{ number: string; message: string }> {
  const outcome = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const user = await getUserIn(tx, member.id);
    if (!user || user.isDeleted) throw new AppError('NOT_FOUND', 'Kullanıcı bulunamadı.');
    if (!hasActiveVip(user, now)) throw new AppError('FORBIDDEN', PHONE_MESSAGES.notVip);
    const raw = await tx.get('phoneVerifications', user.id);
    if (!raw) throw new AppError('BAD_REQUEST', PHONE_MESSAGES.noCode);
    const pending = pendingSchema.parse(raw);
    if (pending.attempts >= MAX_ATTEMPTS) return { error: tooManyRequests(PHONE_MESSAGES.tooManyAttempts, Math.max(1, Math.ceil((pending.expiresAt.getTime() - now.getTime()) / 1000))) };
    if (pending.expiresAt.getTime() <= now.getTime()) return { error: new AppError('BAD_REQUEST', PHONE_MESSAGES.expired) };
    if (turkishMobile(user.phone) !== pending.number) return { error: new AppError('CONFLICT', PHONE_MESSAGES.phoneChanged) };
    const expected = Buffer.from(pending.codeHash, 'hex');
    const given = Buffer.from(codeHash(deps.config.jwtSecret, user.id, pending.number, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      // The wrong attempt is counted in this transaction, which then commits (the error is returned, not thrown).
      const attempts = pending.attempts + 1;
      tx.update('phoneVerifications', user.id, { attempts });
      return { error: attempts >= MAX_ATTEMPTS ? new AppError('TOO_MANY_REQUESTS', PHONE_MESSAGES.tooManyAttempts) : new AppError('BAD_REQUEST', PHONE_MESSAGES.wrong(MAX_ATTEMPTS - attempts)) };
    }
    const holderRaw = await tx.get('verifiedPhones', pending.number);
    const previous = holderRaw && holderRaw.userId !== user.id ? String(holderRaw.userId) : null;
    if (previous) {
      const prev = await getUserIn(tx, previous);
      if (prev?.phoneVerification?.number === pending.number) updateUserIn(tx, previous, { phoneVerification: null, updatedAt: now });
    }
    tx.set('verifiedPhones', pending.number, { userId: user.id, verifiedAt: now });
    updateUserIn(tx, user.id, { phoneVerification: { number: pending.number, verifiedAt: now }, updatedAt: now });
    tx.delete('phoneVerifications', user.id);
    writeAudit(tx, deps.store.newId(), {
      action: 'user.phone.verify',
      by: user,
      targetUserId: user.id,
      entity: { collection: 'users', id: user.id },
      before: { phoneVerification: user.phoneVerification ? { number: user.phoneVerification.number } : null, movedFrom: previous },
      after: { phoneVerification: { number: pending.number } },
      at: now,
    });
    return { number: pending.number };
  });
  if ('error' in outcome) throw outcome.error;
  return { number: outcome.number, message: PHONE_MESSAGES.verified(formatTurkishPhone(outcome.number)) };
}
