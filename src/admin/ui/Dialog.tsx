import { useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../../lib/dialog-focus';

export { useDialogFocus };

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
