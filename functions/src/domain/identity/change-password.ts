import type { AppDeps } from '../../platform/deps.js';
import { AUTH_MESSAGES } from './auth-schemas.js';
import { checkCurrentPassword } from './current-password.js';
import { hashPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';
import type { UserRecord } from './user.js';

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  deps: AppDeps,
  input: { user: UserRecord; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  await checkCurrentPassword(deps, input.user, input.currentPassword, AUTH_MESSAGES.currentPasswordWrong);
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordCost);
  await deps.store.update('users', input.user.id, { passwordHash, updatedAt: deps.now() });
  await revokeUserSessions(deps, input.user.id, input.sessionId);
}
