import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireReadyUploadByUrl } from '../uploads/require-ready-upload.js';
import { AUTH_MESSAGES, type ProfileUpdateInput } from './auth-schemas.js';
import type { UserRecord } from './user.js';
import { findUserByEmail, requireUser } from './users-repo.js';

/** Saves the member's own editable fields (never role, VIP, status or birth date: the schema has none). */
export async function updateProfile(deps: AppDeps, user: UserRecord, input: ProfileUpdateInput): Promise<UserRecord> {
  const update: Record<string, unknown> = {
    firstName: input.firstName,
    lastName: input.lastName,
    updatedAt: deps.now(),
  };
  if (input.phone !== undefined) update.phone = input.phone;
  if (input.avatar !== undefined) {
    // A new avatar must be the caller's own finished avatar upload, never an arbitrary address.
    if (input.avatar !== null && input.avatar !== user.avatarUrl) await requireReadyUploadByUrl(deps, input.avatar, { user }, 'avatar');
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
