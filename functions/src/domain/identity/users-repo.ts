import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Transaction } from '../../ports/document-store.js';
import { usernameSkeleton } from './username-skeleton.js';
import { parseUser, STAFF_ROLES, type Role, type UserRecord } from './user.js';

/**
 * The `users` collection's one reader and writer: other areas read and change accounts through
 * these functions (identity's index.ts), never by the collection's name.
 */

export async function findUserByEmail(deps: AppDeps, email: string): Promise<UserRecord | null> {
  const [raw] = await deps.store.collection('users').where('email', '==', email).limit(1).get();
  return raw ? parseUser(raw) : null;
}

export async function findUserByUsername(deps: Pick<AppDeps, 'store'>, username: string): Promise<UserRecord | null> {
  const [raw] = await deps.store
    .collection('users')
    .where('usernameLower', '==', username.toLocaleLowerCase('tr-TR'))
    .limit(1)
    .get();
  return raw ? parseUser(raw) : null;
}

export async function getUser(deps: Pick<AppDeps, 'store'>, id: string): Promise<UserRecord | null> {
  const raw = await deps.store.get('users', id);
  return raw ? parseUser(raw) : null;
}

export async function requireUser(deps: AppDeps, id: string): Promise<UserRecord> {
  const user = await getUser(deps, id);
  if (!user || user.isDeleted) throw new AppError('NOT_FOUND', 'Kullanıcı bulunamadı.');
  return user;
}

/** An account that may sign in: not deleted and active. */
export function canSignIn(user: UserRecord | null): user is UserRecord {
  return !!user && !user.isDeleted && user.status === 'active';
}

/** Several accounts in one read, by id; ids without an account are left out. */
export async function getUsersById(deps: Pick<AppDeps, 'store'>, ids: string[]): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(ids)];
  const docs = unique.length ? await deps.store.getAll('users', unique) : [];
  const users = new Map<string, UserRecord>();
  for (const doc of docs) if (doc) users.set(doc.id, parseUser(doc));
  return users;
}

/** Every staff account (authors and admins), deleted and inactive ones included. */
export async function listStaffUsers(deps: Pick<AppDeps, 'store'>): Promise<UserRecord[]> {
  const docs = await deps.store.collection('users').where('role', 'in', [...STAFF_ROLES]).get();
  return docs.map(parseUser);
}

/** The account as the transaction reads it, or null. */
export async function getUserIn(tx: Transaction, id: string): Promise<UserRecord | null> {
  const raw = await tx.get('users', id);
  return raw ? parseUser(raw) : null;
}

/** Changes fields of an account inside the caller's transaction. */
export function updateUserIn(tx: Transaction, id: string, changes: Partial<UserRecord> | Record<string, unknown>): void {
  tx.update('users', id, changes);
}

/** Changes fields of an account (no transaction: a single document write). */
export async function updateUser(deps: Pick<AppDeps, 'store'>, id: string, changes: Partial<UserRecord>): Promise<void> {
  await deps.store.update('users', id, changes);
}

/** Which accounts to count or list: every condition given must hold. */
export interface UserFilter {
  role?: Role;
  status?: UserRecord['status'];
  /** The `users.vip` mirror says active (membership's CONTEXT.md); with `vipEndsAfter`, still running then. */
  vipActive?: boolean;
  vipEndsAfter?: Date;
}

function usersWhere(deps: Pick<AppDeps, 'store'>, filter: UserFilter) {
  let query = deps.store.collection('users');
  if (filter.role) query = query.where('role', '==', filter.role);
  if (filter.vipActive) query = query.where('vip.status', '==', 'active');
  if (filter.status) query = query.where('status', '==', filter.status);
  if (filter.vipEndsAfter) query = query.where('vip.endDate', '>', filter.vipEndsAfter);
  return query;
}

export function countUsers(deps: Pick<AppDeps, 'store'>, filter: UserFilter = {}): Promise<number> {
  return usersWhere(deps, filter).count();
}

/** Up to `limit` accounts matching `filter`, newest first (the admin's user list scans these). */
export async function listUsersNewestFirst(deps: Pick<AppDeps, 'store'>, filter: UserFilter, limit: number): Promise<UserRecord[]> {
  return (await usersWhere(deps, filter).orderBy('createdAt', 'desc').limit(limit).get()).map(parseUser);
}

/** The accounts of a role that are not deleted (the admin's author list). */
export async function listUndeletedUsersByRole(deps: Pick<AppDeps, 'store'>, role: Role): Promise<UserRecord[]> {
  return (await deps.store.collection('users').where('role', '==', role).where('isDeleted', '==', false).get()).map(parseUser);
}

/**
 * Whether an account other than `ownId` holds the e-mail address, or the username or a look-alike
 * of it (same confusable skeleton). Read in the caller's writing transaction, so two saves of one
 * name cannot both win it.
 */
export async function namesTakenIn(tx: Transaction, deps: Pick<AppDeps, 'store'>, names: { email: string; username: string }, ownId: string): Promise<{ email: boolean; username: boolean }> {
  const users = deps.store.collection('users');
  const [byEmail, byName, lookAlike] = await Promise.all([
    tx.query(users.where('email', '==', names.email).limit(2)),
    tx.query(users.where('usernameLower', '==', names.username.toLocaleLowerCase('tr-TR')).limit(2)),
    tx.query(users.where('usernameSkeleton', '==', usernameSkeleton(names.username)).limit(2)),
  ]);
  return { email: byEmail.some((u) => u.id !== ownId), username: [...byName, ...lookAlike].some((u) => u.id !== ownId) };
}

/** Creates an account document inside the caller's transaction (fails if the id exists). */
export function createUserIn(tx: Transaction, id: string, doc: Omit<UserRecord, 'id'> | Record<string, unknown>): void {
  tx.create('users', id, doc);
}
