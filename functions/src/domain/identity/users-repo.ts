import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Transaction } from '../../ports/document-store.js';
import { parseUser, STAFF_ROLES, type UserRecord } from './user.js';

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
export function updateUserIn(tx: Transaction, id: string, changes: Partial<UserRecord>): void {
  tx.update('users', id, changes);
}

/** Changes fields of an account (no transaction: a single document write). */
export async function updateUser(deps: Pick<AppDeps, 'store'>, id: string, changes: Partial<UserRecord>): Promise<void> {
  await deps.store.update('users', id, changes);
}
