import { Fragment, type MouseEvent } from 'react';
import { formatNumber, pageWindow } from '../../lib/format';
import './article-card.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  total?: number;
  /** 'haber', 'tahmin': the pager's 'Toplam N ...' (spec 000 §2.5 says 'makale'). */
  noun?: string;
  /**
   * The address of each page when it has one (a prebuilt list page): the pager is then made of
   * links that work before any script runs and can be crawled.
   */
  href?: (page: number) => string;
  /** Set once an island has taken over: plain clicks then load the page in place. */
  onPage?: (page: number) => void;
  label?: string;
}

/** A click the browser should handle itself: a new tab or window, a download. */
const isModified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The one pager (spec 000 §2.5): Önceki / Sonraki, at most 5 page numbers, 'Sayfa X / Y - Toplam N …',
 * shown only with more than one page. With `href` it is links (rel prev/next); without, buttons that
 * stay disabled until `onPage` exists, so a click before hydration is never silently dropped.
 */
export function Pager({ page, totalPages, total, noun = 'makale', href, onPage, label = 'Sayfalama' }: PagerProps) {
  if (totalPages <= 1) return null;
  const item = (target: number, text: string, extra: { rel?: string; ariaLabel?: string; current?: boolean }) => {
    const outside = target < 1 || target > totalPages;
    const current = extra.current ? ('page' as const) : undefined;
    if (href) {
      if (outside) {
        return (
          <span className="pager-edge" aria-disabled="true">
            {text}
          </span>
        );
      }
      const onClick = onPage
        ? (event: MouseEvent) => {
            if (isModified(event)) return;
            event.preventDefault();
            if (!extra.current) onPage(target);
          }
        : undefined;
      return (
        <a href={href(target)} rel={extra.rel} aria-label={extra.ariaLabel} aria-current={current} onClick={onClick}>
          {text}
        </a>
      );
    }
    return (
      <button
        type="button"
        aria-label={extra.ariaLabel}
        aria-current={current}
        disabled={outside || !onPage}
        onClick={() => !extra.current && onPage?.(target)}
      >
        {text}
      </button>
    );
  };
  return (
    <nav className="pager" aria-label={label}>
      {item(page - 1, 'Önceki', { rel: 'prev' })}
      {pageWindow(page, totalPages).map((n) => (
        <Fragment key={n}>{item(n, String(n), { ariaLabel: `Sayfa ${n}`, current: n === page })}</Fragment>
      ))}
      {item(page + 1, 'Sonraki', { rel: 'next' })}
      <p className="pager-info">
        Sayfa {page} / {totalPages}
        {total !== undefined ? ` - Toplam ${formatNumber(total)} ${noun}` : ''}
      </p>
    </nav>
  );
}
