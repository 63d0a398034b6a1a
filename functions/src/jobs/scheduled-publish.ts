import type { AppDeps } from '../platform/deps.js';
import { dueScheduledArticleIds, publishScheduledArticle } from '../domain/articles/index.js';
import { startJobInterval } from './interval.js';

/**
 * The scheduled-publish job (every minute in production; on an interval in the local server).
 * Each due article goes through `publishScheduledArticle`, the same write path staff use, so the
 * site rebuild and everything that follows a manual publish follow here too. The decision to
 * publish is re-made inside each article's transaction: running twice, or twice at once,
 * publishes every due article exactly once.
 */
export interface ScheduledPublishReport {
  published: string[];
}

const BATCH = 100;

export async function runScheduledPublish(deps: AppDeps): Promise<ScheduledPublishReport> {
  const published: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const due = await dueScheduledArticleIds(deps, deps.now(), BATCH);
    const fresh = due.filter((id) => !seen.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      seen.add(id);
      const article = await publishScheduledArticle(deps, id);
      if (article) published.push(article.id);
    }
    if (due.length < BATCH) break;
  }
  if (published.length > 0) deps.log.info('scheduled articles published', { count: published.length });
  return { published };
}

/** Local server: the job every `intervalMs` (a minute, as in production); returns a stop function. */
export function startScheduledPublishInterval(deps: AppDeps, intervalMs = 60_000): () => void {
  return startJobInterval(deps, 'scheduled publish', () => runScheduledPublish(deps), intervalMs);
}
