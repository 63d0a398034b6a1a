import type { Actor } from '../../platform/actor.js';
import type { Query } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { foldTurkish, searchTokens } from '../text/index.js';
import { parseArticle, STATUSES, type ArticleRecord, type ArticleStatus, type Category } from './article.js';
import { isAdmin, toStaffArticles, type StaffArticle } from './write-access.js';

/**
 * The staff panel's article lists and counters. Authors only ever see their own articles: the
 * author filter is forced here, not left to the panel.
 */
export interface StaffListOptions {
  page: number;
  limit: number;
  category?: Category;
  status?: ArticleStatus;
  search?: string;
  authorId?: string;
  audience?: ArticleRecord['audience'];
  raceResult?: NonNullable<ArticleRecord['raceResult']>;
}

function scoped(deps: Pick<AppDeps, 'store'>, actor: Actor, deleted: boolean, authorId?: string): Query {
  let query = deps.store.collection('articles').where('isDeleted', '==', deleted);
  const author = isAdmin(actor) ? authorId : actor.user.id;
  if (author) query = query.where('authorId', '==', author);
  return query;
}

/**
 * Free text matches the folded search tokens (title, subtitle, excerpt, tags). Firestore allows
 * one array-contains per query, so the longest word narrows the query and the others are checked
 * on the page; in practice staff search for one distinctive word.
 */
function searchWords(search: string | undefined): string[] {
  return search ? searchTokens(search).sort((a, b) => b.length - a.length) : [];
}

export async function listStaffArticles(
  deps: Pick<AppDeps, 'store'>,
  actor: Actor,
  options: StaffListOptions,
): Promise<{ items: StaffArticle[]; total: number }> {
  let query = scoped(deps, actor, false, options.authorId);
  if (options.category) query = query.where('category', '==', options.category);
  if (options.status) query = query.where('status', '==', options.status);
  const words = searchWords(options.search);
  if (words.length > 0) query = query.where('searchTokens', 'array-contains', words[0]);
  query = query.orderBy('createdAt', 'desc');
  if (words.length > 1 || options.audience || options.raceResult) {
    // Several words, audience or race result: checked on the narrowed set before paging. A staff
    // list holds hundreds of articles, not the public site's scale, and an index per combination
    // of six filters would multiply the index count for little gain.
    const rest = words.slice(1);
    const all = (await query.get())
      .map(parseArticle)
      .filter((a) => rest.every((w) => a.searchTokens.some((t) => t.startsWith(foldTurkish(w)))))
      .filter((a) => !options.audience || a.audience === options.audience)
      .filter((a) => !options.raceResult || a.raceResult === options.raceResult);
    const start = (options.page - 1) * options.limit;
    return { items: await toStaffArticles(deps, all.slice(start, start + options.limit)), total: all.length };
  }
  const [docs, total] = await Promise.all([query.offset((options.page - 1) * options.limit).limit(options.limit).get(), query.count()]);
  return { items: await toStaffArticles(deps, docs.map(parseArticle)), total };
}

export async function listDeletedArticles(
  deps: Pick<AppDeps, 'store'>,
  actor: Actor,
  options: { page: number; limit: number },
): Promise<{ items: StaffArticle[]; total: number }> {
  const query = scoped(deps, actor, true).orderBy('deletedAt', 'desc');
  const [docs, total] = await Promise.all([query.offset((options.page - 1) * options.limit).limit(options.limit).get(), query.count()]);
  return { items: await toStaffArticles(deps, docs.map(parseArticle)), total };
}

export interface ArticleStats {
  total: number;
  published: number;
  draft: number;
  archived: number;
  scheduled: number;
  /** Written but not yet out: scheduled articles waiting for their time (the panel's "in review"). */
  inReview: number;
  featured: number;
  deleted: number;
}

export async function articleStats(deps: Pick<AppDeps, 'store'>, actor: Actor): Promise<ArticleStats> {
  const live = scoped(deps, actor, false);
  const [total, deleted, featured, ...byStatus] = await Promise.all([
    live.count(),
    scoped(deps, actor, true).count(),
    live.where('isFeatured', '==', true).count(),
    ...STATUSES.map((status) => live.where('status', '==', status).count()),
  ]);
  const counts = Object.fromEntries(STATUSES.map((s, i) => [s, byStatus[i]!])) as Record<ArticleStatus, number>;
  return { total: total!, deleted: deleted!, featured: featured!, ...counts, inReview: counts.scheduled };
}
