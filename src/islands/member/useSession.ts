import { useEffect, useSyncExternalStore } from 'react';
import { getSession, NON_VIP, type SessionState } from '../../lib/session';

const SERVER_STATE: SessionState = { user: null, isAuthenticated: false, loading: true, vipStatus: { ...NON_VIP }, vipLoading: false, vipError: null, signedOut: false };

/** The member session for an island: renders as "loading" until the stored session has been read. */
export function useSession(): SessionState {
  const session = typeof window === 'undefined' ? null : getSession();
  useEffect(() => {
    void session?.init();
  }, [session]);
  return useSyncExternalStore(
    (listener) => (session ? session.subscribe(listener) : () => undefined),
    () => (session ? session.getState() : SERVER_STATE),
    () => SERVER_STATE,
  );
}

/**
 * For screens behind login (spec 001 §2): once the session is known, a visitor is sent to /giris.
 * Returns true while the screen may render its content.
 */
export function useRequireLogin(state: SessionState): boolean {
  useEffect(() => {
    // After a logout here the page is already on its way to '/' (spec 000 §4.1): do not overrule it.
    if (!state.loading && !state.isAuthenticated && !state.signedOut) window.location.replace('/giris');
  }, [state.loading, state.isAuthenticated, state.signedOut]);
  return !state.loading && state.isAuthenticated;
}

/** A screen behind login: the session, and whether the screen may render (else it is on its way to /giris). */
export function useMemberScreen(): { state: SessionState; allowed: boolean } {
  const state = useSession();
  return { state, allowed: useRequireLogin(state) };
}
