/**
 * What the auth endpoints answer about the signed-in user, as declared promises the browser
 * imports (wrapped in `Wire<>`). Browser-safe: it reaches only the zod-only `user.ts`.
 */
import { fullName, hasActiveVip, publicUser, type UserRecord } from './user.js';

/** The signed-in user as the member area shows it: the public fields plus the VIP summary. */
export function accountView(user: UserRecord, now: Date) {
  return {
    ...publicUser(user),
    /** Spec compatibility: the old client reads `name`; `displayName` is the same person's chosen name. */
    name: fullName(user),
    isVip: hasActiveVip(user, now),
    vipStatus: user.vip.status,
    vipEndDate: user.vip.endDate,
    lastLogin: user.lastLogin,
  };
}
export type AccountView = ReturnType<typeof accountView>;

/** `GET`/`PUT /auth/profile`: the account plus the address an unconfirmed e-mail change waits on. */
export interface ProfileView extends AccountView {
  pendingEmail: string | null;
}

/** The staff panel's user (login answer, kept in the staff session's storage). */
export function staffView(user: UserRecord) {
  return {
    ...publicUser(user),
    /** Spec compatibility, as in `accountView`. */
    name: fullName(user),
    bio: user.bio,
    specializations: user.specializations,
    socialMedia: user.socialMedia,
  };
}
export type StaffUserView = ReturnType<typeof staffView>;

/** `POST /auth/refresh` and `/auth/admin/refresh`. */
export interface SessionTokensView {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

/** Login and registration: the tokens plus the user in the audience's own view. */
export interface SignedInView<User> extends SessionTokensView {
  user: User;
}
