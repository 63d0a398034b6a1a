import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { AUTH_MESSAGES, type ProfileUpdateInput } from './auth-schemas.js';
import type { UserRecord } from './user.js';
import { findUserByEmail, requireUser } from './users-repo.js';

/**
 * Saves the member's own editable fields. The avatar must be a file our upload flow stored (its
 * public URL), so a profile can never point at an arbitrary outside address.
 */
export async function updateProfile(deps: AppDeps, user: UserRecord, input: ProfileUpdateInput): Promise<UserRecord> {
  const update: Record<string, unknown> = {
    firstName: input.firstName,
    lastName: input.lastName,
    updatedAt: deps.now(),
  };
  if (input.phone !== undefined) update.phone = input.phone;
  if (input.avatar !== undefined) {
    if (input.avatar !== null && input.avatar !== user.avatarUrl) {
      const base = deps.blobs.publicUrl('');
      if (!input.avatar.startsWith(base) || input.avatar.length === base.length || input.avatar.includes('..')) {
        throw new AppError('VALIDATION', AUTH_MESSAGES.invalidAvatar);
      }
    }
    update.avatarUrl = input.avatar;
  }
  if (input.email !== user.email) {
    const other = await findUserByEmail(deps, input.email);
    if (other && other.id !== user.id) throw new AppError('CONFLICT', AUTH_MESSAGES.profileEmailTaken);
    update.email = input.email;
    update.isEmailVerified = false;
  }
  await deps.store.update('users', user.id, update);
  return requireUser(deps, user.id);
}
