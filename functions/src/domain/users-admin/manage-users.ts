import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { isDocumentId } from '../../ports/document-values.js';
import { AppError } from '../../platform/errors.js';
import { foldTurkish } from '../text/index.js';
import { revokeUserSessions, parseUser, type UserRecord, getUserIn, updateUserIn, countUsers, listUsersNewestFirst } from '../identity/index.js';
import { countVipRequests } from '../membership/index.js';
import { writeAudit } from '../audit/index.js';
import { USERS_ADMIN_MESSAGES } from '../../shared/users-admin/user-admin-schemas.js';

/** User management for admins (spec 002 'User management'). VIP changes use the VIP admin services. */

export { USERS_ADMIN_MESSAGES, softDeleteSchema } from '../../shared/users-admin/user-admin-schemas.js';

const SCAN_LIMIT = 5000;

export function adminUserView(user: UserRecord, now: Date) {
  const vipActive = user.vip.status === 'active' && user.vip.endDate !== null && user.vip.endDate.getTime() > now.getTime();
  return {
    _id: user.id,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    role: user.role,
    isVip: vipActive,
    vipStatus: vipActive ? 'active' : user.vip.status === 'active' ? 'expired' : user.vip.status,
    vipEndDate: user.vip.endDate,
    status: user.status === 'active' ? 'active' : 'inactive',
    isDeleted: user.isDeleted,
    deletedReason: user.deletedReason,
    lastLogin: user.lastLogin,
    createdAt: user.createdAt,
  };
}
export type AdminUserView = ReturnType<typeof adminUserView>;

export async function listUsersForAdmin(deps: AppDeps, q: { page: number; limit: number; role: 'user' | 'vip' | 'all'; search?: string | undefined }) {
  const filter = q.role === 'vip' ? { vipActive: true } : q.role === 'user' ? { role: 'user' as const } : {};
  let users = await listUsersNewestFirst(deps, filter, SCAN_LIMIT);
  if (q.search) {
    const needle = foldTurkish(q.search);
    users = users.filter((u) => [u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.username, u.email, u.phone ?? ''].some((f) => foldTurkish(f).includes(needle)));
  }
  const now = deps.now();
  const start = (q.page - 1) * q.limit;
  return { items: users.slice(start, start + q.limit).map((u) => adminUserView(u, now)), total: users.length };
}

export async function userStats(deps: AppDeps) {
  const [totalUsers, vipUsers, activeUsers, pendingVipUsers] = await Promise.all([
    countUsers(deps, { role: 'user' }),
    countUsers(deps, { vipActive: true }),
    countUsers(deps, { status: 'active' }),
    countVipRequests(deps, 'pending'),
  ]);
  const everyone = await countUsers(deps);
  return { totalUsers, vipUsers, activeUsers, inactiveUsers: everyone - activeUsers, pendingVipUsers };
}
export type UserStatsView = Awaited<ReturnType<typeof userStats>>;

async function change(deps: AppDeps, actor: Actor, id: string, action: 'user.softDelete' | 'user.restore', reason: string | null) {
  const user = await deps.store.runTransaction(async (tx) => {
    const current = isDocumentId(id) ? await getUserIn(tx, id) : null;
    if (!current) throw new AppError('NOT_FOUND', USERS_ADMIN_MESSAGES.notFound);
    if (current.role === 'admin') throw new AppError('BAD_REQUEST', USERS_ADMIN_MESSAGES.adminProtected);
    const deleting = action === 'user.softDelete';
    if (deleting && current.isDeleted) throw new AppError('CONFLICT', USERS_ADMIN_MESSAGES.alreadyDeleted);
    if (!deleting && !current.isDeleted) throw new AppError('CONFLICT', USERS_ADMIN_MESSAGES.notDeleted);
    const now = deps.now();
    const changes = deleting ? { isDeleted: true, deletedAt: now, deletedReason: reason, updatedAt: now } : { isDeleted: false, deletedAt: null, deletedReason: null, updatedAt: now };
    updateUserIn(tx, id, changes);
    writeAudit(tx, deps.store.newId(), {
      action,
      by: actor.user,
      targetUserId: id,
      entity: { collection: 'users', id },
      before: { isDeleted: current.isDeleted, deletedReason: current.deletedReason },
      after: { isDeleted: changes.isDeleted, deletedReason: changes.deletedReason },
      notes: reason,
      at: now,
    });
    return parseUser({ ...current, ...changes });
  });
  // A deleted account is signed out everywhere; its refresh tokens stop working at once.
  if (action === 'user.softDelete') await revokeUserSessions(deps, id);
  return adminUserView(user, deps.now());
}

export const softDeleteUser = (deps: AppDeps, actor: Actor, id: string, reason: string) => change(deps, actor, id, 'user.softDelete', reason);
export const restoreUser = (deps: AppDeps, actor: Actor, id: string) => change(deps, actor, id, 'user.restore', null);
