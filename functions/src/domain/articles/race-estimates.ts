import type { AppDeps } from '../../platform/deps.js';
import { parseRaceEstimate } from '../estimates/estimate.js';
import { estimateView } from '../estimates/manage-estimates.js';

/**
 * The race estimates attached to an article as readers get them (spec 000 §3.4): active ones
 * only, oldest first, in the estimates area's own view shape. The caller checks body access
 * first: an estimate is as much paid content as the article's text.
 */
export async function listArticleRaceEstimates(deps: Pick<AppDeps, 'store'>, articleId: string) {
  const docs = await deps.store.collection('raceEstimates').where('articleId', '==', articleId).get();
  return docs
    .map(parseRaceEstimate)
    .filter((e) => e.isActive)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(estimateView);
}
