import { useEffect, useState, type ReactNode } from 'react';
import { BADGES_EVENT } from '../Shell';
import './ops.css';

/** Shared bits of the operations screens (VIP, comments, users, messages, settings). */

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Europe/Istanbul' });
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });
export const numberFormat = new Intl.NumberFormat('tr-TR');

export function fmtDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
export function fmtDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}
/** User ids are shown by their last 8 characters (spec 002 §9). */
export function idTail(id: string): string {
  return id.slice(-8);
}

/** Tells the shell to re-read the badge counters after something counted changed. */
export function refreshBadges(): void {
  window.dispatchEvent(new Event(BADGES_EVENT));
}

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function Modal({ label, wide, onClose, children }: { label: string; wide?: boolean; onClose: () => void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="a-modal-back" role="dialog" aria-modal="true" aria-label={label} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={`a-modal ${wide ? 'a-modal-wide' : ''}`}>
        <div className="o-modal-head">
          <h2 className="a-h2">{label}</h2>
          <button type="button" className="o-close" aria-label="Kapat" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** A failure is shown, never swallowed (architecture §7), with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p className="a-alert a-alert-error o-load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="a-btn a-btn-ghost" onClick={onRetry}>
        Tekrar Dene
      </button>
    </p>
  );
}

/** Previous / next with 'page / total pages'; only when there is more than one page. */
export function SimplePager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <div className="a-pager o-pager-center">
      <div>
        <button type="button" className="a-btn a-btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ← Önceki
        </button>
        <span className="a-page-no" data-testid="page-text">
          {page} / {totalPages}
        </span>
        <button type="button" className="a-btn a-btn-ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Sonraki →
        </button>
      </div>
    </div>
  );
}

/** Numbered buttons, at most `max` of them, in a window around the current page. */
export function NumberedPager({ page, totalPages, onPage, max = 5, range }: { page: number; totalPages: number; onPage: (p: number) => void; max?: number; range?: string }) {
  if (totalPages <= 1) return range ? <div className="a-pager"><span>{range}</span></div> : null;
  const count = Math.min(max, totalPages);
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), totalPages - count + 1));
  const pages = Array.from({ length: count }, (_, i) => first + i);
  return (
    <div className="a-pager">
      <span>{range}</span>
      <div className="o-pages" role="navigation" aria-label="Sayfalar">
        <button type="button" className="a-btn a-btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ←
        </button>
        {pages.map((p) => (
          <button key={p} type="button" className={`o-page-btn ${p === page ? 'is-current' : ''}`} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
            {p}
          </button>
        ))}
        <button type="button" className="a-btn a-btn-ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          →
        </button>
      </div>
    </div>
  );
}

export function rangeText(page: number, limit: number, total: number): string {
  if (total === 0) return '0 kayıt';
  return `${total} kayıttan ${(page - 1) * limit + 1}-${Math.min(page * limit, total)} arası gösteriliyor`;
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="o-detail">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}
