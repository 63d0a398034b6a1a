import { z } from 'zod';
import { storedRecord } from '../stored-record.js';
import { toSpecializationCodes } from './specializations.js';
import { usernameSkeleton } from './username-skeleton.js';
import { ROLES, STAFF_ROLES, type Role } from '../../platform/roles.js';

export { ROLES, STAFF_ROLES, type Role };

export const USER_STATUSES = ['active', 'inactive', 'suspended', 'pending'] as const;

/**
 * VIP state kept on the user so every request reads it with the user (one read), written only
 * by the VIP services in the same transaction as the subscription it mirrors.
 */
export const userVipSchema = z.object({
  status: z.enum(['none', 'active', 'expired', 'cancelled']),
  subscriptionId: z.string().nullable(),
  startDate: z.date().nullable(),
  endDate: z.date().nullable(),
  durationDays: z.number().int().nullable(),
});
export type UserVip = z.infer<typeof userVipSchema>;

export const NO_VIP: UserVip = { status: 'none', subscriptionId: null, startDate: null, endDate: null, durationDays: null };

export const socialMediaSchema = z.object({
  twitter: z.string().optional(),
  instagram: z.string().optional(),
  linkedin: z.string().optional(),
  website: z.string().optional(),
  youtube: z.string().optional(),
});

/**
 * Sessions (refresh-token families) ended in the last 15 minutes: their access tokens are still
 * unexpired and must be refused. On the user because every signed-in request reads the user.
 */
export const revokedSessionsSchema = z.array(z.object({ id: z.string(), until: z.date() })).default([]);

/** A user document as stored in `users` (members and staff alike). */
export const userRecordSchema = storedRecord({
  email: z.string(),
  username: z.string(),
  usernameLower: z.string(),
  /** TR39 confusable skeleton (username-skeleton.ts): no two accounts share one. */
  usernameSkeleton: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  /** The mobile number (E.164) the member proved with an SMS code, and when; SMS go only there (notifications/phone-verification.ts). */
  phoneVerification: z.object({ number: z.string(), verifiedAt: z.date() }).nullable().default(null),
  birthDate: z.date().nullable().default(null),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES).default('active'),
  isDeleted: z.boolean().default(false),
  deletedAt: z.date().nullable().default(null),
  deletedReason: z.string().nullable().default(null),
  passwordHash: z.string(),
  isEmailVerified: z.boolean().default(false),
  avatarUrl: z.string().nullable().default(null),
  bio: z.string().nullable().default(null),
  /** Codes (specializations.ts); labels written by older versions are read as their codes. */
  specializations: z.array(z.string()).default([]).transform(toSpecializationCodes),
  socialMedia: socialMediaSchema.default({}),
  vip: userVipSchema.default(NO_VIP),
  revokedSessions: revokedSessionsSchema,
  lastLogin: z.date().nullable().default(null),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export function parseUser(raw: unknown): UserRecord {
  return userRecordSchema.parse(raw);
}

/** Whether the user holds an active VIP membership right now (an ended one counts as over even before the expiry job runs). */
export function hasActiveVip(user: Pick<UserRecord, 'vip' | 'role'>, now: Date): boolean {
  if (user.role !== 'user') return false; // staff are treated as non-VIP in the public area (spec 000 §4.1)
  return user.vip.status === 'active' && user.vip.endDate !== null && user.vip.endDate.getTime() > now.getTime();
}

export function fullName(user: Pick<UserRecord, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The names every view of a person shows; the display name falls back to first and last name. */
export function personNames(user: Pick<UserRecord, 'displayName' | 'firstName' | 'lastName'>) {
  return { firstName: user.firstName, lastName: user.lastName, displayName: user.displayName ?? fullName(user) };
}

/** The stored name fields of a new or edited account: the username goes with its lookup forms. */
export function accountNames(input: Pick<UserRecord, 'email' | 'username' | 'firstName' | 'lastName'>) {
  return {
    email: input.email,
    username: input.username,
    usernameLower: input.username.toLocaleLowerCase('tr-TR'),
    usernameSkeleton: usernameSkeleton(input.username),
    firstName: input.firstName,
    lastName: input.lastName,
  };
}

/** The name readers see on an author's byline, card or comment. */
export function authorDisplayName(user: Pick<UserRecord, 'displayName' | 'firstName' | 'lastName' | 'username'>): string {
  return user.displayName?.trim() || fullName(user) || user.username;
}

/** What the API may show of a user to that user (never the hash). */
export function publicUser(user: UserRecord) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    ...personNames(user),
    phone: user.phone,
    birthDate: user.birthDate,
    role: user.role,
    status: user.status,
    avatar: user.avatarUrl,
    isEmailVerified: user.isEmailVerified,
    createdAt: user.createdAt,
  };
}
