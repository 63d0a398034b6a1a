import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Pagination } from '@shared/wire';
import { PLACEHOLDER_IMAGE, type CardData } from '../lib/format';
import { listPageHref, pageOfPath } from '../lib/list-pages';
import { apiCall } from './article/session';
import { revealDeferredImages } from './DeferredImage';
import { ArticleCardView, CardSkeleton } from './lists/ArticleCardView';
import { Pager } from './lists/Pager';
import './prediction-tabs.css';

/**
 * The tabbed prediction widget of the home page (spec 000 §2.4) and /tahminler (§2.5). The page
 * the reader lands on is static HTML the page passes as children (`TabCards`), not props: as props
 * its cards were in the HTML twice (12 KB on the home page). Further pages and the other tab are
 * read from GET /api/articles, with a skeleton while loading and an error state with retry. A tab
 * with a `pageBase` has prebuilt numbered pages (/tahminler/sayfa/2): its pager is links that work
 * before this island runs, and once it runs it loads pages in place and keeps the address in step.
 */

export interface TabConfig {
  id: 'son-tahminler' | 'basarili-tahminler';
  label: string;
  /** Query of GET /api/articles besides page and limit. */
  query: Record<string, string>;
  /** Set on the tab whose cards are the island's children (one tab at most): which page they are. */
  initialPagination?: Pagination;
  /** Address of this tab's page 1 when its pages are prebuilt ('/tahminler'). */
  pageBase?: string;
  emptyTitle: string;
  emptyText?: string;
  moreHref?: string;
  moreLabel?: string;
}

export interface PredictionTabsProps {
  tabs: TabConfig[];
  pageSize: number;
  /** Home: the page goes back to 1 on tab change. /tahminler: each tab keeps its own page. */
  resetPageOnTabChange?: boolean;
  /** Columns at the widest breakpoint (the grid is 1-4 columns by width). */
  maxColumns?: 3 | 4;
  headingLevel?: 2 | 3;
  /**
   * The home page: the tabs are below the fold on phones, so their images get no address until the
   * island has started (it starts when the tabs come into view), instead of Chromium fetching all
   * of them at load for being within its lazy-loading distance.
   */
  deferImages?: boolean;
  /** The first tab's cards as the page rendered them (`TabCards`). */
  children?: ReactNode;
}

type PageData = { items: CardData[]; pagination: Pagination };
/** `showsChildren`: the page's own cards are shown (`data.items` is then empty). */
type TabState = { page: number; status: 'idle' | 'loading' | 'error'; data: PageData | null; showsChildren?: boolean };

const childrenState = (pagination: Pagination): TabState => ({ page: pagination.page, status: 'idle', data: { items: [], pagination }, showsChildren: true });

/** A tab's grid of cards: the island's own pages, and the page's static first one. */
export function TabCards({ cards, heading, maxColumns, deferImages = false }: { cards: CardData[]; heading: 'h2' | 'h3'; maxColumns: 3 | 4; deferImages?: boolean }) {
  return (
    <ul className={`card-grid${maxColumns === 4 ? ' cols-4' : ''}`}>
      {cards.map((card) => (
        <li key={card.id}>
          <ArticleCardView card={card} options={{ heading, deferImage: deferImages }} />
        </li>
      ))}
    </ul>
  );
}

const ERROR_TEXT = 'Makaleler yüklenirken hata oluştu';

export default function PredictionTabs({ tabs, pageSize, resetPageOnTabChange = false, maxColumns = 4, headingLevel = 3, deferImages = false, children }: PredictionTabsProps) {
  const [active, setActive] = useState(tabs[0]!.id);
  const [states, setStates] = useState<Record<string, TabState>>(() =>
    Object.fromEntries(tabs.map((t) => [t.id, t.initialPagination ? childrenState(t.initialPagination) : { page: 1, status: 'idle', data: null }])),
  );
  // The static HTML is this component's first render: until the effect below has run, the
  // controls that need it (tabs, a pager without addresses) are disabled rather than dead.
  const [hydrated, setHydrated] = useState(false);
  const cache = useRef(new Map<string, PageData>());
  const requestSeq = useRef(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelTop = useRef<HTMLDivElement>(null);

  useEffect(() => setHydrated(true), []);

  const load = useCallback(
    async (tabId: string, page: number) => {
      const tab = tabs.find((t) => t.id === tabId)!;
      const key = `${tabId}:${page}`;
      const cached = cache.current.get(key);
      // Also ends a request still on its way: its answer must not replace what is shown now.
      const seq = ++requestSeq.current;
      if (tab.initialPagination?.page === page) {
        setStates((s) => ({ ...s, [tabId]: childrenState(tab.initialPagination!) }));
        return;
      }
      if (cached) {
        setStates((s) => ({ ...s, [tabId]: { page, status: 'idle', data: cached } }));
        return;
      }
      setStates((s) => ({ ...s, [tabId]: { ...s[tabId]!, page, status: 'loading' } }));
      const params = new URLSearchParams({ ...tab.query, page: String(page), limit: String(pageSize) });
      const answer = await apiCall((r) => r.articles.$get(), { query: params, auth: false });
      if (seq !== requestSeq.current) return;
      if (!answer.ok || !answer.data || !answer.pagination) {
        setStates((s) => ({ ...s, [tabId]: { ...s[tabId]!, page, status: 'error' } }));
        return;
      }
      const data = { items: answer.data, pagination: answer.pagination };
      cache.current.set(key, data);
      setStates((s) => ({ ...s, [tabId]: { page, status: 'idle', data } }));
    },
    [tabs, pageSize],
  );

  // Back and Forward between numbered pages this island loaded in place.
  useEffect(() => {
    const addressed = tabs.find((t) => t.pageBase);
    if (!addressed) return;
    const onPop = () => {
      setActive(addressed.id);
      void load(addressed.id, pageOfPath(window.location.pathname));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [tabs, load]);

  const selectTab = (tabId: TabConfig['id']) => {
    if (tabId === active) return;
    setActive(tabId);
    const state = states[tabId]!;
    const page = resetPageOnTabChange ? 1 : state.page;
    if (!state.data || state.data.pagination.page !== page || state.status === 'error') void load(tabId, page);
  };

  const goToPage = (page: number) => {
    const base = tabs.find((t) => t.id === active)?.pageBase;
    if (base) window.history.pushState(null, '', listPageHref(base, page));
    void load(active, page);
    panelTop.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    tabRefs.current[next]?.focus();
    selectTab(tabs[next]!.id);
  };

  const tab = tabs.find((t) => t.id === active)!;
  const state = states[active]!;
  const heading = headingLevel === 2 ? 'h2' : 'h3';
  const base = tab.pageBase;
  const gridClass = `card-grid${maxColumns === 4 ? ' cols-4' : ''}`;
  const panel = useRef<HTMLDivElement>(null);
  const showsChildren = state.status === 'idle' && state.showsChildren === true;

  // The page's cards are static HTML: React cannot render their images again with an address, so
  // once the island runs they get it here (again each time the tab or page brings them back).
  useEffect(() => {
    if (hydrated && showsChildren && deferImages) revealDeferredImages(panel.current, PLACEHOLDER_IMAGE);
  }, [hydrated, showsChildren, deferImages, active]);

  return (
    <div className="ptabs" ref={panelTop}>
      <div className="ptabs-list" role="tablist" aria-label="Tahminler">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            disabled={!hydrated && t.id !== active}
            className="ptabs-tab"
            onClick={() => selectTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab.id}`} ref={panel} role="tabpanel" aria-labelledby={`tab-${tab.id}`} aria-busy={state.status === 'loading'} className="ptabs-panel">
        {state.status === 'error' ? (
          <div className="empty-state" role="alert">
            <strong>Hata Oluştu</strong>
            <p>{ERROR_TEXT}.</p>
            <button type="button" className="btn" onClick={() => void load(active, state.page)}>
              Tekrar Dene
            </button>
          </div>
        ) : state.status === 'loading' || !state.data ? (
          <ul className={gridClass} aria-label="Yükleniyor">
            {Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
              <li key={i}>
                <CardSkeleton />
              </li>
            ))}
          </ul>
        ) : (showsChildren ? state.data.pagination.total : state.data.items.length) === 0 ? (
          <div className="empty-state">
            <strong>{tab.emptyTitle}</strong>
            {tab.emptyText && <p>{tab.emptyText}</p>}
          </div>
        ) : (
          <>
            {showsChildren ? children : <TabCards cards={state.data.items} heading={heading} maxColumns={maxColumns} />}
            <Pager
              page={state.data.pagination.page}
              totalPages={state.data.pagination.totalPages}
              total={state.data.pagination.total}
              href={base ? (n) => listPageHref(base, n) : undefined}
              onPage={hydrated ? goToPage : undefined}
            />
          </>
        )}
        {tab.moreHref && (
          <p className="ptabs-more">
            <a href={tab.moreHref}>{tab.moreLabel ?? 'Tümünü gör'} →</a>
          </p>
        )}
      </div>
    </div>
  );
}
