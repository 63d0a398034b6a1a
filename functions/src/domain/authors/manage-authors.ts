import { hashPassword, revokeUserSessions, accountNames, personNames, type UserRecord, AUTHOR_FORM_SPECIALIZATIONS, getUser, updateUser, listUndeletedUsersByRole, namesTakenIn, createUserIn, updateUserIn } from '../identity/index.js';
import type { Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { countAuthorArticles } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { AppError } from '../../platform/errors.js';
import { AUTHOR_MESSAGES as M, type AuthorCreateInput, type AuthorUpdateInput } from './manage-schema.js';

/**
 * Author accounts managed by an admin (spec 002 §2 author management). Authors are `users` with
 * role author and a real password hash, so they sign in to the panel like any staff member.
 */

export interface StaffAuthorView {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
  specializations: string[];
  socialMedia: UserRecord['socialMedia'];
  isActive: boolean;
  status: UserRecord['status'];
  role: UserRecord['role'];
  articleCount: number;
  stats: { totalArticles: number; joinedDate: Date };
  lastLogin: Date | null;
  createdAt: Date;
}

async function view(deps: Pick<AppDeps, 'store'>, user: UserRecord): Promise<StaffAuthorView> {
  const articleCount = await countAuthorArticles(deps, user.id);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    ...personNames(user),
    bio: user.bio ?? '',
    specializations: user.specializations,
    socialMedia: user.socialMedia,
    isActive: user.status === 'active',
    status: user.status,
    role: user.role,
    articleCount,
    stats: { totalArticles: articleCount, joinedDate: user.createdAt },
    lastLogin: user.lastLogin,
    createdAt: user.createdAt,
  };
}

/** Every author account that has not been deleted, by name. */
export async function listStaffAuthors(deps: Pick<AppDeps, 'store'>): Promise<StaffAuthorView[]> {
  const authors = await listUndeletedUsersByRole(deps, 'author');
  const views = await Promise.all(authors.map((author) => view(deps, author)));
  return views.sort((a, b) => a.displayName.localeCompare(b.displayName, 'tr'));
}

async function loadAuthor(deps: Pick<AppDeps, 'store'>, id: string): Promise<UserRecord> {
  const user = isDocumentId(id) ? await getUser(deps, id) : null;
  if (!user || user.isDeleted || user.role !== 'author') throw new AppError('NOT_FOUND', M.notFound);
  return user;
}

export async function getStaffAuthor(deps: Pick<AppDeps, 'store'>, id: string): Promise<StaffAuthorView> {
  return view(deps, await loadAuthor(deps, id));
}

/** E-mail and username belong to one account each; checked in the writing transaction. */
async function assertUnique(deps: AppDeps, tx: Transaction, email: string, username: string, ownId: string): Promise<void> {
  const taken = await namesTakenIn(tx, deps, { email, username }, ownId);
  if (taken.email) throw new AppError('CONFLICT', M.emailTaken);
  if (taken.username) throw new AppError('CONFLICT', M.usernameTaken);
}

function profileFields(input: AuthorCreateInput | AuthorUpdateInput) {
  const socialMedia = Object.fromEntries(Object.entries(input.socialMedia).filter(([, v]) => v));
  return {
    ...accountNames(input),
    // Display name defaults to first and last name (spec 002 §5).
    displayName: input.displayName || `${input.firstName} ${input.lastName}`,
    bio: input.bio || null,
    specializations: input.specializations,
    socialMedia,
    status: input.isActive ? 'active' : 'inactive',
  };
}

export async function createAuthor(deps: AppDeps, input: AuthorCreateInput): Promise<StaffAuthorView> {
  const passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  const id = deps.store.newId();
  const now = deps.now();
  await deps.store.runTransaction(async (tx) => {
    await assertUnique(deps, tx, input.email, input.username, id);
    createUserIn(tx, id, {
      ...profileFields(input),
      phone: null,
      birthDate: null,
      role: 'author',
      isDeleted: false,
      deletedAt: null,
      deletedReason: null,
      passwordHash,
      // An admin typed the address; the author proves the mailbox by using it.
      isEmailVerified: false,
      avatarUrl: null,
      lastLogin: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return getStaffAuthor(deps, id);
}

export async function updateAuthor(deps: AppDeps, id: string, input: AuthorUpdateInput): Promise<StaffAuthorView> {
  const current = await loadAuthor(deps, id);
  const passwordHash = input.password ? await hashPassword(input.password, deps.config.passwordCost) : null;
  await deps.store.runTransaction(async (tx) => {
    await assertUnique(deps, tx, input.email, input.username, id);
    const changes: Record<string, unknown> = { ...profileFields(input), updatedAt: deps.now() };
    // Areas the author ticked on their own profile screen stay; this form edits only its six.
    changes.specializations = [...current.specializations.filter((s) => !(AUTHOR_FORM_SPECIALIZATIONS as readonly string[]).includes(s)), ...input.specializations];
    if (input.email !== current.email) changes.isEmailVerified = false;
    if (passwordHash) changes.passwordHash = passwordHash;
    updateUserIn(tx, id, changes);
  });
  // A new password or a deactivation ends the author's open sessions at once.
  if (passwordHash || !input.isActive) await revokeUserSessions(deps, id);
  // The author pages print the name, bio and areas.
  deps.requestRebuild(`author updated: ${id}`);
  return getStaffAuthor(deps, id);
}

export async function setAuthorStatus(deps: AppDeps, id: string, status: 'active' | 'inactive'): Promise<StaffAuthorView> {
  await loadAuthor(deps, id);
  await updateUser(deps, id, { status, updatedAt: deps.now() });
  if (status === 'inactive') await revokeUserSessions(deps, id);
  deps.requestRebuild(`author status: ${id}`);
  return getStaffAuthor(deps, id);
}

export async function setAuthorPassword(deps: AppDeps, id: string, password: string): Promise<void> {
  await loadAuthor(deps, id);
  await updateUser(deps, id, { passwordHash: await hashPassword(password, deps.config.passwordCost), updatedAt: deps.now() });
  await revokeUserSessions(deps, id);
}

/**
 * Deleting an author is a soft delete of the account: the articles stay (with their comments and
 * links), the person can no longer sign in, and the public author page disappears.
 */
export async function deleteAuthor(deps: AppDeps, id: string): Promise<void> {
  await loadAuthor(deps, id);
  const now = deps.now();
  await updateUser(deps, id, { isDeleted: true, deletedAt: now, deletedReason: 'Yazar yönetici tarafından silindi.', status: 'inactive', updatedAt: now });
  await revokeUserSessions(deps, id);
  deps.requestRebuild(`author deleted: ${id}`);
}
