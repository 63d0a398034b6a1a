import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { articleHref, formatDate, formatNumber, pageWindow, PLACEHOLDER_IMAGE, wonBadgeText, type CardData, type Pagination } from '../lib/format';
import './prediction-tabs.css';

/**
 * The tabbed prediction widget of the home page (spec 000 §2.4) and /tahminler (§2.5). The first
 * page of the starting tab arrives in the static HTML; further pages and the other tab are read
 * from GET /api/articles, with a skeleton while loading and an error state with retry.
 */

export interface TabConfig {
  id: 'son-tahminler' | 'basarili-tahminler';
  label: string;
  /** Query of GET /api/articles besides page and limit. */
  query: Record<string, string>;
  initial?: { items: CardData[]; pagination: Pagination };
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
}

type PageData = { items: CardData[]; pagination: Pagination };
type TabState = { page: number; status: 'idle' | 'loading' | 'error'; data: PageData | null };

const ERROR_TEXT = 'Makaleler yüklenirken hata oluştu';

export default function PredictionTabs({ tabs, pageSize, resetPageOnTabChange = false, maxColumns = 4, headingLevel = 3 }: PredictionTabsProps) {
  const [active, setActive] = useState(tabs[0]!.id);
  const [states, setStates] = useState<Record<string, TabState>>(() =>
    Object.fromEntries(tabs.map((t) => [t.id, { page: 1, status: 'idle', data: t.initial ?? null }])),
  );
  const cache = useRef(new Map<string, PageData>());
  const requestSeq = useRef(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelTop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    for (const t of tabs) if (t.initial) cache.current.set(`${t.id}:1`, t.initial);
  }, [tabs]);

  const load = useCallback(
    async (tabId: string, page: number) => {
      const tab = tabs.find((t) => t.id === tabId)!;
      const key = `${tabId}:${page}`;
      const cached = cache.current.get(key);
      if (cached) {
        setStates((s) => ({ ...s, [tabId]: { page, status: 'idle', data: cached } }));
        return;
      }
      const seq = ++requestSeq.current;
      setStates((s) => ({ ...s, [tabId]: { ...s[tabId]!, page, status: 'loading' } }));
      try {
        const params = new URLSearchParams({ ...tab.query, page: String(page), limit: String(pageSize) });
        const response = await fetch(`/api/articles?${params}`, { headers: { Accept: 'application/json' } });
        const body = (await response.json()) as { success?: boolean; data?: CardData[]; pagination?: Pagination };
        if (!response.ok || !body.success || !Array.isArray(body.data) || !body.pagination) throw new Error(ERROR_TEXT);
        const data = { items: body.data, pagination: body.pagination };
        cache.current.set(key, data);
        if (seq === requestSeq.current) setStates((s) => ({ ...s, [tabId]: { page, status: 'idle', data } }));
      } catch {
        if (seq === requestSeq.current) setStates((s) => ({ ...s, [tabId]: { ...s[tabId]!, page, status: 'error' } }));
      }
    },
    [tabs, pageSize],
  );

  const selectTab = (tabId: TabConfig['id']) => {
    if (tabId === active) return;
    setActive(tabId);
    const state = states[tabId]!;
    const page = resetPageOnTabChange ? 1 : state.page;
    if (!state.data || state.data.pagination.page !== page || state.status === 'error') void load(tabId, page);
  };

  const goToPage = (page: number) => {
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

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
            className="ptabs-tab"
            onClick={() => selectTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab.id}`} role="tabpanel" aria-labelledby={`tab-${tab.id}`} aria-busy={state.status === 'loading'} className="ptabs-panel">
        {state.status === 'error' ? (
          <div className="empty-state" role="alert">
            <strong>Hata Oluştu</strong>
            <p>{ERROR_TEXT}.</p>
            <button type="button" className="btn" onClick={() => void load(active, state.page)}>
              Tekrar Dene
            </button>
          </div>
        ) : state.status === 'loading' || !state.data ? (
          <SkeletonGrid count={Math.min(pageSize, 8)} maxColumns={maxColumns} />
        ) : state.data.items.length === 0 ? (
          <div className="empty-state">
            <strong>{tab.emptyTitle}</strong>
            {tab.emptyText && <p>{tab.emptyText}</p>}
          </div>
        ) : (
          <>
            <ul className={`card-grid${maxColumns === 4 ? ' cols-4' : ''}`}>
              {state.data.items.map((card) => (
                <li key={card.id}>
                  <ArticleCardView card={card} Heading={Heading} />
                </li>
              ))}
            </ul>
            <Pager pagination={state.data.pagination} onPage={goToPage} />
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

function SkeletonGrid({ count, maxColumns }: { count: number; maxColumns: number }) {
  return (
    <ul className={`card-grid${maxColumns === 4 ? ' cols-4' : ''}`} aria-label="Yükleniyor">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="card" aria-hidden="true">
          <div className="card-media skeleton" />
          <div className="card-body">
            <div className="skeleton" style={{ height: 18, width: '85%' }} />
            <div className="skeleton" style={{ height: 12, width: '100%' }} />
            <div className="skeleton" style={{ height: 12, width: '60%' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Spec 000 §2.5: pager only when there is more than one page; at most 5 page buttons. */
export function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  const { page, totalPages, total } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Sayfalama">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Önceki
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button key={n} type="button" aria-current={n === page ? 'page' : undefined} aria-label={`Sayfa ${n}`} onClick={() => n !== page && onPage(n)}>
          {n}
        </button>
      ))}
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Sonraki
      </button>
      <p className="pager-info">
        Sayfa {page} / {totalPages} - Toplam {formatNumber(total)} makale
      </p>
    </nav>
  );
}

/** The article card of spec 000 §2.5 (image, title, excerpt, date, views, comments, author, VIP badge). */
export function ArticleCardView({ card, Heading = 'h3' }: { card: CardData; Heading?: 'h2' | 'h3' }) {
  const href = articleHref(card);
  const [imageFailed, setImageFailed] = useState(false);
  const src = card.featuredImage?.url && !imageFailed ? card.featuredImage.url : PLACEHOLDER_IMAGE;
  const inner = (
    <>
      <div className="card-media">
        <img src={src} alt="" width={400} height={225} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        {card.audience === 'vip' || card.audience === 'premium' ? <span className="badge badge-vip">VIP</span> : null}
        {card.raceResult === 'won' ? <span className="badge badge-won card-won">{wonBadgeText(card.raceResultSource)}</span> : null}
      </div>
      <div className="card-body">
        <Heading className="card-title">{card.title || 'Başlıksız'}</Heading>
        {card.excerpt && <p className="card-excerpt">{card.excerpt}</p>}
        <div className="card-meta">
          <span>{card.author.displayName}</span>
          {card.publishedAt && <time dateTime={card.publishedAt}>{formatDate(card.publishedAt)}</time>}
          <span className="icon">
            <EyeIcon />
            {formatNumber(card.stats.views)}
            <span className="sr-only"> görüntülenme</span>
          </span>
          <span className="icon">
            <CommentIcon />
            {formatNumber(Math.max(0, card.stats.comments))}
            <span className="sr-only"> yorum</span>
          </span>
        </div>
      </div>
    </>
  );
  return (
    <article className="card">
      {href ? (
        <a className="card-link" href={href}>
          {inner}
        </a>
      ) : (
        <div className="card-link" aria-disabled="true">
          {inner}
        </div>
      )}
    </article>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function CommentIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}
