import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { EMAIL_CHANGE_MESSAGES } from './auth-schemas.js';
import { escapeHtml } from '../text/index.js';
import { revokeUserSessions } from './sessions.js';
import type { UserRecord } from './user.js';

/**
 * Changing the e-mail address of an account, for members and staff alike. The address is the key
 * to a password reset, so whoever holds a session must not be able to move it quietly:
 * - the current password is asked for (the caller checks it, throttled);
 * - the new address gets a link (24 h); a member's address changes only when it is opened
 *   (staff addresses change at once and count as unverified until then, as the panel's spec says);
 * - the old address is told, with a link (7 days) that undoes the change and ends every session.
 *
 * One `emailChanges` document per request, its id the SHA-256 of the confirm token; the cancel
 * token is kept as a hash too, so the store never holds a usable link.
 */
export const EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;
export const EMAIL_CANCEL_TTL_MS = 7 * 24 * 3_600_000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface EmailChangeRequest {
  user: UserRecord;
  email: string;
  /** Members: the change waits for the link. Staff: it applies at once, unverified. */
  applyNow: boolean;
  /** Path of the page that opens the confirm link. */
  confirmPath: string;
  /** Origin the links point at (the site's, or the one the request came to). */
  origin: string;
  takenMessage: string;
}

export async function requestEmailChange(deps: AppDeps, input: EmailChangeRequest): Promise<void> {
  const { user, email } = input;
  const now = deps.now();
  const confirmToken = randomBytes(32).toString('base64url');
  const cancelToken = randomBytes(32).toString('base64url');
  await deps.store.runTransaction(async (tx) => {
    const holders = await tx.query(deps.store.collection('users').where('email', '==', email).limit(1));
    if (holders.length > 0) throw new AppError('CONFLICT', input.takenMessage);
    if (input.applyNow) tx.update('users', user.id, { email, isEmailVerified: false, updatedAt: now });
    tx.create('emailChanges', tokenHash(confirmToken), {
      userId: user.id,
      email,
      previousEmail: user.email,
      previousVerified: user.isEmailVerified,
      cancelTokenHash: tokenHash(cancelToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_MS),
      cancelExpiresAt: new Date(now.getTime() + EMAIL_CANCEL_TTL_MS),
      appliedAt: input.applyNow ? now : null,
      usedAt: null,
      cancelledAt: null,
    });
  });
  const confirmLink = `${input.origin}${input.confirmPath}?token=${encodeURIComponent(confirmToken)}`;
  const cancelLink = `${input.origin}/eposta-degisikligi?iptal=${encodeURIComponent(cancelToken)}`;
  const name = escapeHtml(user.firstName);
  await deps.mailer.send({
    to: email,
    message: {
      subject: 'Ganyan: e-posta adresinizi doğrulayın',
      text: `Merhaba ${user.firstName},\n\nBu adresi Ganyan hesabınızda kullanmak için bu bağlantıyı açın (24 saat geçerlidir):\n${confirmLink}`,
      html: `<p>Merhaba ${name},</p><p>Bu adresi Ganyan hesabınızda kullanmak için aşağıdaki bağlantıyı açın. Bağlantı 24 saat geçerlidir.</p><p><a href="${confirmLink}">E-postamı doğrula</a></p>`,
    },
  });
  const what = input.applyNow ? `hesabınızın e-posta adresi ${email} olarak değiştirildi` : `hesabınızın e-posta adresini ${email} olarak değiştirme isteği alındı`;
  const whatHtml = input.applyNow
    ? `hesabınızın e-posta adresi <strong>${escapeHtml(email)}</strong> olarak değiştirildi`
    : `hesabınızın e-posta adresini <strong>${escapeHtml(email)}</strong> olarak değiştirme isteği alındı`;
  await deps.mailer.send({
    to: user.email,
    message: {
      subject: 'Ganyan: e-posta adresi değişikliği',
      text: `Merhaba ${user.firstName},\n\nGanyan ${what}.\n\nBunu siz yapmadıysanız bu bağlantıyı açın (7 gün geçerlidir): değişiklik geri alınır ve hesabınızdaki tüm oturumlar kapatılır.\n${cancelLink}`,
      html: `<p>Merhaba ${name},</p><p>Ganyan ${whatHtml}.</p><p>Bunu siz yapmadıysanız aşağıdaki bağlantıyı açın (7 gün geçerlidir): değişiklik geri alınır ve hesabınızdaki tüm oturumlar kapatılır.</p><p><a href="${cancelLink}">Bu değişikliği ben yapmadım</a></p>`,
    },
  });
}

/** The new address proved it is reachable: a pending change applies, an applied one is verified. */
export async function confirmEmailChange(deps: AppDeps, token: string, message: string = EMAIL_CHANGE_MESSAGES.invalid): Promise<void> {
  const id = tokenHash(token);
  const ok = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const change = await tx.get('emailChanges', id);
    if (!change || change.usedAt || change.cancelledAt || !(change.expiresAt instanceof Date) || change.expiresAt.getTime() <= now.getTime()) return false;
    const user = await tx.get('users', String(change.userId));
    if (!user || user.isDeleted) return false;
    // Only the address the request was made from (pending) or made to (applied) may be confirmed:
    // a later change of either kind makes this link stale.
    if (user.email !== (change.appliedAt ? change.email : change.previousEmail)) return false;
    if (!change.appliedAt) {
      const holders = await tx.query(deps.store.collection('users').where('email', '==', String(change.email)).limit(1));
      if (holders.length > 0) return false;
    }
    tx.update('emailChanges', id, { usedAt: now, appliedAt: change.appliedAt ?? now });
    tx.update('users', user.id, { email: change.email, isEmailVerified: true, updatedAt: now });
    return true;
  });
  if (!ok) throw new AppError('BAD_REQUEST', message);
}

/** "This was not me": the change is undone (or never happens) and every session of the account ends. */
export async function cancelEmailChange(deps: AppDeps, token: string): Promise<void> {
  const found = await deps.store.collection('emailChanges').where('cancelTokenHash', '==', tokenHash(token)).limit(1).get();
  const id = found[0]?.id;
  const userId = id
    ? await deps.store.runTransaction(async (tx) => {
        const now = deps.now();
        const change = await tx.get('emailChanges', id);
        if (!change || change.cancelledAt || !(change.cancelExpiresAt instanceof Date) || change.cancelExpiresAt.getTime() <= now.getTime()) return null;
        const user = await tx.get('users', String(change.userId));
        if (!user) return null;
        tx.update('emailChanges', id, { cancelledAt: now });
        if (change.appliedAt && user.email === change.email) {
          tx.update('users', user.id, { email: change.previousEmail, isEmailVerified: Boolean(change.previousVerified), updatedAt: now });
        }
        return user.id;
      })
    : null;
  if (!userId) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MESSAGES.cancelInvalid);
  await revokeUserSessions(deps, userId);
}

/** The change a member is waiting on, for the profile screen. */
export async function pendingEmail(deps: AppDeps, user: UserRecord): Promise<string | null> {
  const now = deps.now();
  const changes = await deps.store.collection('emailChanges').where('userId', '==', user.id).get();
  const open = changes.filter(
    (c) => !c.appliedAt && !c.usedAt && !c.cancelledAt && c.previousEmail === user.email && c.expiresAt instanceof Date && c.expiresAt.getTime() > now.getTime(),
  );
  open.sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime());
  return open[0] ? String(open[0].email) : null;
}
