import type { DocumentStore, Query } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { isDocumentId } from '../../ports/document-values.js';
import { authorDisplayName, type UserRecord, getUsersById } from '../identity/index.js';
import { searchTokens } from '../text/index.js';
import type { ImageCopy } from '../uploads/index.js';
import { bodyLockReason, canReadBody, type LockReason, type Reader } from './access.js';
import {
  AUDIENCES,
  CATEGORIES,
  CATEGORY_LABELS,
  RACE_RESULTS,
  parseArticle,
  type ArticleRecord,
  type Category,
  type Visibility,
} from './article.js';

export { bodyLockReason, canReadBody, type LockReason, type Reader };

/**
 * The public read model: what readers (the API and the static build alike) get of an article.
 * A card never carries the body; a detail carries it only when the caller is entitled.
 */

type StoreDeps = Pick<AppDeps, 'store'>;

export interface CardAuthor {
  id: string;
  displayName: string;
  avatar: string | null;
}

export interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: Category;
  categoryLabel: string;
  audience: (typeof AUDIENCES)[number];
  visibility: Visibility;
  isFeatured: boolean;
  isPinned: boolean;
  raceResult: (typeof RACE_RESULTS)[number] | null;
  /** 'manual': the author's declaration ("yazar beyanı"); 'settlement': decided by a locked estimate. */
  raceResultSource: 'manual' | 'settlement' | null;
  publishedAt: Date | null;
  featuredImage: { url: string; alt: string; width: number; height: number; copies: ImageCopy[] } | null;
  tags: { name: string; color: string }[];
  author: CardAuthor;
  stats: { views: number; likes: number; comments: number };
  readTime: number;
  hasRaceEstimate: boolean;
}

export interface ArticleDetail extends ArticleCard {
  subtitle: string | null;
  /** Sanitized HTML, or null when the caller may not read it. */
  content: string | null;
  locked: boolean;
  /** Where a locked reader is sent: 'login' -> /giris, 'vip' -> /vip-uyari. */
  lockReason: LockReason | null;
  /** Empty when locked: audio and video are part of the paid content. */
  media: { videos: ArticleRecord['media']['videos']; audio: ArticleRecord['media']['audio'] };
  allowComments: boolean;
  updatedAt: Date;
  author: CardAuthor & { bio: string | null };
  /** Staff-written search-engine fields; empty ones mean "derive from title, excerpt and URL". */
  seo: ArticleRecord['seo'];
}

/** `GET /articles/{id}` and `/articles/slug/{slug}`: the detail plus the caller's own like. */
export interface ReaderArticleView extends ArticleDetail {
  /** False for visitors. */
  liked: boolean;
}

export type ListSort = 'newest' | 'popular';

export interface ArticleFilters {
  category?: Category;
  raceResult?: (typeof RACE_RESULTS)[number];
  authorId?: string;
  audience?: (typeof AUDIENCES)[number];
  featured?: boolean;
  search?: string;
}

export interface ListOptions extends ArticleFilters {
  page: number;
  limit: number;
  sort?: ListSort;
}

/**
 * Equality filters the store narrows on, in order of selectivity. `firestore.indexes.json`
 * declares every combination of up to INDEXED_FILTERS of them with publishedAt desc (and up to
 * one with stats.views desc); further filters are applied in memory on the narrowed set, so
 * the number of composite indexes stays small.
 */
export const FILTER_FIELDS = ['authorId', 'raceResult', 'category', 'isFeatured', 'audience'] as const;
export const INDEXED_FILTERS = { newest: 2, popular: 1 } as const;
/** Upper bound of documents read for an in-memory filtered listing or a search. */
const SCAN_LIMIT = 5000;

export function publishedQuery(store: DocumentStore): Query {
  return store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false);
}

function filterValues(filters: ArticleFilters): [field: (typeof FILTER_FIELDS)[number], value: unknown][] {
  const values: Record<(typeof FILTER_FIELDS)[number], unknown> = {
    authorId: filters.authorId,
    raceResult: filters.raceResult,
    category: filters.category,
    isFeatured: filters.featured,
    audience: filters.audience,
  };
  return FILTER_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]);
}

function sortField(sort: ListSort): string {
  return sort === 'popular' ? 'stats.views' : 'publishedAt';
}

function compareArticles(sort: ListSort) {
  return (a: ArticleRecord, b: ArticleRecord) =>
    sort === 'popular'
      ? b.stats.views - a.stats.views
      : (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0);
}

/** Published, non-deleted articles matching the filters, newest (or most read) first. */
export async function listPublishedArticleRecords(
  deps: StoreDeps,
  options: ListOptions,
): Promise<{ records: ArticleRecord[]; total: number }> {
  const sort = options.sort ?? 'newest';
  const filters = filterValues(options);
  const offset = (options.page - 1) * options.limit;

  if (options.search !== undefined) {
    const tokens = searchTokens(options.search);
    if (tokens.length === 0) return { records: [], total: 0 };
    // The longest word is the likeliest to be rare: let the index narrow on it.
    const [first, ...rest] = [...tokens].sort((a, b) => b.length - a.length);
    const byToken = publishedQuery(deps.store).where('searchTokens', 'array-contains', first).orderBy('publishedAt', 'desc');
    // One word and nothing else to filter: the store pages it directly.
    if (rest.length === 0 && filters.length === 0 && sort === 'newest') return pageOf(deps.store, byToken, offset, options.limit);
    const docs = await byToken.limit(SCAN_LIMIT).get();
    const matches = docs
      .map(parseArticle)
      .filter((a) => rest.every((t) => a.searchTokens.includes(t)))
      .filter((a) => filters.every(([field, value]) => fieldOf(a, field) === value))
      .sort(compareArticles(sort));
    return { records: matches.slice(offset, offset + options.limit), total: matches.length };
  }

  const indexed = filters.slice(0, INDEXED_FILTERS[sort]);
  const remaining = filters.slice(INDEXED_FILTERS[sort]);
  let query = publishedQuery(deps.store);
  for (const [field, value] of indexed) query = query.where(field, '==', value);
  query = query.orderBy(sortField(sort), 'desc');

  if (remaining.length === 0) return pageOf(deps.store, query, offset, options.limit);
  const matches = (await query.limit(SCAN_LIMIT).get())
    .map(parseArticle)
    .filter((a) => remaining.every(([field, value]) => fieldOf(a, field) === value));
  return { records: matches.slice(offset, offset + options.limit), total: matches.length };
}

/**
 * Totals of list queries, kept briefly: counting reads every matching document, and a list's
 * total may lag a publish by a few seconds without anyone noticing, while recounting on every
 * page request caps the list endpoint at a few requests per second on a large archive.
 */
const COUNT_TTL_MS = 15_000;
const countCaches = new WeakMap<DocumentStore, Map<string, { total: number; at: number }>>();

async function cachedCount(store: DocumentStore, query: Query): Promise<number> {
  let countCache = countCaches.get(store);
  if (!countCache) countCaches.set(store, (countCache = new Map()));
  const key = JSON.stringify({ c: query.spec.collection, w: query.spec.where, o: query.spec.orderBy });
  const hit = countCache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.total;
  const total = await query.count();
  if (countCache.size > 500) countCache.clear();
  countCache.set(key, { total, at: now });
  return total;
}

/** One page and the total; a short page already tells the total, so the count is skipped then. */
async function pageOf(store: DocumentStore, query: Query, offset: number, limit: number): Promise<{ records: ArticleRecord[]; total: number }> {
  const docs = await query.offset(offset).limit(limit).get();
  const total = docs.length < limit && (docs.length > 0 || offset === 0) ? offset + docs.length : await cachedCount(store, query);
  return { records: docs.map(parseArticle), total };
}

function fieldOf(article: ArticleRecord, field: (typeof FILTER_FIELDS)[number]): unknown {
  return field === 'isFeatured' ? article.isFeatured : article[field];
}

export async function listPublishedArticles(deps: StoreDeps, options: ListOptions): Promise<{ items: ArticleCard[]; total: number }> {
  const { records, total } = await listPublishedArticleRecords(deps, options);
  return { items: await toArticleCards(deps, records), total };
}

/** Counts of published articles per category, with their Turkish labels. */
export async function listCategories(deps: StoreDeps): Promise<{ id: Category; slug: Category; label: string; name: string; count: number }[]> {
  const counts = await Promise.all(CATEGORIES.map((category) => publishedQuery(deps.store).where('category', '==', category).count()));
  return CATEGORIES.map((category, i) => ({
    id: category,
    slug: category,
    name: CATEGORY_LABELS[category],
    label: CATEGORY_LABELS[category],
    count: counts[i]!,
  }));
}

/**
 * Finds a published article by id or slug (spec 000 §2.12): a purely numeric identifier is
 * tried as an id first, anything else as a slug first. Drafts, archived and deleted articles
 * are not found. The actions on an article (`/articles/:id/view`, `/like`, its comments, which
 * the islands call with the id) pass `prefer: 'id'`: the slug is then only the fallback, and the
 * common call costs one Firestore read instead of an empty slug query and then the read (issue 21).
 */
export async function getPublishedArticle(deps: StoreDeps, idOrSlug: string, prefer: 'id' | 'slug' = 'slug'): Promise<ArticleRecord | null> {
  const byId = async () => {
    const raw = await deps.store.get('articles', idOrSlug);
    if (!raw) return null;
    const article = parseArticle(raw);
    return article.status === 'published' && !article.isDeleted ? article : null;
  };
  const bySlug = async () => {
    const docs = await publishedQuery(deps.store).where('slug', '==', idOrSlug).limit(1).get();
    return docs[0] ? parseArticle(docs[0]) : null;
  };
  if (!isDocumentId(idOrSlug)) return null;
  return prefer === 'id' || /^\d+$/.test(idOrSlug) ? ((await byId()) ?? (await bySlug())) : ((await bySlug()) ?? (await byId()));
}

const UNKNOWN_AUTHOR = 'Bilinmeyen Yazar';

async function loadUsers(deps: StoreDeps, ids: string[]): Promise<Map<string, UserRecord>> {
  return getUsersById(deps, ids);
}

function cardAuthor(id: string, user: UserRecord | undefined): CardAuthor {
  if (!user || user.isDeleted) return { id, displayName: UNKNOWN_AUTHOR, avatar: null };
  return { id, displayName: authorDisplayName(user), avatar: user.avatarUrl };
}

function toCard(article: ArticleRecord, author: CardAuthor): ArticleCard {
  const image = article.media.featuredImage;
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    categoryLabel: CATEGORY_LABELS[article.category],
    audience: article.audience,
    visibility: article.visibility,
    isFeatured: article.isFeatured,
    isPinned: article.isPinned,
    raceResult: article.raceResult,
    raceResultSource: article.raceResultSource,
    publishedAt: article.publishedAt,
    featuredImage: image ? { url: image.url, alt: image.alt || article.title, width: image.width, height: image.height, copies: image.copies } : null,
    tags: article.tags.map((t) => ({ name: t.name, color: t.color })),
    author,
    stats: { views: article.stats.views, likes: article.stats.likes, comments: Math.max(0, article.stats.comments) },
    readTime: article.readTime,
    hasRaceEstimate: article.hasRaceEstimate,
  };
}

export async function toArticleCards(deps: StoreDeps, articles: ArticleRecord[]): Promise<ArticleCard[]> {
  const users = await loadUsers(
    deps,
    articles.map((a) => a.authorId),
  );
  return articles.map((a) => toCard(a, cardAuthor(a.authorId, users.get(a.authorId))));
}

/**
 * The detail view. `includeBody` is the caller's entitlement (from canReadBody); `lockReason`
 * tells a client where to send a reader who is not entitled.
 */
export async function toArticleDetail(
  deps: StoreDeps,
  article: ArticleRecord,
  options: { includeBody: boolean; lockReason?: LockReason | null },
): Promise<ArticleDetail> {
  const users = await loadUsers(deps, [article.authorId]);
  const user = users.get(article.authorId);
  const card = toCard(article, cardAuthor(article.authorId, user));
  const locked = !options.includeBody;
  return {
    ...card,
    author: { ...card.author, bio: user && !user.isDeleted ? user.bio : null },
    subtitle: article.subtitle,
    content: locked ? null : article.content,
    locked,
    lockReason: locked ? (options.lockReason ?? (article.visibility === 'members-only' ? 'login' : 'vip')) : null,
    media: locked ? { videos: [], audio: [] } : { videos: article.media.videos, audio: article.media.audio },
    allowComments: article.allowComments,
    updatedAt: article.updatedAt,
    seo: article.seo,
  };
}

/** The detail as this reader may see it. */
export async function articleDetailFor(deps: StoreDeps, article: ArticleRecord, reader: Reader | null, now: Date): Promise<ArticleDetail> {
  const lockReason = bodyLockReason(article, reader, now);
  return toArticleDetail(deps, article, { includeBody: lockReason === null, lockReason });
}

