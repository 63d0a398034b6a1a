import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { apiFetch, isLoggedIn, readerHasVip } from '../article/session';
import { ArticleCardView } from './ArticleCardView';
import { Pager } from './Pager';
import type { CardData } from './types';

export const FETCH_LIMIT = 200;
export const PAGE_SIZE = 12;
const API_PAGE = 50;
const listPath = (page: number) => `/articles?category=estimation&raceResult=won&page=${page}&limit=${API_PAGE}`;
export type SortKey = 'date' | 'title';

const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });

function time(card: CardData): number {
  return card.publishedAt ? new Date(card.publishedAt).getTime() : 0;
}

/** Newest first, or title A-Z in Turkish order (Ç after C, İ after I, Ş after S). */
export function sortCards(cards: CardData[], key: SortKey): CardData[] {
  const copy = [...cards];
  return key === 'title' ? copy.sort((a, b) => collator.compare(a.title, b.title)) : copy.sort((a, b) => time(b) - time(a));
}

type State = { kind: 'static' } | { kind: 'loading' } | { kind: 'ready'; all: CardData[] } | { kind: 'error' };

/**
 * Successful predictions (spec 000 §2.8): published estimation articles whose race was won.
 * The first page is in the static HTML; on hydration the island fetches up to 200 and sorts
 * and pages them in the browser, as the spec's fetch limit implies.
 */
export default function SuccessfulPredictions({ initial, total: builtTotal }: { initial: CardData[]; total: number }) {
  const [state, setState] = useState<State>({ kind: 'static' });
  const [sort, setSort] = useState<SortKey>('date');
  const [page, setPage] = useState(1);
  const [readerIsVip, setReaderIsVip] = useState(false);
  const selectId = useId();

  const load = useCallback(async () => {
    setState((s) => (s.kind === 'static' ? s : { kind: 'loading' }));
    // The API pages by at most API_PAGE; the spec's 200 are fetched as parallel pages.
    const pages = Array.from({ length: FETCH_LIMIT / API_PAGE }, (_, i) => i + 1);
    const first = await apiFetch<CardData[]>(listPath(1), { auth: false });
    if (!first.ok || !Array.isArray(first.data)) {
      setState({ kind: 'error' });
      return;
    }
    const needed = pages.slice(1).filter((p) => (p - 1) * API_PAGE < (first.pagination?.total ?? 0));
    const rest = await Promise.all(needed.map((p) => apiFetch<CardData[]>(listPath(p), { auth: false })));
    if (rest.some((answer) => !answer.ok || !Array.isArray(answer.data))) {
      setState({ kind: 'error' });
      return;
    }
    setState({ kind: 'ready', all: [first.data, ...rest.map((answer) => answer.data as CardData[])].flat() });
  }, []);

  useEffect(() => {
    void load();
    if (isLoggedIn()) void readerHasVip().then(setReaderIsVip);
  }, [load]);

  const all = state.kind === 'ready' ? state.all : null;
  const sorted = useMemo(() => (all ? sortCards(all, sort) : null), [all, sort]);
  const total = sorted ? sorted.length : builtTotal;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Verified and declared wins are counted apart (docs/records.md), once the whole list is known.
  const declared = sorted ? sorted.filter((card) => card.raceResultSource === 'manual').length : null;
  // Until the full list has arrived, only the built first page (newest first) is known.
  const cards = sorted ? sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : sort === 'date' && page === 1 ? initial : null;

  function changeSort(next: SortKey) {
    setSort(next);
    setPage(1);
  }

  function goTo(target: number) {
    if (target < 1 || target > totalPages) return;
    setPage(target);
    document.getElementById(selectId)?.closest('section')?.scrollIntoView({ block: 'start' });
  }

  return (
    <section className="predictions" aria-label="Başarılı tahmin listesi">
      <div className="predictions__toolbar">
        <p className="predictions__total">
          Toplam <strong>{total}</strong> başarılı tahmin
          {declared !== null ? (
            <span data-testid="win-split">
              {' '}
              (<strong data-field="verified">{total - declared}</strong> sonuçla doğrulanmış, <strong data-field="declared">{declared}</strong> yazar beyanı)
            </span>
          ) : null}
        </p>
        <label htmlFor={selectId} className="predictions__sort">
          Sırala:
          <select id={selectId} value={sort} onChange={(e) => changeSort(e.target.value as SortKey)}>
            <option value="date">Tarihe göre (en yeni)</option>
            <option value="title">Başlığa göre (A-Z)</option>
          </select>
        </label>
      </div>
      {state.kind === 'error' ? (
        <div className="empty-state" role="alert">
          <strong>Hata Oluştu</strong>
          <p>Veriler yüklenirken hata oluştu.</p>
          <button type="button" className="btn" onClick={() => void load()}>
            Tekrar Dene
          </button>
        </div>
      ) : cards === null ? (
        <p className="empty-state" aria-busy="true">
          Başarılı tahminler yükleniyor...
        </p>
      ) : cards.length === 0 ? (
        <div className="empty-state">
          <strong>Henüz kazanan tahmin bulunmuyor</strong>
          <button type="button" className="btn btn-outline" onClick={() => changeSort('date')}>
            Sıralamayı Sıfırla
          </button>
        </div>
      ) : (
        <ul className="card-grid" aria-label="Başarılı tahminler">
          {cards.map((card, i) => (
            <li key={card.id}>
              <ArticleCardView card={card} options={{ showResult: true, gateVip: true, readerIsVip, eager: page === 1 && i < 3 }} />
            </li>
          ))}
        </ul>
      )}
      {state.kind !== 'error' ? <Pager page={page} totalPages={totalPages} total={total} noun="tahmin" onPage={goTo} /> : null}
    </section>
  );
}
