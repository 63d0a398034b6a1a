import type { AppDeps } from '../../platform/deps.js';
import type { ArticleRecord } from './article.js';

/**
 * What writing an article asks of the estimates attached to it. An estimate is attached to an
 * article, so the estimates area depends on this one; importing it back would knot the two
 * areas. Estimates implement this port (`attachedEstimateChecks`) and the API route passes it in.
 * It is a required argument, so no write path can skip the checks by forgetting them.
 */
export interface AttachedEstimateChecks {
  /** Refuses (400) a text that gives a VIP pick away in its teaser or names a horse its races do not declare. */
  tipText(deps: AppDeps, articleId: string, text: Pick<ArticleRecord, 'title' | 'subtitle' | 'excerpt' | 'content' | 'visibility'>): Promise<void>;
  /** Where a hand-set result comes from; refuses (409) one that a locked estimate contradicts. */
  handSetResultSource(deps: AppDeps, articleId: string, choice: 'won' | 'lost' | 'pending' | null): Promise<'settlement' | 'manual'>;
}
