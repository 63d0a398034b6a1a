import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { AUTH_MESSAGES } from './auth-schemas.js';
import { hashPassword } from './password.js';
import { consume, RATE_RULES, reset } from '../../platform/rate-limit.js';
import { escapeHtml } from '../text/index.js';
import { revokeUserSessions } from './sessions.js';
import { canSignIn, findUserByEmail } from './users-repo.js';

export const RESET_TOKEN_TTL_MS = 24 * 3_600_000;

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Mails a single-use reset link valid 24 hours. The caller always gets the same answer, whether
 * or not the address belongs to an account; both paths count against the same throttles.
 */
export async function requestPasswordReset(deps: AppDeps, input: { email: string; ip: string; origin?: string }): Promise<void> {
  await consume(
    deps,
    [
      { rule: RATE_RULES.passwordResetIp, key: input.ip },
      { rule: RATE_RULES.passwordResetAccount, key: input.email },
    ],
    AUTH_MESSAGES.tooManyResets,
  );
  const user = await findUserByEmail(deps, input.email);
  if (!canSignIn(user)) return;
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await deps.store.create('passwordResets', tokenId(token), { userId: user.id, createdAt: now, expiresAt, usedAt: null });
  const link = `${input.origin ?? deps.config.siteUrl}/sifre-sifirla?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    message: {
      subject: 'Ganyan: şifre sıfırlama bağlantınız',
      text: `Merhaba ${user.firstName},\n\nŞifrenizi sıfırlamak için bu bağlantıyı açın (24 saat geçerlidir, bir kez kullanılabilir):\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.`,
      html: `<p>Merhaba ${escapeHtml(user.firstName)},</p><p>Şifrenizi sıfırlamak için aşağıdaki bağlantıyı açın. Bağlantı 24 saat geçerlidir ve bir kez kullanılabilir.</p><p><a href="${link}">Şifremi sıfırla</a></p><p>Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.</p>`,
    },
  });
}

/** What requestPasswordReset hands out: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function isLive(reset: Record<string, unknown> | null, now: Date): boolean {
  return Boolean(reset && !reset.usedAt && reset.expiresAt instanceof Date && reset.expiresAt.getTime() > now.getTime());
}

/**
 * Sets a new password with a reset token: the token and every other open one are spent, all
 * sessions end. The token is checked (shape, then lookup) before the password is hashed: anyone
 * may call this, and a scrypt derivation per made-up token would be free CPU for them to burn.
 */
export async function confirmPasswordReset(deps: AppDeps, input: { token: string; newPassword: string; ip: string }): Promise<void> {
  await consume(deps, [{ rule: RATE_RULES.passwordResetConfirmIp, key: input.ip }], AUTH_MESSAGES.tooManyResets);
  const id = tokenId(input.token);
  if (!TOKEN_SHAPE.test(input.token) || !isLive(await deps.store.get('passwordResets', id), deps.now())) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
  }
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordCost);
  const userId = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    // Checked again: the token may have been spent while the password was being hashed.
    const reset = await tx.get('passwordResets', id);
    if (!reset || !isLive(reset, now)) return null;
    const user = await tx.get('users', String(reset.userId));
    if (!user || user.isDeleted || user.status !== 'active') return null;
    tx.update('passwordResets', id, { usedAt: now });
    tx.update('users', user.id, { passwordHash, updatedAt: now });
    return { id: user.id, email: String(user.email) };
  });
  if (!userId) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
  const now = deps.now();
  const open = await deps.store.collection('passwordResets').where('userId', '==', userId.id).where('usedAt', '==', null).get();
  if (open.length > 0) {
    const batch = deps.store.batch();
    for (const doc of open) batch.update('passwordResets', doc.id, { usedAt: now });
    await batch.commit();
  }
  await revokeUserSessions(deps, userId.id);
  // The owner proved control of the mailbox: lift a login lock left by whoever guessed before.
  await reset(deps, RATE_RULES.loginAccount, userId.email);
}
