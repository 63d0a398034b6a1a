import type { AppDeps } from '../../platform/deps.js';
import { parseRaceEstimate } from './estimate.js';
import { estimateView, type EstimateView } from './manage-estimates.js';
import { getResultsById } from '../races/index.js';

/** An article's estimate as readers get it: the estimate plus how its selected horses finished. */
export interface ArticleEstimateView extends EstimateView {
  /** Race id -> selected horse number -> finishing place (null: did not finish), for races with a result. */
  finishPlaces: Record<string, Record<string, number | null>>;
}

/**
 * The race estimates attached to an article as readers get them (spec 000 §3.4): active ones
 * only, oldest first, in the estimates area's own view shape. The caller checks body access
 * first: an estimate is as much paid content as the article's text.
 */
export async function listArticleRaceEstimates(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<ArticleEstimateView[]> {
  const docs = await deps.store.collection('raceEstimates').where('articleId', '==', articleId).get();
  const estimates = docs
    .map(parseRaceEstimate)
    .filter((e) => e.isActive)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(estimateView);
  const places = await finishPlaces(deps, [...new Set(estimates.flatMap((e) => e.races.map((r) => r.id)))]);
  return estimates.map((e) => ({
    ...e,
    // Per race with a result: the finishing place (null: did not finish) of each selected horse's number.
    finishPlaces: Object.fromEntries(
      e.races.flatMap((race) => {
        const byNumber = places.get(race.id);
        return byNumber ? [[race.id, Object.fromEntries(race.selectedHorses.map((h) => [String(h.number), byNumber.get(h.number) ?? null]))]] : [];
      }),
    ) as Record<string, Record<string, number | null>>,
  }));
}

/** Finishing place by horse number, for the races that have a result. */
async function finishPlaces(deps: Pick<AppDeps, 'store'>, raceIds: string[]): Promise<Map<string, Map<number, number | null>>> {
  const out = new Map<string, Map<number, number | null>>();
  if (raceIds.length === 0) return out;
  for (const result of (await getResultsById(deps, raceIds)).values()) out.set(result.raceId, new Map(result.finishers.map((f) => [f.number, f.position])));
  return out;
}

/** One estimate of GET /articles/{id}/race-estimates. */
export type ArticleRaceEstimateView = Awaited<ReturnType<typeof listArticleRaceEstimates>>[number];
