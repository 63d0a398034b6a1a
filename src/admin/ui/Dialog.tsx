import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

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

/**
 * The staff panel's one modal: a titled box over a dimmed page; clicking the backdrop, the ×
 * button or Escape closes it. `onSubmit` makes the box itself the form.
 */
export function Dialog({ label, wide, onClose, onSubmit, children }: { label: string; wide?: boolean; onClose: () => void; onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose);
  const head = (
    <div className="o-modal-head">
      <h2 className="a-h2">{label}</h2>
      <button type="button" className="o-close" aria-label="Kapat" onClick={onClose}>
        ×
      </button>
    </div>
  );
  const box = `a-modal ${wide ? 'a-modal-wide' : ''}`;
  return (
    <div ref={ref} className="a-modal-back" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      {onSubmit ? (
        <form className={box} onSubmit={onSubmit} noValidate>
          {head}
          {children}
        </form>
      ) : (
        <div className={box}>
          {head}
          {children}
        </div>
      )}
    </div>
  );
}

/** Cancel + primary action row at the foot of a dialog. */
export function DialogActions({ onCancel, cancelLabel = 'Vazgeç', children }: { onCancel: () => void; cancelLabel?: string; children?: ReactNode }) {
  return (
    <div className="a-modal-actions">
      <button type="button" className="a-btn a-btn-ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}
