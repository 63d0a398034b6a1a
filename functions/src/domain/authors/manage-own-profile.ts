import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../identity/password.js';
import { escapeHtml } from '../identity/register-member.js';
import { revokeUserSessions } from '../identity/sessions.js';
import { fullName, parseUser, type UserRecord } from '../identity/user.js';
import { AUTHOR_MESSAGES as M, PROFILE_SPECIALIZATIONS, type OwnProfileInput } from './manage-schema.js';

/**
 * The author's own profile (spec 002 §2 author self-service): profile fields, password and
 * e-mail. A new e-mail address takes effect at once but counts as unverified until the link
 * mailed to it is opened.
 */

export const EMAIL_VERIFY_TTL_MS = 24 * 3_600_000;

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
  stats: { articlesCount: number; followersCount: number; totalViews: number };
}

export async function getOwnProfile(deps: Pick<AppDeps, 'store'>, user: UserRecord): Promise<OwnProfileView> {
  const articles = await deps.store.collection('articles').where('authorId', '==', user.id).where('isDeleted', '==', false).get();
  const totalViews = articles.reduce((sum, a) => sum + (Number((a.stats as { views?: number } | undefined)?.views) || 0), 0);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName ?? fullName(user),
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
    // The site has no follow feature: nobody can follow an author, so the honest count is zero.
    stats: { articlesCount: articles.length, followersCount: 0, totalViews },
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
  await deps.store.update('users', user.id, changes);
  deps.requestRebuild(`author profile: ${user.id}`);
  return getOwnProfile(deps, parseUser({ ...user, ...changes }));
}

export async function changeOwnPassword(deps: AppDeps, user: UserRecord, sessionId: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw new AppError('BAD_REQUEST', M.currentPasswordWrong);
  await deps.store.update('users', user.id, { passwordHash: await hashPassword(input.newPassword), updatedAt: deps.now() });
  await revokeUserSessions(deps, user.id, sessionId);
}

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function changeOwnEmail(deps: AppDeps, user: UserRecord, input: { email: string; password: string }): Promise<OwnProfileView> {
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new AppError('BAD_REQUEST', M.currentPasswordWrong);
  if (input.email === user.email) throw new AppError('BAD_REQUEST', M.emailSame);
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await deps.store.runTransaction(async (tx) => {
    const holders = await tx.query(deps.store.collection('users').where('email', '==', input.email).limit(1));
    if (holders.length > 0) throw new AppError('CONFLICT', M.emailTaken);
    tx.update('users', user.id, { email: input.email, isEmailVerified: false, updatedAt: now });
    tx.create('emailChanges', tokenId(token), {
      userId: user.id,
      email: input.email,
      previousEmail: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFY_TTL_MS),
      usedAt: null,
    });
  });
  const link = `${deps.config.siteUrl}/admin/email-dogrula?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: input.email,
    message: {
      subject: 'Ganyan: e-posta adresinizi doğrulayın',
      text: `Merhaba ${user.firstName},\n\nYeni e-posta adresinizi doğrulamak için bu bağlantıyı açın (24 saat geçerlidir):\n${link}`,
      html: `<p>Merhaba ${escapeHtml(user.firstName)},</p><p>Yeni e-posta adresinizi doğrulamak için aşağıdaki bağlantıyı açın. Bağlantı 24 saat geçerlidir.</p><p><a href="${link}">E-postamı doğrula</a></p>`,
    },
  });
  // The old address hears about the change, so a hijacked session cannot move the account quietly.
  await deps.mailer.send({
    to: user.email,
    message: {
      subject: 'Ganyan: e-posta adresiniz değiştirildi',
      text: `Merhaba ${user.firstName},\n\nPanel hesabınızın e-posta adresi ${input.email} olarak değiştirildi. Bu değişikliği siz yapmadıysanız hemen yöneticiyle iletişime geçin.`,
      html: `<p>Merhaba ${escapeHtml(user.firstName)},</p><p>Panel hesabınızın e-posta adresi <strong>${escapeHtml(input.email)}</strong> olarak değiştirildi. Bu değişikliği siz yapmadıysanız hemen yöneticiyle iletişime geçin.</p>`,
    },
  });
  return getOwnProfile(deps, { ...user, email: input.email, isEmailVerified: false });
}

/** Opens the link: marks the address verified if it is still the account's address. */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<void> {
  const id = tokenId(token);
  const ok = await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const change = await tx.get('emailChanges', id);
    if (!change || change.usedAt || !(change.expiresAt instanceof Date) || change.expiresAt.getTime() <= now.getTime()) return false;
    const raw = await tx.get('users', String(change.userId));
    if (!raw || raw.isDeleted || raw.email !== change.email) return false;
    tx.update('emailChanges', id, { usedAt: now });
    tx.update('users', raw.id, { isEmailVerified: true, updatedAt: now });
    return true;
  });
  if (!ok) throw new AppError('BAD_REQUEST', M.emailTokenInvalid);
}
