/**
 * The staff session (spec 002 §7, §8): its own storage keys, never the member ones, and its own
 * refresh endpoint. Tokens live in localStorage when "remember me" was ticked, else in
 * sessionStorage. A 401 triggers one refresh; requests that meet a 401 meanwhile wait for it.
 */

export const ADMIN_KEYS = { token: 'adminToken', refreshToken: 'adminRefreshToken', auth: 'adminAuth', rememberMe: 'rememberMe' } as const;
export const REQUEST_TIMEOUT_MS = 10_000;

export interface StaffUser {
  id: string;
  email: string;
  role: 'admin' | 'author' | string;
  name: string;
  displayName: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  specializations?: string[];
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** `P` widens the paging block where a list adds counters (the comments list). */
export interface ApiAnswer<T, P extends Pagination = Pagination> {
  data: T;
  message?: string;
  pagination?: P;
}

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const NETWORK = 'İnternet bağlantınızı kontrol edin';
const SERVER = 'Sunucu hatası. Lütfen daha sonra tekrar deneyin';
const GENERIC = 'Bir hata oluştu';

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

let refreshing: Promise<string> | null = null;

/** The API's envelope (architecture §6), as far as the client reads it. */
interface Envelope {
  success?: boolean;
  data?: unknown;
  message?: string;
  code?: string;
  pagination?: Pagination;
}
interface Raw {
  status: number;
  body: Envelope | null;
}
type TokenData = { token?: unknown; refreshToken?: unknown; user?: StaffUser } | undefined;

/** Extra per-request settings; `headers` are added to the request (never replacing Authorization). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

async function send(method: string, path: string, body: unknown, token: string | null, extra: Record<string, string> = {}): Promise<Raw> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal });
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      // An empty or HTML body: the status alone decides.
    }
    return { status: response.status, body: parsed && typeof parsed === 'object' ? (parsed as Envelope) : null };
  } catch {
    throw new AdminApiError(NETWORK, 0, 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
}

async function refresh(): Promise<string> {
  const refreshToken = store().getItem(ADMIN_KEYS.refreshToken);
  if (!refreshToken) throw new AdminApiError('Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.', 401, 'UNAUTHORIZED');
  const answer = await send('POST', '/auth/admin/refresh', { refreshToken }, null);
  const data = answer.body?.data as TokenData;
  if (answer.status !== 200 || typeof data?.token !== 'string' || typeof data?.refreshToken !== 'string') {
    throw new AdminApiError(answer.body?.message || 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.', 401, 'UNAUTHORIZED');
  }
  store().setItem(ADMIN_KEYS.token, data.token);
  store().setItem(ADMIN_KEYS.refreshToken, data.refreshToken);
  return data.token;
}

function result<T, P extends Pagination>(answer: Raw): ApiAnswer<T, P> {
  if (answer.status >= 200 && answer.status < 300 && answer.body?.success !== false) {
    return { data: answer.body?.data as T, message: answer.body?.message, pagination: answer.body?.pagination as P | undefined };
  }
  const text = typeof answer.body?.message === 'string' && answer.body.message ? answer.body.message : answer.status >= 500 ? SERVER : GENERIC;
  throw new AdminApiError(text, answer.status, typeof answer.body?.code === 'string' ? answer.body.code : null);
}

export async function request<T, P extends Pagination = Pagination>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiAnswer<T, P>> {
  if (refreshing) await refreshing.catch(() => undefined);
  const token = store().getItem(ADMIN_KEYS.token);
  const first = await send(method, path, body, token, options.headers);
  if (first.status !== 401 || !token) return result<T, P>(first);
  if (!store().getItem(ADMIN_KEYS.refreshToken)) {
    clearSession();
    return result<T, P>(first);
  }
  const current = store().getItem(ADMIN_KEYS.token);
  let fresh: string;
  if (current && current !== token && !refreshing) fresh = current;
  else {
    refreshing ??= refresh()
      .catch((error: unknown) => {
        clearSession();
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    fresh = await refreshing;
  }
  // The retry after a refresh is the same request: same headers (an Idempotency-Key stays the same).
  return result<T, P>(await send(method, path, body, fresh, options.headers));
}

export const api = {
  get: <T, P extends Pagination = Pagination>(path: string, options?: RequestOptions) => request<T, P>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

export const LOGIN_MESSAGES = {
  bad: 'Geçersiz email veya şifre',
  tooMany: 'Çok fazla giriş denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.',
  other: 'Giriş yaparken bir hata oluştu',
} as const;

export async function login(email: string, password: string, rememberMe: boolean): Promise<StaffUser> {
  let answer: Raw;
  try {
    answer = await send('POST', '/auth/admin/login', { email, password, rememberMe }, null);
  } catch {
    throw new Error(LOGIN_MESSAGES.other);
  }
  if (answer.status === 429) throw new Error(LOGIN_MESSAGES.tooMany);
  if (answer.status === 401 || answer.status === 400) throw new Error(LOGIN_MESSAGES.bad);
  const data = answer.body?.data as TokenData;
  if (answer.status !== 200 || typeof data?.token !== 'string' || typeof data.refreshToken !== 'string' || !data.user) throw new Error(LOGIN_MESSAGES.other);
  saveSession({ token: data.token, refreshToken: data.refreshToken, user: data.user, rememberMe });
  return data.user;
}

export async function logout(): Promise<void> {
  const refreshToken = store().getItem(ADMIN_KEYS.refreshToken);
  const token = store().getItem(ADMIN_KEYS.token);
  clearSession();
  // Revoke server-side too; the local session is gone whatever the answer.
  await send('POST', '/auth/logout', refreshToken ? { refreshToken } : {}, token).catch(() => undefined);
}

/** Direct PUT of a file to the signed URL of POST /uploads, then finalize; returns the upload id. */
export async function uploadFile(file: File, purpose: 'image' | 'audio'): Promise<string> {
  const grant = await api.post<{ uploadId: string; url: string; method: string; headers: Record<string, string> }>('/uploads', {
    purpose,
    contentType: file.type || 'application/octet-stream',
    size: file.size,
    name: file.name,
  });
  let put: Response;
  try {
    put = await fetch(grant.data.url, { method: grant.data.method, headers: grant.data.headers, body: file });
  } catch {
    throw new AdminApiError(NETWORK, 0, 'NETWORK');
  }
  if (!put.ok) {
    let message = 'Yükleme sırasında hata oluştu';
    try {
      message = ((await put.json()) as { message?: string }).message || message;
    } catch {
      // keep the generic text
    }
    throw new AdminApiError(message, put.status);
  }
  await api.post(`/uploads/${grant.data.uploadId}/finalize`);
  return grant.data.uploadId;
}
