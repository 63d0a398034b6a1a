import type { login } from './env.js';

/** A member's session as the site keeps it in localStorage (src/lib/session.ts): what a signed-in page reads. */
export interface StoredSession {
  token: string;
  refreshToken: string;
  user: unknown;
}

/** The stored session of a bench login. */
export function storedSession(signedIn: Awaited<ReturnType<typeof login>>): StoredSession {
  return { token: signedIn.accessToken, refreshToken: signedIn.refreshToken, user: signedIn.user };
}

/**
 * Runs in the page (Playwright's addInitScript or evaluate), so it uses nothing from outside:
 * leaves the session under the keys the site's session code reads.
 */
export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem('authToken', session.token);
  localStorage.setItem('refreshToken', session.refreshToken);
  localStorage.setItem('userData', JSON.stringify(session.user));
  localStorage.setItem('rememberMe', 'true');
  // What the site stores at sign-in for an active VIP (session.ts, setVipUntil): without it a VIP's
  // page showed the ads and upsells until the VIP status answer came, as no returning VIP sees it.
  const user = session.user as { vipStatus?: string; vipEndDate?: string } | null;
  if (user?.vipStatus === 'active' && user.vipEndDate) localStorage.setItem('vipUntil', user.vipEndDate);
}
