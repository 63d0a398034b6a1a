import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../../lib/dialog-focus';

/**
 * The public pages' modal: a titled box over a dimmed page. Focus stays inside while it is open
 * (Tab and Shift+Tab cycle), Escape or a click on the backdrop closes it, and focus returns to the
 * control that opened it.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(ref, onClose);
  return (
    <div className="m-modal-back" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="m-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="vip-h2">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
