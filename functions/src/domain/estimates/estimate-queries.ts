import type { AppDeps } from '../../platform/deps.js';
import { getArticlesById, pagePublishedEstimationArticles } from '../articles/index.js';
import { istanbulDate, istanbulInstant } from '../../platform/time.js';
import type { Actor } from '../../platform/actor.js';
import { estimateView } from './manage-estimates.js';
import { parseRaceEstimate, type RaceEstimate } from './estimate.js';

/** Read side of the staff estimate tool: the 'Tahmin Yönetimi' list and the article picker. */

export interface EstimateListQuery {
  page: number;
  limit: number;
  articleId?: string | undefined;
  /** Istanbul calendar day the article was published. */
  articleDate?: string | undefined;
  /** Istanbul calendar day the estimate was created. */
  estimateDate?: string | undefined;
}

/** Upper bound of estimates one filter may gather before paging (the article-date filter is applied after the join). */
const SCAN_LIMIT = 1000;

export async function listAllEstimates(deps: Pick<AppDeps, 'store'>, actor: Actor, q: EstimateListQuery) {
  let query = deps.store.collection('raceEstimates');
  if (actor.user.role !== 'admin') query = query.where('authorId', '==', actor.user.id);
  if (q.articleId) query = query.where('articleId', '==', q.articleId);
  if (q.estimateDate) {
    const start = istanbulInstant(q.estimateDate, '00:00');
    query = query.where('createdAt', '>=', start).where('createdAt', '<', new Date(start.getTime() + 86_400_000));
  }
  const estimates = (await query.orderBy('createdAt', 'desc').limit(SCAN_LIMIT).get()).map(parseRaceEstimate);
  const articleIds = [...new Set(estimates.map((e) => e.articleId))];
  const articles = await getArticlesById(deps, articleIds);
  const rows = estimates
    .map((e) => {
      const article = articles.get(e.articleId);
      return {
        ...estimateView(e),
        article: article ? { id: article.id, title: article.title, slug: article.slug, publishedAt: article.publishedAt, status: article.status } : null,
      };
    })
    .filter((row) => !q.articleDate || (row.article?.publishedAt && istanbulDate(row.article.publishedAt) === q.articleDate));
  const start = (q.page - 1) * q.limit;
  return { items: rows.slice(start, start + q.limit), total: rows.length };
}

/** Published estimation articles for the picker, newest first; an author sees only their own. */
export async function listEstimateArticles(deps: Pick<AppDeps, 'store'>, actor: Actor, q: { page: number; limit: number }) {
  const page = await pagePublishedEstimationArticles(deps, { authorId: actor.user.role === 'admin' ? null : actor.user.id, page: q.page, limit: q.limit });
  const items = page.items.map((a) => ({
    id: a.id,
    /** Spec compatibility: the old client reads `_id`. */
    _id: a.id,
    title: a.title,
    slug: a.slug,
    authorId: a.authorId,
    category: a.category,
    status: a.status,
    publishedAt: a.publishedAt,
    hasRaceEstimate: a.hasRaceEstimate,
    raceResult: a.raceResult,
  }));
  return { items, total: page.total };
}

/** A row of `GET /race-estimate/all`: the estimate with the article it belongs to. */
export type StaffEstimateRow = Awaited<ReturnType<typeof listAllEstimates>>['items'][number];
/** An article of the estimate tool's picker (`GET /race-estimate/articles`). */
export type EstimateArticleOption = Awaited<ReturnType<typeof listEstimateArticles>>['items'][number];

/** Every estimate an author made (deactivated ones included: the track record keeps them). */
export async function estimatesOfAuthor(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<RaceEstimate[]> {
  return (await deps.store.collection('raceEstimates').where('authorId', '==', authorId).get()).map(parseRaceEstimate);
}
