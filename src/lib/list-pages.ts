/**
 * Numbered list pages (/haberler, /haberler/sayfa/2, …): the addresses and how a list is cut into
 * pages. Browser-safe, so the islands link to the same addresses the build writes.
 */
import type { CardData } from './format';

/** Page 1 is the bare path; `/x/sayfa/1` is redirected there (firebase.json `redirects`). */
export function listPageHref(base: string, page: number): string {
  return page <= 1 ? base : `${base}/sayfa/${page}`;
}

/** The page number an address of a list shows (1 for the bare path). */
export function pageOfPath(path: string): number {
  const match = /\/sayfa\/(\d+)\/?$/.exec(path);
  return match ? Number(match[1]) : 1;
}

export interface ListPageProps {
  cards: CardData[];
  page: number;
  totalPages: number;
  total: number;
}

/**
 * `getStaticPaths` entries of a `[...page].astro` route: page 1 at the route's own path (or at
 * `prefix`), then `sayfa/2`, `sayfa/3`, …; an empty list still has its page 1 (the empty state).
 */
export function numberedPages(cards: CardData[], pageSize: number, prefix?: string): { params: { page: string | undefined }; props: ListPageProps }[] {
  const totalPages = Math.max(1, Math.ceil(cards.length / pageSize));
  return Array.from({ length: totalPages }, (_, i) => {
    const page = i + 1;
    const rest = page === 1 ? prefix : [prefix, 'sayfa', String(page)].filter(Boolean).join('/');
    return {
      params: { page: rest },
      props: { cards: cards.slice(i * pageSize, page * pageSize), page, totalPages, total: cards.length },
    };
  });
}

export type SortKey = 'date' | 'title';

const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
const time = (card: CardData) => (card.publishedAt ? new Date(card.publishedAt).getTime() : 0);

/** Newest first, or title A-Z in Turkish order (Ç after C, İ after I, Ş after S). */
export function sortCards(cards: CardData[], key: SortKey): CardData[] {
  const copy = [...cards];
  return key === 'title' ? copy.sort((a, b) => collator.compare(a.title, b.title)) : copy.sort((a, b) => time(b) - time(a));
}

/**
 * Sizes and addresses of the lists (spec 000 §2.5-2.8), here rather than in the pages because an
 * Astro page's getStaticPaths cannot see the page's own constants.
 */
export const LISTS = {
  pageSize: 12,
  /** The latest tab of /tahminler shows 20 per page (spec 000 §9); the winners' tab matches. */
  predictionsPageSize: 20,
  predictionsBase: '/tahminler',
  /** /basarili-tahminler: the newest 200 won predictions, in either order. */
  successfulLimit: 200,
  successfulBases: { date: '/basarili-tahminler', title: '/basarili-tahminler/baslik' } satisfies Record<SortKey, string>,
} as const;

/** What a list page says (spec 000 §2.6-2.8 texts). */
export interface ListTexts {
  title: string;
  subtitle: string;
  description: string;
  /** 'haber', 'makale', 'tahmin': the pager's 'Toplam N …'. */
  noun: string;
  /** Accessible name of the grid. */
  label: string;
  emptyTitle: string;
  emptyText?: string;
}

/** The lists of one category, by their address (one route, src/pages/[list]/[...page].astro, builds both). */
export const CATEGORY_LISTS = {
  haberler: {
    category: 'news',
    cardOptions: {},
    texts: {
      title: 'Haberler',
      subtitle: 'At yarışları dünyasından en güncel haberler',
      description: 'At yarışları dünyasından en güncel haberler',
      noun: 'haber',
      label: 'Haberler',
      emptyTitle: 'Henüz haber bulunmuyor',
      emptyText: 'Yeni haberler yayınlandığında burada görünecektir.',
    },
  },
  makaleler: {
    category: 'estimation',
    // VIP and premium cards lead a visitor to /vip-uyari (spec 000 §2.7).
    cardOptions: { showCategory: true, gateVip: true },
    texts: {
      title: 'Tahmin Makaleleri',
      subtitle: 'At yarışları tahmin ve analiz makaleleri',
      description: 'At yarışları tahmin ve analiz makaleleri',
      noun: 'makale',
      label: 'Tahmin makaleleri',
      emptyTitle: 'Henüz tahmin makalesi bulunmuyor',
      emptyText: 'Yeni tahminler yayınlandığında burada görünecektir.',
    },
  },
} as const satisfies Record<string, { category: 'news' | 'estimation'; cardOptions: object; texts: ListTexts }>;

export const SUCCESSFUL_TEXTS: ListTexts = {
  title: 'Başarılı Tahminler',
  subtitle: 'Yazarlarımızın kazanan tahminleri',
  description: 'Kazanan at yarışı tahminlerimiz: sonuçlanmış ve tutmuş tahmin makaleleri.',
  noun: 'tahmin',
  label: 'Başarılı tahminler',
  emptyTitle: 'Henüz kazanan tahmin bulunmuyor',
};
