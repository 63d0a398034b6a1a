import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface ListQuery<D, F> {
  page: number;
  setPage: (page: number | ((p: number) => number)) => void;
  filters: F;
  /** Changes one filter and goes back to page 1. */
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** Replaces the filters, back on page 1. */
  setFilters: (filters: F) => void;
  /** A search the person asked for: applies the value and loads again even when it did not change. */
  search: <K extends keyof F>(key: K, value: F[K]) => void;
  /** null while the first load runs and after a failed one. */
  data: D | null;
  error: string | null;
  reload: () => Promise<void>;
  /** Changes the loaded page in place (a row edited in a dialog). */
  setData: (update: (data: D | null) => D | null) => void;
}

/**
 * Page, filters and the loaded page of a staff list. `fetchPage` turns them into one request
 * (or several in parallel); it runs again whenever page or filters change, and only the newest
 * answer is kept. A failure leaves `data` null and `error` set (the screen's text, or the
 * server's message, or 'Bir hata oluştu').
 */
export function useListQuery<D, F extends object>(fetchPage: (page: number, filters: F) => Promise<D>, options: { filters: F; errorText?: string | ((error: Error) => string); reloadKey?: unknown }): ListQuery<D, F> {
  const [page, setPage] = useState(1);
  const [filters, setFiltersState] = useState(options.filters);
  const [data, setData] = useState<D | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  const latest = useRef({ fetchPage, errorText: options.errorText, seq: 0 });
  latest.current.fetchPage = fetchPage;
  latest.current.errorText = options.errorText;
  const { reloadKey } = options;

  const reload = useCallback(async () => {
    const mine = ++latest.current.seq;
    setError(null);
    try {
      const next = await latest.current.fetchPage(page, filters);
      if (mine === latest.current.seq) setData(next);
    } catch (e) {
      if (mine !== latest.current.seq) return;
      setData(null);
      const text = latest.current.errorText;
      setError(typeof text === 'function' ? text(e as Error) : (text ?? ((e as Error).message || 'Bir hata oluştu')));
    }
    // reloadKey and nonce are triggers, not inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, filters, reloadKey, nonce]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setPage(1);
    setFiltersState((f) => (f[key] === value ? f : { ...f, [key]: value }));
  }, []);
  const setFilters = useCallback((next: F) => {
    setPage(1);
    setFiltersState(next);
  }, []);
  const search = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setPage(1);
    setFiltersState((f) => ({ ...f, [key]: value }));
    setNonce((n) => n + 1);
  }, []);
  return { page, setPage, filters, setFilter, setFilters, search, data, error, reload, setData };
}

/**
 * Row actions of a list: the row being worked on (its buttons disabled, `aria-busy`), a success
 * toast and a reload, or an error toast.
 */
export function useRowAction(reload: () => Promise<void> | void) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async (id: string, task: () => Promise<string | undefined | void>, failure: (error: Error) => string) => {
      setBusy(id);
      try {
        const success = await task();
        if (success) toast.success(success);
        await reload();
      } catch (e) {
        toast.error(failure(e as Error));
      } finally {
        setBusy(null);
      }
    },
    [reload],
  );
  return { busy, run };
}

/**
 * What a screen's dialog is open for (null: closed): `close` shuts it; `done`, after a save or an
 * action, shuts it and calls `changed` (loads the list again).
 */
export function useDialogFor<T>(changed: () => unknown) {
  const [open, setOpen] = useState<T | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const done = () => {
    setOpen(null);
    void changed();
  };
  return { open, setOpen, close, done };
}
