/**
 * The little the article and list islands need from the member session (src/lib/session.ts):
 * the token, who the reader is, VIP state, and an API call that never throws, so each island
 * shows its own spec error text. Token refresh on 401 happens inside the shared client.
 */
import type { ClientResponse } from 'hono/client';
import { ApiError, type Answer, type ApiRoutesClient, type CallOptions, type Pagination } from '../../lib/api-client';
import { getSession, type SessionUser } from '../../lib/session';

export type { SessionUser };

export function getToken(): string | null {
  return getSession().tokens.getToken();
}

/** Resolves once the stored session is read (and a new tab has joined an open tab's, session.ts). */
export function sessionReady(): Promise<void> {
  return getSession().init();
}

export function getSessionUser(): SessionUser | null {
  return getSession().tokens.getUser();
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** Whether the reader holds an active VIP membership (staff and visitors never do, spec 000 §4.1). */
export async function readerHasVip(): Promise<boolean> {
  const session = getSession();
  await session.init();
  const state = session.getState();
  if (state.vipLoading) await session.refreshVipStatus().catch(() => undefined);
  return session.getState().vipStatus.hasVip;
}

export interface ApiAnswer<T> {
  ok: boolean;
  /** HTTP status; 0 when no answer arrived (network, timeout). */
  status: number;
  data: T | null;
  message: string | null;
  pagination?: Pagination;
}

/** The data a route answers with, as its typed route declares it. */
type RouteData<R> = Answer<R> extends { data: infer D } ? D : never;

/** A typed call (`(r) => r.articles[':id'].$get({ param: { id } })`) that never throws: the island shows its own error text. */
export async function apiCall<R extends ClientResponse<unknown, number, 'json'>>(pick: (routes: ApiRoutesClient) => Promise<R>, options: CallOptions = {}): Promise<ApiAnswer<RouteData<R>>> {
  try {
    const answer = (await getSession().api.call(pick, options)) as { data?: RouteData<R>; message?: string; pagination?: Pagination };
    return { ok: true, status: 200, data: answer.data ?? null, message: answer.message ?? null, pagination: answer.pagination };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, data: null, message: error.message };
    return { ok: false, status: 0, data: null, message: null };
  }
}

/**
 * The text to show for a failed call: the server's own message for a request it refused (4xx),
 * the screen's spec text when there was no usable answer (network, 5xx, generic).
 */
export function errorText(answer: ApiAnswer<unknown>, fallback: string): string {
  if (answer.status >= 400 && answer.status < 500 && answer.message && answer.message !== 'Bir hata oluştu') return answer.message;
  return fallback;
}
