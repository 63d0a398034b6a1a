/**
 * The admin's badge counters (spec 002 §2): the shell polls them, and a screen that changes a
 * counted thing asks for a fresh read at once. Here, not in the shell, so the shared kit does not
 * depend on the app around it.
 */

export interface Badges {
  unrespondedComments: number;
  pendingVipRequests: number;
  unrespondedMessages: number;
  total: number;
}
export type BadgeKey = Exclude<keyof Badges, 'total'>;

export const NO_BADGES: Badges = { unrespondedComments: 0, pendingVipRequests: 0, unrespondedMessages: 0, total: 0 };
export const BADGE_POLL_MS = 30_000;
/** Screens that change a counted thing dispatch this to refresh the badges at once ("on demand"). */
export const BADGES_EVENT = 'admin:badges';

/** Tells the shell to re-read the badge counters after something counted changed. */
export function refreshBadges(): void {
  window.dispatchEvent(new Event(BADGES_EVENT));
}

/** A counter never grows wider than three characters. */
export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}
