import { useEffect, useRef, type RefObject } from 'react';

/*
 * One keyboard model for every modal on the site, staff panel and public islands alike (WAI-ARIA
 * dialog pattern). Hand-written rather than a library: it is thirty lines and no focus-trap package
 * is a dependency.
 */
const FOCUSABLE = 'a[href], button, input, select, textarea, audio[controls], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.matches(':disabled') && el.getClientRects().length > 0);
}

/**
 * Keyboard handling of a modal dialog: focus moves to its first field (else its first control),
 * Tab and Shift+Tab stay inside, Escape closes, and focus goes back to the control that opened it.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const all = focusables(root);
    (all.find((el) => el.matches('input:not([type="checkbox"]), select, textarea')) ?? all[0] ?? root).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables(root);
      if (list.length === 0) return e.preventDefault();
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}

