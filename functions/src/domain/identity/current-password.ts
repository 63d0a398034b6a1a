import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from './password.js';
import { consume, RATE_RULES, reset } from '../../platform/rate-limit.js';
import type { UserRecord } from './user.js';

export const TOO_MANY_PASSWORD_CHECKS = 'Çok fazla hatalı şifre denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.';

/**
 * Checks the signed-in user's current password (password change, e-mail change, staff profile).
 * A stolen session must not become a password oracle, so guesses are throttled per account like
 * login: each attempt is counted up front (parallel guesses cannot slip under the limit), and a
 * right answer clears the count.
 */
export async function checkCurrentPassword(deps: AppDeps, user: UserRecord, password: string, wrongMessage: string): Promise<void> {
  await consume(deps, [{ rule: RATE_RULES.currentPassword, key: user.id }], TOO_MANY_PASSWORD_CHECKS);
  if (!(await verifyPassword(password, user.passwordHash, deps.config.passwordCost))) throw new AppError('BAD_REQUEST', wrongMessage);
  await reset(deps, RATE_RULES.currentPassword, user.id);
}
