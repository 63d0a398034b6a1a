import type { AppDeps } from '../../platform/deps.js';

/**
 * The race estimates attached to an article (spec 000 §3.4), owned and validated by the races
 * area; readers get them as stored, oldest first. The caller checks body access first: an
 * estimate is as much paid content as the article's text.
 */
export async function listArticleRaceEstimates(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<Record<string, unknown>[]> {
  const docs = await deps.store.collection('raceEstimates').where('articleId', '==', articleId).get();
  const time = (d: Record<string, unknown>) => {
    const value = d.addedAt ?? d.createdAt;
    return value instanceof Date ? value.getTime() : 0;
  };
  return docs.sort((a, b) => time(a) - time(b));
}
