import { turkishMobile } from './phone.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireReadyUploadByUrl } from '../uploads/index.js';
import { AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES } from './auth-schemas.js';
import type { ProfileUpdateInput } from './member-details-schemas.js';
import { requestEmailChange } from './email-change.js';
import { checkCurrentPassword } from './current-password.js';
import type { UserRecord } from './user.js';
import { findUserByEmail, requireUser } from './users-repo.js';

export interface ProfileUpdateResult {
  user: UserRecord;
  /** A new address waits for its confirm link. */
  emailChangeRequested: boolean;
}

/**
 * Saves the member's own editable fields (never role, VIP, status or birth date: the schema has
 * none). A new e-mail address needs the current password and changes only when the link mailed
 * to it is opened (see email-change.ts); the other fields are saved either way.
 */
export async function updateProfile(deps: AppDeps, user: UserRecord, input: ProfileUpdateInput, origin: string): Promise<ProfileUpdateResult> {
  const emailChange = input.email !== user.email;
  if (emailChange) {
    if (!input.currentPassword) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MESSAGES.passwordRequired, { errors: [{ path: 'currentPassword', message: EMAIL_CHANGE_MESSAGES.passwordRequired }] });
    await checkCurrentPassword(deps, user, input.currentPassword, AUTH_MESSAGES.currentPasswordWrong);
    const other = await findUserByEmail(deps, input.email);
    if (other && other.id !== user.id) throw new AppError('CONFLICT', AUTH_MESSAGES.profileEmailTaken);
  }
  const update: Record<string, unknown> = {
    firstName: input.firstName,
    lastName: input.lastName,
    updatedAt: deps.now(),
  };
  if (input.phone !== undefined) update.phone = input.phone;
  // A verification names a number: another number must be proved again before any SMS goes to it.
  if (input.phone !== undefined && user.phoneVerification && turkishMobile(input.phone) !== user.phoneVerification.number) update.phoneVerification = null;
  if (input.avatar !== undefined) {
    // A new avatar must be the caller's own finished avatar upload, never an arbitrary address.
    if (input.avatar === null || input.avatar === user.avatarUrl) update.avatarUrl = input.avatar;
    else {
      const photo = await requireReadyUploadByUrl(deps, input.avatar, { user }, 'avatar');
      // Its 192 px square copy, when the photo was larger (see image-copies.ts).
      update.avatarUrl = photo.image?.copies[0]?.url ?? input.avatar;
    }
  }
  await deps.store.update('users', user.id, update);
  if (emailChange) {
    await requestEmailChange(deps, { user, email: input.email, applyNow: false, confirmPath: '/eposta-degisikligi', origin, takenMessage: AUTH_MESSAGES.profileEmailTaken });
  }
  return { user: await requireUser(deps, user.id), emailChangeRequested: emailChange };
}
