/**
 * A toast carried to the next page (the page we go to after logout or login), in sessionStorage.
 * Framework-free and tiny: the header's loader (src/lib/inline-script.ts) only checks the key.
 */
export const FLASH_KEY = 'ganyan:flash';

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

/** The document that left a flash; the page it leaves for has another (`performance.timeOrigin`). */
interface StoredFlash extends Flash {
  from?: number;
}

export function setFlash(kind: Flash['kind'], message: string): void {
  try {
    const stored: StoredFlash = { kind, message, from: performance.timeOrigin };
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(stored));
  } catch {
    // without storage the toast is simply not carried over
  }
}

/**
 * The flash left by an earlier page. One left by this page is for the next one: the page that signs
 * a member in starts the header (which takes flashes) while it is already on its way to '/'.
 */
export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    const { kind, message, from } = JSON.parse(raw) as StoredFlash;
    if (from === performance.timeOrigin) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    return { kind, message };
  } catch {
    return null;
  }
}
