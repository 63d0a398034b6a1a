import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { checkCurrentPassword, hashPassword, confirmEmailChange, requestEmailChange, revokeUserSessions, parseUser, personNames, type UserRecord, updateUser } from '../identity/index.js';
import { listAuthorArticles } from '../articles/index.js';
import { AUTHOR_MESSAGES as M, PROFILE_SPECIALIZATIONS, type OwnProfileInput } from './manage-schema.js';

/**
 * The author's own profile (spec 002 §2 author self-service): profile fields, password and
 * e-mail. A new e-mail address takes effect at once but counts as unverified until the link
 * mailed to it is opened.
 */

export interface OwnProfileView {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  specializations: string[];
  socialMedia: { twitter: string; instagram: string; website: string; youtube: string };
  email: string;
  isEmailVerified: boolean;
  avatar: string | null;
  /** No followers count: the site has no follow feature (a departure from spec 002, docs/engineering.md). */
  stats: { articlesCount: number; totalViews: number };
}

export async function getOwnProfile(deps: Pick<AppDeps, 'store'>, user: UserRecord): Promise<OwnProfileView> {
  const articles = await listAuthorArticles(deps, user.id, { withDeleted: false });
  const totalViews = articles.reduce((sum, a) => sum + a.stats.views, 0);
  return {
    id: user.id,
    ...personNames(user),
    bio: user.bio ?? '',
    specializations: user.specializations,
    socialMedia: {
      twitter: user.socialMedia.twitter ?? '',
      instagram: user.socialMedia.instagram ?? '',
      website: user.socialMedia.website ?? '',
      youtube: user.socialMedia.youtube ?? '',
    },
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    avatar: user.avatarUrl,
    stats: { articlesCount: articles.length, totalViews },
  };
}

export async function updateOwnProfile(deps: AppDeps, user: UserRecord, input: OwnProfileInput): Promise<OwnProfileView> {
  const social = input.socialMedia;
  const twitter = social.twitter?.replace(/^@/, '');
  const socialMedia = { ...user.socialMedia, twitter: twitter || undefined, instagram: social.instagram || undefined, website: social.website || undefined, youtube: social.youtube || undefined };
  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    displayName: input.displayName || `${input.firstName} ${input.lastName}`,
    bio: input.bio || null,
    // Areas an admin picked in the author form stay; the profile screen edits only its own six.
    specializations: [...user.specializations.filter((s) => !(PROFILE_SPECIALIZATIONS as readonly string[]).includes(s)), ...input.specializations],
    socialMedia: JSON.parse(JSON.stringify(socialMedia)) as Record<string, string>,
    updatedAt: deps.now(),
  };
  await updateUser(deps, user.id, changes);
  deps.requestRebuild(`author profile: ${user.id}`);
  return getOwnProfile(deps, parseUser({ ...user, ...changes }));
}

export async function changeOwnPassword(deps: AppDeps, user: UserRecord, sessionId: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  await checkCurrentPassword(deps, user, input.currentPassword, M.currentPasswordWrong);
  await updateUser(deps, user.id, { passwordHash: await hashPassword(input.newPassword, deps.config.passwordCost), updatedAt: deps.now() });
  await revokeUserSessions(deps, user.id, sessionId);
}

export async function changeOwnEmail(deps: AppDeps, user: UserRecord, input: { email: string; password: string }, origin: string): Promise<OwnProfileView> {
  await checkCurrentPassword(deps, user, input.password, M.currentPasswordWrong);
  if (input.email === user.email) throw new AppError('BAD_REQUEST', M.emailSame);
  // The panel's spec changes the address at once (unverified until the link is opened); the old
  // address still gets the link that undoes it and ends every session.
  await requestEmailChange(deps, { user, email: input.email, applyNow: true, confirmPath: '/admin/email-dogrula', origin, takenMessage: M.emailTaken });
  return getOwnProfile(deps, { ...user, email: input.email, isEmailVerified: false });
}

/** Opens the link: marks the address verified if it is still the account's address. */
export function confirmOwnEmailChange(deps: AppDeps, token: string): Promise<void> {
  return confirmEmailChange(deps, token, M.emailTokenInvalid);
}
