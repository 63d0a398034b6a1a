import { pageWindow } from '../../lib/format';

export function Pager({
  page,
  totalPages,
  total,
  noun = 'makale',
  onPage,
  label = 'Sayfalama',
}: {
  page: number;
  totalPages: number;
  total?: number;
  noun?: string;
  onPage?: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  // Without a handler (static HTML before hydration) the buttons stay inert rather than lie.
  const go = (target: number) => () => onPage?.(target);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={go(page - 1)} disabled={page <= 1 || !onPage}>
        Önceki
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          type="button"
          key={n}
          onClick={go(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Sayfa ${n}`}
          disabled={!onPage && n !== page}
        >
          {n}
        </button>
      ))}
      <button type="button" onClick={go(page + 1)} disabled={page >= totalPages || !onPage}>
        Sonraki
      </button>
      <p className="pager-info">
        Sayfa {page} / {totalPages}
        {total !== undefined ? ` - Toplam ${total} ${noun}` : ''}
      </p>
    </nav>
  );
}
