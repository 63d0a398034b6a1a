import type { AppDeps } from '../../platform/deps.js';
import { AppError, MESSAGES } from '../../platform/errors.js';
import type { Audience } from './access-token.js';
import { AUTH_MESSAGES, type LoginInput } from './auth-schemas.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { consume, RATE_RULES, release, reset } from '../../platform/rate-limit.js';
import { joinSession, rotateSession, startSession, type IssuedSession } from './sessions.js';
import { canSignIn, findUserByEmail, getUser } from './users-repo.js';
import { STAFF_ROLES, type UserRecord } from './user.js';

export interface LoginResult extends IssuedSession {
  user: UserRecord;
}

/**
 * Password login for both audiences. Unknown e-mail, wrong password, a disabled account and (for
 * staff) a member account all take the same time and give the same answer, and all count against
 * the per-account and per-IP throttles, so the answer never tells whether an address is registered.
 */
export async function login(deps: AppDeps, input: LoginInput & { ip: string; audience: Audience }): Promise<LoginResult> {
  const checks = [
    { rule: RATE_RULES.loginAccount, key: input.email },
    { rule: RATE_RULES.loginIp, key: input.ip },
  ];
  // Every attempt is counted up front (atomically), so parallel guesses cannot all slip under the
  // limit; a successful one gives its count back below.
  await consume(deps, checks, MESSAGES.tooManyLogins);

  const found = await findUserByEmail(deps, input.email);
  const passwordOk = await verifyPassword(input.password, found?.passwordHash ?? null, deps.config.passwordCost);
  const roleOk = input.audience === 'member' || (found !== null && STAFF_ROLES.includes(found.role));
  if (!passwordOk || !canSignIn(found) || !roleOk) {
    throw new AppError('UNAUTHORIZED', input.audience === 'staff' ? AUTH_MESSAGES.staffBadCredentials : AUTH_MESSAGES.badCredentials);
  }

  await reset(deps, RATE_RULES.loginAccount, input.email);
  await release(deps, RATE_RULES.loginIp, input.ip);
  const now = deps.now();
  const update: Record<string, unknown> = { lastLogin: now };
  // Parameters rose since this hash was made: upgrade it while we hold the plain password.
  if (needsRehash(found.passwordHash, deps.config.passwordCost)) update.passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  await deps.store.update('users', found.id, update);

  const session = await startSession(deps, { userId: found.id, audience: input.audience, rememberMe: input.rememberMe });
  return { ...session, user: { ...found, lastLogin: now } };
}

/** A new tab's own session, from an open tab's refresh token (sessions.ts `joinSession`), with the member's record. */
export async function joinMemberSession(deps: AppDeps, refreshToken: string): Promise<IssuedSession & { user: UserRecord }> {
  let user: UserRecord | null = null;
  const session = await joinSession(deps, refreshToken, async (userId) => {
    user = await getUser(deps, userId);
    return canSignIn(user);
  });
  return { ...session, user: user! };
}

/** Exchanges a refresh token; the account must still be allowed to hold that kind of session. */
export function refresh(deps: AppDeps, refreshToken: string, audience: Audience): Promise<IssuedSession> {
  return rotateSession(deps, refreshToken, audience, async (userId) => {
    const user = await getUser(deps, userId);
    if (!canSignIn(user)) return false;
    return audience === 'member' || STAFF_ROLES.includes(user.role);
  });
}
