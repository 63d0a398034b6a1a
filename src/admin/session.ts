/**
 * The staff session (spec 002 §7, §8): its own storage keys, never the member ones, and its own
 * refresh endpoint. Tokens live in localStorage when "remember me" was ticked, else in
 * sessionStorage. Calls go through the site's one client (`src/lib/api-client.ts`: timeout, one
 * refresh shared by concurrent 401s, Turkish texts, `ApiError`); only the keys are the panel's.
 */
import type { SignedInView, StaffUserView } from '../../functions/src/domain/identity/account-view';
import type { Wire } from '@shared/wire';
import { ApiError, createApiClient, type ApiClient, type TokenSource } from '../lib/api-client';
import { uploadFile as uploadSignedFile } from '../lib/upload';

export type { ApiSuccess } from '../lib/api-client';

export const ADMIN_KEYS = { token: 'adminToken', refreshToken: 'adminRefreshToken', auth: 'adminAuth', rememberMe: 'rememberMe' } as const;
/**
 * The staff user as the panel keeps it in storage: the login answer (`StaffUserView`). A session
 * stored by an earlier version of the panel may lack the fields added since, so only what every
 * version stored is required.
 */
export type StaffUser = Pick<Wire<StaffUserView>, 'id' | 'email' | 'role' | 'name' | 'displayName' | 'firstName' | 'lastName' | 'avatar'> & Partial<Wire<StaffUserView>>;

function store(): Storage {
  return localStorage.getItem(ADMIN_KEYS.rememberMe) === 'true' ? localStorage : sessionStorage;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedUser: StaffUser | null | undefined;

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function emit(): void {
  cachedUser = undefined;
  for (const l of listeners) l();
}

export function currentUser(): StaffUser | null {
  if (cachedUser !== undefined) return cachedUser;
  if (typeof window === 'undefined') return null;
  const raw = store().getItem(ADMIN_KEYS.auth);
  try {
    cachedUser = raw && store().getItem(ADMIN_KEYS.token) ? (JSON.parse(raw) as StaffUser) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

export function saveSession(input: { token: string; refreshToken: string; user: StaffUser; rememberMe: boolean }): void {
  clearSession(false);
  if (input.rememberMe) localStorage.setItem(ADMIN_KEYS.rememberMe, 'true');
  const s = input.rememberMe ? localStorage : sessionStorage;
  s.setItem(ADMIN_KEYS.token, input.token);
  s.setItem(ADMIN_KEYS.refreshToken, input.refreshToken);
  s.setItem(ADMIN_KEYS.auth, JSON.stringify(input.user));
  emit();
}

export function updateStoredUser(patch: Partial<StaffUser>): void {
  const user = currentUser();
  if (!user) return;
  store().setItem(ADMIN_KEYS.auth, JSON.stringify({ ...user, ...patch }));
  emit();
}

/** Removes every staff key from both storages (spec 002 §8: tokens, admin auth data, remember-me). */
export function clearSession(notify = true): void {
  for (const s of [localStorage, sessionStorage]) for (const key of Object.values(ADMIN_KEYS)) s.removeItem(key);
  if (notify) emit();
}

const staffTokens: TokenSource = {
  getToken: () => store().getItem(ADMIN_KEYS.token),
  getRefreshToken: () => store().getItem(ADMIN_KEYS.refreshToken),
  setTokens(token, refreshToken) {
    store().setItem(ADMIN_KEYS.token, token);
    store().setItem(ADMIN_KEYS.refreshToken, refreshToken);
  },
  // A refused refresh ends the session; the panel re-renders its login screen from the emit.
  clear: () => clearSession(),
};

const client = createApiClient({ tokens: staffTokens, refreshPath: '/auth/admin/refresh', writesCarryBody: true });

/** Staff writes always carry a JSON body (`{}` when there is nothing to say), as the API's parseBody expects. */
export const api: ApiClient = client;

export const LOGIN_MESSAGES = {
  bad: 'Geçersiz email veya şifre',
  tooMany: 'Çok fazla giriş denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.',
  other: 'Giriş yaparken bir hata oluştu',
} as const;

export async function login(email: string, password: string, rememberMe: boolean): Promise<StaffUser> {
  let data: Wire<SignedInView<StaffUserView>>;
  try {
    ({ data } = await client.call((r) => r.auth.admin.login.$post(), { body: { email, password, rememberMe }, auth: false }));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 429) throw new Error(LOGIN_MESSAGES.tooMany, { cause: error });
    if (status === 401 || status === 400) throw new Error(LOGIN_MESSAGES.bad, { cause: error });
    throw new Error(LOGIN_MESSAGES.other, { cause: error });
  }
  if (typeof data?.token !== 'string' || typeof data.refreshToken !== 'string' || !data.user) throw new Error(LOGIN_MESSAGES.other);
  saveSession({ token: data.token, refreshToken: data.refreshToken, user: data.user, rememberMe });
  return data.user;
}

export async function logout(): Promise<void> {
  const refreshToken = store().getItem(ADMIN_KEYS.refreshToken);
  const token = store().getItem(ADMIN_KEYS.token);
  clearSession();
  // Revoke server-side too, with the token the session had; the local session is gone whatever the answer.
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.call((r) => r.auth.logout.$post(), { body: refreshToken ? { refreshToken } : {}, auth: false, headers }).catch(() => undefined);
}

/** Article image or audio through the signed flow (`src/lib/upload.ts`); returns the upload id to attach. */
export async function uploadFile(file: File, purpose: 'image' | 'audio'): Promise<string> {
  return (await uploadSignedFile(api, file, purpose)).uploadId;
}
