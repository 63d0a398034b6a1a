/**
 * What the header's loader reads on every page without loading the session module: whether a toast
 * waits from the previous page, and the event the session fires when someone signs in on this page.
 * A visitor's header is complete in the static HTML, so nothing more is fetched for them.
 */

/** A message shown on the next page (the page we go to after logout or login). */
export const FLASH_KEY = 'ganyan:flash';

/** Fired on window by the session after a login or registration on the current page. */
export const SIGNED_IN_EVENT = 'ganyan:signed-in';

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

/** Leaves a toast for the next page to show (it survives the navigation in sessionStorage). */
export function setFlash(kind: Flash['kind'], message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message }));
  } catch {
    // without storage the toast is simply not carried over
  }
}

export function hasFlash(): boolean {
  try {
    return window.sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
