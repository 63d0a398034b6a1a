import type { AppDeps } from '../platform/deps.js';
import { foldArticleViews } from '../domain/articles/index.js';
import { startJobInterval } from './interval.js';

/** The view fold (functions/src/index.ts `viewFold` every minute in production) on an interval in the local server. */
export function startViewFoldInterval(deps: AppDeps, intervalMs = 60_000): () => void {
  return startJobInterval(deps, 'view fold', () => foldArticleViews(deps), intervalMs);
}
