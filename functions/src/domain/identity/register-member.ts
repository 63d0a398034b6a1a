import { escapeHtml } from '../text/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { AUTH_MESSAGES, birthDateFrom, isAdult } from './auth-schemas.js';
import type { RegisterInput } from './member-details-schemas.js';
import { hashPassword } from './password.js';
import { consume, RATE_RULES } from '../../platform/rate-limit.js';
import { startSession, type IssuedSession } from './sessions.js';
import { accountNames, NO_VIP, parseUser, type UserRecord } from './user.js';
import { createUserIn, findUserByEmail, findUserByUsername, namesTakenIn } from './users-repo.js';

/**
 * Creates a member account and signs it in (a fresh registration is a per-session login).
 * A taken e-mail and a taken username give one and the same answer, after the same hashing work,
 * and the owner of a taken address is told by mail that someone tried to register with it.
 */
export async function registerMember(deps: AppDeps, input: RegisterInput & { ip: string; origin?: string }): Promise<IssuedSession & { user: UserRecord }> {
  await consume(deps, [{ rule: RATE_RULES.register, key: input.ip }], AUTH_MESSAGES.tooManyRegistrations);
  const now = deps.now();
  const birthDate = birthDateFrom(input.birthDay, input.birthMonth, input.birthYear, now);
  if (!birthDate) throw new AppError('VALIDATION', AUTH_MESSAGES.invalidBirthDate);
  // Again on the server's clock: the schema ran on the machine's, and the terms admit adults only.
  if (!isAdult(birthDate, now)) throw new AppError('VALIDATION', AUTH_MESSAGES.underage);

  const passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  const [byEmail, byUsername] = await Promise.all([findUserByEmail(deps, input.email), findUserByUsername(deps, input.username)]);
  if (byEmail || byUsername) {
    if (byEmail) {
      await deps.mailer.send({
        to: byEmail.email,
        message: {
          subject: 'Ganyan: e-posta adresinizle kayıt denemesi',
          text: `Merhaba ${byEmail.firstName},\n\nBu e-posta adresiyle yeni bir Ganyan üyeliği oluşturulmak istendi. Adresiniz zaten kayıtlı olduğu için yeni hesap açılmadı.\n\nŞifrenizi hatırlamıyorsanız buradan yenileyebilirsiniz: ${input.origin ?? deps.config.siteUrl}/sifremi-unuttum\n\nBu işlemi siz yapmadıysanız bu e-postayı dikkate almayın.`,
          html: `<p>Merhaba ${escapeHtml(byEmail.firstName)},</p><p>Bu e-posta adresiyle yeni bir Ganyan üyeliği oluşturulmak istendi. Adresiniz zaten kayıtlı olduğu için yeni hesap açılmadı.</p><p>Şifrenizi hatırlamıyorsanız <a href="${input.origin ?? deps.config.siteUrl}/sifremi-unuttum">buradan yenileyebilirsiniz</a>.</p><p>Bu işlemi siz yapmadıysanız bu e-postayı dikkate almayın.</p>`,
        },
      });
    }
    throw new AppError('CONFLICT', AUTH_MESSAGES.registerUnavailable);
  }

  const id = deps.store.newId();
  const user = parseUser({
    id,
    ...accountNames(input),
    displayName: null,
    phone: input.phone,
    birthDate,
    role: 'user',
    status: 'active',
    isDeleted: false,
    passwordHash,
    isEmailVerified: false,
    vip: NO_VIP,
    lastLogin: now,
    createdAt: now,
    updatedAt: now,
  });
  const { id: _id, ...doc } = user;
  // Re-checked inside the transaction: two simultaneous sign-ups with one address cannot both win.
  const created = await deps.store.runTransaction(async (tx) => {
    // A look-alike of an existing username (same confusable skeleton) is as taken as the name itself.
    const taken = await namesTakenIn(tx, deps, { email: input.email, username: user.username }, id);
    if (taken.email || taken.username) return false;
    createUserIn(tx, id, doc);
    return true;
  });
  if (!created) throw new AppError('CONFLICT', AUTH_MESSAGES.registerUnavailable);
  const session = await startSession(deps, { userId: id, audience: 'member', rememberMe: false });
  return { ...session, user };
}
