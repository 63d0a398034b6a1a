import type { ReactNode } from 'react';

/**
 * Paging under a list. With `max`, numbered buttons (at most `max`, in a window around the current
 * page); otherwise previous / 'page / total pages' / next. The range text stands on the left. With
 * one page, numbered paging keeps only the range text, previous/next paging keeps its (disabled)
 * buttons beside a range text, and without a range text there is nothing to show.
 */
export function Pager({ page, totalPages, onPage, range, max }: { page: number; totalPages: number; onPage: (p: number) => void; range?: ReactNode; max?: number }) {
  const rangeNode = range !== undefined && range !== null ? <span data-testid="range-text">{range}</span> : null;
  if (totalPages <= 1 && (max || !rangeNode)) return rangeNode ? <div className="a-pager">{rangeNode}</div> : null;
  if (max) {
    const count = Math.min(max, totalPages);
    const first = Math.max(1, Math.min(page - Math.floor(count / 2), totalPages - count + 1));
    return (
      <div className="a-pager">
        {rangeNode ?? <span />}
        <div className="o-pages" role="navigation" aria-label="Sayfalar">
          <button type="button" className="a-btn a-btn-ghost" aria-label="Önceki sayfa" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ←
          </button>
          {Array.from({ length: count }, (_, i) => first + i).map((p) => (
            <button key={p} type="button" className={`o-page-btn ${p === page ? 'is-current' : ''}`} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p}
            </button>
          ))}
          <button type="button" className="a-btn a-btn-ghost" aria-label="Sonraki sayfa" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            →
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className={rangeNode ? 'a-pager' : 'a-pager o-pager-center'}>
      {rangeNode}
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
