/**
 * The account roles (architecture §3). Here, below every area, so uploads and audit can name a
 * role without importing identity, which itself uses uploads (the avatar).
 */
export const ROLES = ['user', 'author', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['author', 'admin'];
