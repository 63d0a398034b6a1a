import type { HTMLAttributes, ReactNode } from 'react';
import { LoadError } from './controls';

export interface Column<T> {
  header: ReactNode;
  /** Class of the header cell ('a-right' for actions). */
  headerClassName?: string;
  /** Class of each body cell. */
  className?: string;
  /** Tooltip of each body cell (the full value behind a shortened one). */
  title?: (row: T) => string | undefined;
  cell: (row: T) => ReactNode;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };

/**
 * A staff list as a table: one loading row while `rows` is null, one empty row with the screen's
 * text when the list is empty, nothing of either while a load error is shown above it. With
 * `error` the table shows that error above itself, with "Tekrar Dene" when `onRetry` is given;
 * `failed` is for a screen that shows its load error elsewhere.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  failed = false,
  error,
  onRetry,
  className,
  cards = false,
}: {
  columns: Column<T>[];
  rows: T[] | null | undefined;
  rowKey: (row: T) => string;
  rowProps?: (row: T) => RowProps;
  empty: ReactNode;
  failed?: boolean;
  /** The list's load error, shown above the table. */
  error?: string | null;
  onRetry?: () => void;
  className?: string;
  /** On a phone each row becomes a card of labelled fields (ui.css), its actions in it, instead of a table to scroll sideways. */
  cards?: boolean;
}) {
  const span = columns.length;
  const hidden = failed || !!error;
  const classes = ['a-table', cards ? 'a-table--cards' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <>
      {error && <LoadError message={error} onRetry={onRetry} />}
      <div className="a-card a-table-wrap">
        <table className={classes}>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={i} className={c.headerClassName}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!rows && !hidden && (
              <tr>
                <td colSpan={span} className="a-muted">
                  Yükleniyor…
                </td>
              </tr>
            )}
            {rows?.length === 0 && !hidden && (
              <tr>
                <td colSpan={span} className="a-empty">
                  {empty}
                </td>
              </tr>
            )}
            {rows?.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c, i) => (
                  <td key={i} className={c.className} title={c.title?.(row)} data-label={typeof c.header === 'string' ? c.header : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The actions cell of a row: its buttons wrap inside the cell on narrow screens. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="a-actions o-act">{children}</div>;
}

/** The 'İşlemler' column of a staff list: the row's buttons, right-aligned. */
export function actionsColumn<T>(buttons: (row: T) => ReactNode): Column<T> {
  return { header: 'İşlemler', headerClassName: 'a-right', className: 'o-act-cell', cell: (row) => <RowActions>{buttons(row)}</RowActions> };
}

/** One button of a row's actions; `tone` colours an approving or a destructive one. */
export function RowButton({ tone, disabled, onClick, children }: { tone?: 'ok' | 'danger'; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={tone ? `a-icon-btn a-${tone}` : 'a-icon-btn'} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
