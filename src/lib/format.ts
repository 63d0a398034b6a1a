/**
 * Turkish formatting shared by pages (build time) and islands (browser). Browser-safe: no Node imports.
 */
import type { ArticleCard, CardAuthor } from '../../functions/src/domain/articles/public-view';
import type { ImageCopy } from '@shared/uploads/upload';
import type { Wire } from '@shared/wire';

export { pagination, type Pagination } from '@shared/wire';

/**
 * What a list card needs: the API's article card as JSON delivers it (`Wire<ArticleCard>`), less
 * what no card shows, so the build's island props stay small. An API answer is assignable to it.
 */
export type CardData = Omit<Wire<ArticleCard>, 'isPinned' | 'readTime' | 'hasRaceEstimate' | 'raceResultSource' | 'featuredImage' | 'author' | 'stats'> & {
  /** 'manual' = the author's declaration ("yazar beyanı"), shown apart from settled results. */
  raceResultSource?: ArticleCard['raceResultSource'];
  featuredImage: (Pick<Wire<ArticleCard>['featuredImage'] & object, 'url' | 'alt'> & { width?: number; height?: number; copies?: ImageCopy[] }) | null;
  author: Pick<CardAuthor, 'id' | 'displayName'> & { avatar?: string | null };
  stats: Pick<ArticleCard['stats'], 'views' | 'comments'> & { likes?: number };
};

/** An upload's copies, left out when there are none (demo images): cards are island props, part of the HTML. */
export function copiesOf(image: { copies?: ImageCopy[] }): { copies?: ImageCopy[] } {
  return image.copies?.length ? { copies: image.copies } : {};
}

/** The win badge's text: a hand-set result never reads like a verified one. */
export const wonBadgeText = (source: 'manual' | 'settlement' | null | undefined): string => (source === 'manual' ? 'KAZANDI · yazar beyanı' : 'KAZANDI');

// A raster image: each SVG <img> is laid out and painted on the main thread, and a list shows it many times.
export const PLACEHOLDER_IMAGE = '/images/placeholder-article.webp';

/*
 * The site's one set of Turkish date and number formats. Dates are shown in Istanbul time whatever
 * the reader's zone, as the races and the articles are; a calendar day given as 'YYYY-MM-DD' (race
 * days) is shown as that day, not shifted by a zone.
 */
const ISTANBUL = 'Europe/Istanbul';

/**
 * Each format is built on its first use, not when the module loads: building a date format costs
 * Chromium several milliseconds (its pattern generator), seven of them 35-80 ms on a test phone's
 * budget, and the header and most islands that import this module show no date at load.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const dateTime = (options: Intl.DateTimeFormatOptions) => onFirstUse(() => new Intl.DateTimeFormat('tr-TR', { timeZone: ISTANBUL, ...options }));
const dateFormat = dateTime({ day: 'numeric', month: 'long', year: 'numeric' });
const shortDateFormat = dateTime({ day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = dateTime({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const longDateTimeFormat = dateTime({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const compactDateFormat = dateTime({ day: '2-digit', month: 'short', year: 'numeric' });
const compactDateTimeFormat = dateTime({ day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const numberFormat = onFirstUse(() => new Intl.NumberFormat('tr-TR'));

export type DateInput = string | Date | null | undefined;

/** A Date of an ISO string or a Date; null for nothing or an unreadable value. */
export function toDate(value: DateInput): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const using = (format: () => Intl.DateTimeFormat) => (value: DateInput): string => {
  const date = toDate(value);
  return date ? format().format(date) : '';
};

/** '22 Kasım 2026' */
export const formatDate = using(dateFormat);

/** '22.11.2026' */
export const formatShortDate = using(shortDateFormat);

/** '22.11.2026 14:30' (Intl puts a comma after the year; Turkish writing does not). */
export function formatDateTime(value: DateInput): string {
  return using(dateTimeFormat)(value).replace(',', '');
}

/** '22 Kasım 2026 14:05' */
export const formatLongDateTime = using(longDateTimeFormat);

/** '24 Kas 2026': the staff panel's tables. */
export const formatCompactDate = using(compactDateFormat);

/** '24 Kas 2026 14:30' */
export const formatCompactDateTime = using(compactDateTimeFormat);


export function formatNumber(value: number | null | undefined): string {
  return numberFormat().format(value ?? 0);
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
