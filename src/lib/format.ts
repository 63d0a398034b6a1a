/**
 * Turkish formatting shared by pages (build time) and islands (browser). Browser-safe: no Node imports.
 */
import type { ArticleCard, CardAuthor } from '../../functions/src/domain/articles/public-view';
import type { Wire } from '../../functions/src/platform/wire';

/**
 * What a list card needs: the API's article card as JSON delivers it (`Wire<ArticleCard>`), less
 * what no card shows, so the build's island props stay small. An API answer is assignable to it.
 */
export type CardData = Omit<Wire<ArticleCard>, 'isPinned' | 'readTime' | 'hasRaceEstimate' | 'raceResultSource' | 'featuredImage' | 'author' | 'stats'> & {
  /** 'manual' = the author's declaration ("yazar beyanı"), shown apart from settled results. */
  raceResultSource?: ArticleCard['raceResultSource'];
  featuredImage: (Pick<Wire<ArticleCard>['featuredImage'] & object, 'url' | 'alt'> & { width?: number; height?: number }) | null;
  author: Pick<CardAuthor, 'id' | 'displayName'> & { avatar?: string | null };
  stats: Pick<ArticleCard['stats'], 'views' | 'comments'> & { likes?: number };
};

/** The win badge's text: a hand-set result never reads like a verified one. */
export const wonBadgeText = (source: 'manual' | 'settlement' | null | undefined): string => (source === 'manual' ? 'KAZANDI · yazar beyanı' : 'KAZANDI');

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

// A raster image: each SVG <img> is laid out and painted on the main thread, and a list shows it many times.
export const PLACEHOLDER_IMAGE = '/images/placeholder-article.webp';

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });
const shortDateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Istanbul' });
const numberFormat = new Intl.NumberFormat('tr-TR');
const percentFormat = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 0 });

/** '22 Kasım 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** '22.11.2026' */
export function formatShortDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : shortDateFormat.format(date);
}

export function formatNumber(value: number | null | undefined): string {
  return numberFormat.format(value ?? 0);
}

/** 0.643 -> '%64' (Turkish puts the sign first). */
export function formatPercent(rate: number): string {
  return percentFormat.format(rate);
}

/** Link of a card; null when the article has no slug or id (the card is then inert, spec 000 §2.5). */
export function articleHref(card: Pick<CardData, 'slug' | 'id'>): string | null {
  const key = card.slug || card.id;
  return key ? `/makale/${encodeURIComponent(key)}` : null;
}

export function isVipAudience(card: Pick<CardData, 'audience'>): boolean {
  return card.audience === 'vip' || card.audience === 'premium';
}

/** Whether the body is closed to some readers (the card then never links to content directly in author lists). */
export function isProtected(card: Pick<CardData, 'visibility'>): boolean {
  return card.visibility !== 'public';
}

/** Page numbers of a window of at most `size` buttons around the current page (spec 000 §2.5). */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/**
 * Spec 000 §2.11: 'Popüler' above 1000 views, and the second threshold of 2000 as a stronger
 * level ('Çok Popüler'), so the two badges tell apart a read article from a widely read one.
 */
export const POPULAR_VIEWS = 1000;
export const VERY_POPULAR_VIEWS = 2000;
export function popularityBadge(views: number): { label: string; level: 1 | 2 } | null {
  if (views > VERY_POPULAR_VIEWS) return { label: 'Çok Popüler', level: 2 };
  if (views > POPULAR_VIEWS) return { label: 'Popüler', level: 1 };
  return null;
}
