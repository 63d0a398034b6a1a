import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { parseUser, type UserRecord } from './user.js';

export async function findUserByEmail(deps: AppDeps, email: string): Promise<UserRecord | null> {
  const [raw] = await deps.store.collection('users').where('email', '==', email).limit(1).get();
  return raw ? parseUser(raw) : null;
}

export async function findUserByUsername(deps: AppDeps, username: string): Promise<UserRecord | null> {
  const [raw] = await deps.store
    .collection('users')
    .where('usernameLower', '==', username.toLocaleLowerCase('tr-TR'))
    .limit(1)
    .get();
  return raw ? parseUser(raw) : null;
}

export async function getUser(deps: AppDeps, id: string): Promise<UserRecord | null> {
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
