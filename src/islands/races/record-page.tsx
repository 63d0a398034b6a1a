import { Children, cloneElement, Fragment, isValidElement, useCallback, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { recordUrl, type RecordCollection } from '../../lib/record-version';

/**
 * What the horse, jockey and trainer pages share: the record comes prebuilt, or (on the fallback page of a
 * record added after the build) from the API, and is refreshed quietly either way; a back button
 * that returns to where the reader came from on this site, else to the programme.
 */

type RecordState = 'ready' | 'loading' | 'missing' | 'error';

/**
 * The attributes by which `client:interact={{ eagerIfChanged: true }}` (src/lib/directives/interact.ts)
 * compares the record the page was rendered with to the live one; none without a version.
 */
export function recordMark(collection: RecordCollection, id: string, version: string | undefined) {
  return version ? { 'data-record-url': recordUrl(collection, id), 'data-record-version': version } : {};
}

function goBack() {
  if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) window.history.back();
  else window.location.href = '/yaris-programi';
}

/** A record read by its id through the typed client (`(id) => readPublic((r) => r.horses[':id'].$get({ param: { id } }))`). */
export type RecordRead<T> = (id: string) => Promise<{ data: T }>;

/** The record read by `read`; `givenId` '' means the id is the last part of the address. */
export function usePublicRecord<T>(read: RecordRead<T>, givenId: string, initial: T | null) {
  const [id] = useState(() => givenId || (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.pathname.replace(/\/$/, '').split('/').pop() ?? '')));
  const [record, setRecord] = useState<T | null>(initial);
  const [state, setState] = useState<RecordState>(initial ? 'ready' : 'loading');
  const [error, setError] = useState('');
  const load = useCallback(
    () =>
      read(id).then(
        ({ data }) => {
          setRecord(data);
          setState('ready');
        },
        (e: unknown) => {
          if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setState('missing');
          // With prebuilt data on screen a failed refresh changes nothing.
          else if (!initial) {
            setError(e instanceof Error ? e.message : 'Bir hata oluştu');
            setState('error');
          }
        },
      ),
    [read, id, initial],
  );
  // The prebuilt page may be older than the last results import: refresh quietly.
  useEffect(() => void load(), [load]);
  return { record, state, error, load };
}

export function BackButton() {
  return (
    <button type="button" className="btn btn--ghost horse__back" onClick={goBack}>
      ← Geri
    </button>
  );
}

/** The page while there is no record to show: not found, a load error with a retry, or loading. */
export function RecordPending({ state, error, onRetry, missingTitle, missingText, loadingText }: { state: RecordState; error: string; onRetry: () => void; missingTitle: string; missingText: string; loadingText: string }) {
  if (state === 'missing') {
    return (
      <section className="horse">
        <BackButton />
        <div className="state">
          <h1>{missingTitle}</h1>
          <p>{missingText}</p>
          <button type="button" className="btn" onClick={goBack}>
            Geri Dön
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="horse">
      <BackButton />
      {state === 'error' ? (
        <div className="state state--error" role="alert">
          <h2>Hata</h2>
          <p>{error}</p>
          <button type="button" className="btn" onClick={onRetry}>
            Tekrar Dene
          </button>
        </div>
      ) : (
        <p role="status">{loadingText}</p>
      )}
    </section>
  );
}

/** A table's header row: one column heading per label. */
export function TableHead({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A record table: its scrolling frame, the column headings (labels, or a header row of its own) and one row per item.
 *
 * Left out of the search index: its cells are dates, figures and the names of other records, so
 * indexed they made every horse and jockey page an answer to a search for a hippodrome or for any
 * jockey who once rode there, and they were most of what Pagefind held for those pages (the scale
 * build's peak memory is Pagefind's, docs/capacity.md). The record's name and facts stay indexed.
 */
export function RecordTable<T>({
  className,
  head,
  labels,
  rows,
  children,
}: {
  className?: string;
  head: readonly string[] | ReactNode;
  /** The column names when `head` is a header row of its own: on a phone each cell carries its name. */
  labels?: readonly string[];
  rows: readonly T[];
  children: (item: T) => ReactNode;
}) {
  const names = labels ?? (Array.isArray(head) ? (head as readonly string[]) : null);
  const classes = ['race-table', names ? 'race-table--cards race-table--records' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <TableFrame leftOutOfSearch>
      <table className={classes}>
        {Array.isArray(head) ? <TableHead labels={head} /> : <thead>{head}</thead>}
        <tbody>{rows.map((row) => (names ? labelCells(children(row), names) : children(row)))}</tbody>
      </table>
    </TableFrame>
  );
}

/** The cells of a row, fragments opened. */
function cellsOf(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) => (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? cellsOf(child.props.children) : [child]));
}

/**
 * A row whose cells say their column's name (`data-label`): races.css stacks a row into a labelled card
 * on a phone instead of a table that scrolls sideways (issue 53).
 */
export function labelCells(row: ReactNode, labels: readonly string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  const cells = cellsOf(row.props.children).map((cell, i) => (isValidElement(cell) && labels[i] ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': labels[i] }) : cell));
  return cloneElement(row, undefined, cells);
}

/**
 * A race table's scrolling frame. The empty mark after the table says it has been parsed whole
 * (races.css shows the table then): painted row by row, an automatic table widened its columns as
 * longer rows came, and its headings moved.
 */
export function TableFrame({ leftOutOfSearch = false, children }: { leftOutOfSearch?: boolean; children: ReactNode }) {
  return (
    <div className="race-table-wrap" data-pagefind-ignore={leftOutOfSearch ? '' : undefined}>
      {children}
      <span className="race-table-end" hidden />
    </div>
  );
}

/** The key figures of a record as a details list; an unknown value shows '—'. */
/** Label/value boxes; the hidden separators (`.index-sep`, global.css) make a search excerpt read 'Yaş: 9 · Cinsiyet: Erkek'. */
export function Facts({ className, facts }: { className?: string; facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={className ? `facts ${className}` : 'facts'}>
      {facts.map(([label, value], i) => (
        <div key={label}>
          <dt>
            {label}
            <span className="index-sep">: </span>
          </dt>
          <dd>
            {value ?? '—'}
            {i < facts.length - 1 ? <span className="index-sep"> · </span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
