import { useCallback, useEffect, useRef, useState } from 'react';
import type { Category } from '../../../functions/src/domain/articles/article';
import { apiFetch, isLoggedIn, readerHasVip } from '../article/session';
import { ArticleCardView, CardSkeleton, type CardOptions } from './ArticleCardView';
import { Pager } from './Pager';
import type { CardData } from './types';

export interface GridTexts {
  error: string;
  emptyTitle: string;
  emptyText?: string;
  /** 'haber', 'makale': the pager's 'Toplam N ...'. */
  noun: string;
}

interface Props {
  category: Category;
  pageSize: number;
  /** Page 1 as built: shown at once, readable without JavaScript. */
  initial: CardData[];
  total: number;
  texts: GridTexts;
  options?: CardOptions;
  label: string;
}

type State = { kind: 'ready' } | { kind: 'loading' } | { kind: 'error' };

const PAGE_PARAM = 'sayfa';

function pageFromUrl(): number {
  const value = Number(new URLSearchParams(window.location.search).get(PAGE_PARAM));
  return Number.isInteger(value) && value > 1 ? value : 1;
}

/**
 * A paginated list of article cards (news, prediction articles). Page 1 comes from the static
 * build; other pages come from /api/articles, and the page number is kept in the address
 * (?sayfa=N) so Back and shared links work.
 */
export default function ArticleGrid({ category, pageSize, initial, total: initialTotal, texts, options = {}, label }: Props) {
  const [cards, setCards] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'ready' });
  const [readerIsVip, setReaderIsVip] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));

  const load = useCallback(
    async (target: number) => {
      setState({ kind: 'loading' });
      setPage(target);
      const answer = await apiFetch<CardData[]>(`/articles?category=${category}&page=${target}&limit=${pageSize}`, { auth: false });
      if (!answer.ok || !Array.isArray(answer.data)) {
        setState({ kind: 'error' });
        return;
      }
      setCards(answer.data);
      if (answer.pagination) setTotal(answer.pagination.total);
      setState({ kind: 'ready' });
    },
    [category, pageSize],
  );

  useEffect(() => {
    const fromUrl = pageFromUrl();
    if (fromUrl !== 1) void load(fromUrl);
    const onPop = () => void (pageFromUrl() === 1 ? (setCards(initial), setTotal(initialTotal), setPage(1), setState({ kind: 'ready' })) : load(pageFromUrl()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [load, initial, initialTotal]);

  useEffect(() => {
    if (!options.gateVip || !isLoggedIn()) return;
    void readerHasVip().then(setReaderIsVip);
  }, [options.gateVip]);

  function goTo(target: number) {
    if (target < 1 || target > totalPages || target === page) return;
    const url = new URL(window.location.href);
    if (target === 1) url.searchParams.delete(PAGE_PARAM);
    else url.searchParams.set(PAGE_PARAM, String(target));
    window.history.pushState(null, '', url);
    top.current?.scrollIntoView({ block: 'start' });
    if (target === 1) {
      setCards(initial);
      setTotal(initialTotal);
      setPage(1);
      setState({ kind: 'ready' });
    } else void load(target);
  }

  return (
    <div ref={top} className="list-grid" aria-busy={state.kind === 'loading'}>
      {state.kind === 'error' ? (
        <div className="empty-state" role="alert">
          <strong>Hata Oluştu</strong>
          <p>{texts.error}</p>
          <button type="button" className="btn" onClick={() => void load(page)}>
            Tekrar Dene
          </button>
        </div>
      ) : state.kind === 'loading' ? (
        <ul className="card-grid" aria-label={`${label} yükleniyor`}>
          {Array.from({ length: Math.min(pageSize, 6) }, (_, i) => (
            <li key={i}>
              <CardSkeleton />
            </li>
          ))}
        </ul>
      ) : cards.length === 0 ? (
        <div className="empty-state">
          <strong>{texts.emptyTitle}</strong>
          {texts.emptyText ? <p>{texts.emptyText}</p> : null}
        </div>
      ) : (
        <ul className="card-grid" aria-label={label}>
          {cards.map((card, i) => (
            <li key={card.id}>
              <ArticleCardView card={card} options={{ ...options, readerIsVip, eager: page === 1 && i < 3 }} />
            </li>
          ))}
        </ul>
      )}
      {state.kind !== 'error' ? <Pager page={page} totalPages={totalPages} total={total} noun={texts.noun} onPage={goTo} /> : null}
    </div>
  );
}
