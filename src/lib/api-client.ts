/**
 * The browser's one HTTP client (spec 000 §7, §4.2, §8; spec 002 §7): base /api, JSON, 10 s
 * timeout, bearer token, and the automatic token refresh. The member session and the staff panel
 * each create one with their own token source and refresh path, so the two sessions never share
 * keys but share every rule. Framework-free so the refresh rules can be unit-tested with a fake
 * fetch and fake storages.
 */
import { hc, type ClientResponse } from 'hono/client';
// Types only: the browser bundles get the routes' types, never their code.
import type { ApiRoutes } from '../../functions/src/api/routes';
import type { FieldError, Pagination, SuccessEnvelope } from '@shared/wire';

export type { FieldError, Pagination };

export const API_MESSAGES = {
  generic: 'Bir hata oluştu',
  network: 'İnternet bağlantınızı kontrol edin',
  /** Our own time limit ran out while the server was working: the line was fine. */
  timeout: 'Sunucu zamanında yanıt vermedi; işlem sürüyor olabilir, lütfen biraz sonra tekrar deneyin',
  server: 'Sunucu hatası. Lütfen daha sonra tekrar deneyin',
  sessionExpired: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
} as const;

export const REQUEST_TIMEOUT_MS = 10_000;

/** What a call resolves with: the envelope without its `success` flag (a refusal throws instead). */
export type ApiSuccess<T, P extends Pagination = Pagination> = Omit<SuccessEnvelope<T, P>, 'success'>;

/** The API's routes as Hono's typed client sees them: `r.articles[':id'].$get({ param: { id } })`. */
export type ApiRoutesClient = ReturnType<typeof hc<ApiRoutes>>;

/** What a typed call resolves with: the route's own envelope (its `data` typed at the route) without its `success` flag. */
export type Answer<R> = R extends ClientResponse<infer Body, number, 'json'> ? Omit<Body, 'success'> : never;

/** A failed call, already carrying the text a person should read. `status` 0 means no answer. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Order of spec 000 §8: the body's error.message, the body's message, the error's own message, the generic text. */
export function extractMessage(body: unknown, error?: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { error?: { message?: unknown }; message?: unknown };
    if (b.error && typeof b.error.message === 'string' && b.error.message) return b.error.message;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return API_MESSAGES.generic;
}

/** Where the tokens live; implemented by the session's token store (and by fakes in tests). */
export interface TokenSource {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(token: string, refreshToken: string): void;
  clear(): void;
}

export interface ApiClientOptions {
  tokens: TokenSource;
  /** Where the refresh token is exchanged: '/auth/refresh' (members) or '/auth/admin/refresh' (staff). */
  refreshPath: string;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  /** Called once the session could not be kept (no refresh token, refresh refused): the page goes to '/'. */
  onSessionEnded?: () => void;
  /** Every POST and PUT carries a JSON body, `{}` when there is nothing to say (the staff panel's rule). */
  writesCarryBody?: boolean;
}

export interface RequestOptions {
  body?: unknown;
  /** false for calls that must not carry or refresh a member token (login, register, reset). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Added to the request (an Idempotency-Key); the retry after a refresh sends the same ones. */
  headers?: Record<string, string>;
  /** A longer limit than the client's for a call whose work is on the server (an upload's finalize). */
  timeoutMs?: number;
  /** 'no-cache' to check the browser's copy with the server (a result known to exist since). */
  cache?: RequestCache;
}

/** A request as it goes out: the method, the path under the base with its query, and the JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A typed call's options: the query and body travel here because the routes validate them themselves (no typed input). */
export interface CallOptions extends Omit<RequestOptions, 'headers'> {
  query?: Record<string, string | number | boolean | null | undefined> | URLSearchParams;
  /** Added to the request; as a function, worked out from the request as sent (an Idempotency-Key fingerprinted on it). */
  headers?: Record<string, string> | ((sent: SentRequest) => Record<string, string>);
}

/** A route picked through Hono's client, as `call` takes it. */
export type RoutePick<R extends ClientResponse<unknown, number, 'json'>> = (routes: ApiRoutesClient) => Promise<R>;

/**
 * The only way to the API: a route picked through Hono's typed client, so no call names a path or
 * an answer type by hand (the untyped get/post/put/del are gone on purpose: they cannot come back).
 */
export interface ApiClient {
  /**
   * `pick` names the route (`(r) => r.races[':id'].$get({ param: { id } })`) and the answer's type is
   * the route's own; the token, refresh, timeout and `ApiError` rules are the client's.
   */
  call<R extends ClientResponse<unknown, number, 'json'>>(pick: RoutePick<R>, options?: CallOptions): Promise<Answer<R>>;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const { tokens } = options;
  // The one refresh in flight: every request that meets a 401 meanwhile waits for it.
  let refreshing: Promise<string> | null = null;

  async function send(method: string, path: string, body: unknown, token: string | null, outer?: AbortSignal, extra: Record<string, string> = {}, limitMs = timeoutMs, cache?: RequestCache): Promise<RawAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const abortOuter = () => controller.abort();
    outer?.addEventListener('abort', abortOuter);
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        ...(cache ? { cache } : {}),
      });
      let parsed: unknown = null;
      try {
        parsed = await response.json();
      } catch {
        // An empty or HTML body (a proxy error page): the status alone decides.
      }
      return { status: response.status, body: parsed };
    } catch {
      // Our own time limit: the request reached a server that is still working, so say that.
      if (timedOut) throw new ApiError(API_MESSAGES.timeout, 0, 'TIMEOUT');
      // Offline, DNS or a refused connection: the person can only check the line.
      throw new ApiError(API_MESSAGES.network, 0, 'NETWORK');
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abortOuter);
    }
  }

  function endSession(): void {
    tokens.clear();
    options.onSessionEnded?.();
  }

  async function refresh(): Promise<string> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) throw new ApiError(API_MESSAGES.sessionExpired, 401, 'UNAUTHORIZED');
    const answer = await send('POST', options.refreshPath, { refreshToken }, null);
    const data = (answer.body as { data?: { token?: unknown; refreshToken?: unknown } } | null)?.data;
    if (answer.status >= 400 || typeof data?.token !== 'string' || typeof data.refreshToken !== 'string') {
      throw new ApiError(extractMessage(answer.body, new Error(API_MESSAGES.sessionExpired)), answer.status || 401, 'UNAUTHORIZED');
    }
    tokens.setTokens(data.token, data.refreshToken);
    return data.token;
  }

  /** Resolves with a token to retry with; the session is ended (and this rejects) when there is none. */
  async function tokenAfter401(sentWith: string): Promise<string> {
    const current = tokens.getToken();
    // Another request already refreshed after ours was sent: use its token, refresh nothing.
    if (current && current !== sentWith && !refreshing) return current;
    if (!tokens.getRefreshToken()) {
      endSession();
      throw new ApiError(extractMessage(null, new Error(API_MESSAGES.sessionExpired)), 401, 'UNAUTHORIZED');
    }
    if (!refreshing) {
      refreshing = refresh()
        .catch((error: unknown) => {
          endSession();
          throw error;
        })
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  function toResult<T, P extends Pagination>(answer: RawAnswer): ApiSuccess<T, P> {
    if (answer.status >= 200 && answer.status < 300) {
      const b = (answer.body ?? {}) as { success?: boolean; data?: T; message?: string; pagination?: P };
      if (b.success !== false) return { data: b.data as T, message: b.message, pagination: b.pagination };
    }
    const b = answer.body as { code?: unknown; errors?: unknown } | null;
    const code = b && typeof b.code === 'string' ? b.code : null;
    const errors = b && Array.isArray(b.errors) ? (b.errors as FieldError[]) : [];
    const hasServerText = extractMessage(answer.body) !== API_MESSAGES.generic;
    // A 5xx without a readable message is a crash or a proxy page: say so in plain Turkish.
    const message = answer.status >= 500 && !hasServerText ? API_MESSAGES.server : extractMessage(answer.body);
    throw new ApiError(message, answer.status, code, errors);
  }

  async function request<T, P extends Pagination = Pagination>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiSuccess<T, P>> {
    const useAuth = opts.auth !== false;
    // A request that starts while a refresh runs waits for it instead of earning its own 401.
    if (useAuth && refreshing) await refreshing.catch(() => undefined);
    const token = useAuth ? tokens.getToken() : null;
    const first = await send(method, path, opts.body, token, opts.signal, opts.headers, opts.timeoutMs, opts.cache);
    if (first.status !== 401 || !token) return toResult<T, P>(first);
    const fresh = await tokenAfter401(token);
    // One retry per request (spec 000 §9): a second 401 is the answer.
    return toResult<T, P>(await send(method, path, opts.body, fresh, opts.signal, opts.headers, opts.timeoutMs, opts.cache));
  }

  async function call<R extends ClientResponse<unknown, number, 'json'>>(pick: RoutePick<R>, opts: CallOptions = {}): Promise<Answer<R>> {
    let answer: ApiSuccess<unknown> | undefined;
    // Hono's client only builds the path (with its :params filled in) and the method; the request is ours.
    const routes = hc<ApiRoutes>('', {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = opts.body ?? (options.writesCarryBody && (method === 'POST' || method === 'PUT') ? {} : undefined);
        const path = withQuery(String(input), opts.query);
        const headers = typeof opts.headers === 'function' ? opts.headers({ method, path, body }) : opts.headers;
        answer = await request(method, path, { ...opts, body, headers });
        return new Response(null, { status: 204 });
      },
    });
    await pick(routes);
    return answer as unknown as Answer<R>;
  }

  return { call };
}

function withQuery(path: string, query: CallOptions['query']): string {
  const params = new URLSearchParams(query instanceof URLSearchParams ? query : undefined);
  if (!(query instanceof URLSearchParams)) for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
