/**
 * The names shared by the head scripts (inline-script.ts) and the session (session.ts) for a new
 * tab joining an open tab's member session over a BroadcastChannel. No imports: the head scripts'
 * module is build-time only, the session's is the browser's.
 */
export const SESSION_CHANNEL = 'ganyan-session';
/** sessionStorage key of the refresh token an open tab offered, until the session exchanges it. */
export const JOIN_KEY = 'joinToken';
/** How long a tab with no session waits for an open tab's answer (the channel answers in milliseconds). */
export const JOIN_WAIT_MS = 300;

/** What travels on the channel. */
export type SessionMessage =
  | { type: 'ask' }
  | { type: 'offer'; refreshToken: string; user: unknown; vipUntil: string | null }
  | { type: 'signed-out'; userId: string };
