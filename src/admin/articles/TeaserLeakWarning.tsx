import { useEffect, useState } from 'react';
import type { ArticleRaceEstimateView } from '../../../functions/src/domain/estimates/race-estimates';
import { teaserLeakProblem } from '@shared/records/teaser-check';
import type { Wire } from '@shared/wire';
import { api } from '../session';

interface Teaser {
  title: string;
  subtitle?: string | null;
  excerpt: string;
  visibility: string;
}

/**
 * The teaser rule of issue 16 checked as staff type: the same function the API refuses with, over
 * the article's estimates, so the warning names the horse before anything is sent. New articles
 * have no estimates yet (they are added after the first save).
 */
export function useTeaserLeak(articleId: string | null, teaser: Teaser): string | null {
  const [estimates, setEstimates] = useState<Wire<ArticleRaceEstimateView>[]>([]);
  useEffect(() => {
    if (!articleId) return;
    let live = true;
    api
      .call((r) => r.articles[':id']['race-estimates'].$get({ param: { id: encodeURIComponent(articleId) } }))
      .then((r) => live && setEstimates(r.data))
      // Without the estimates the API still refuses a leaking teaser on save, with the same text.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [articleId]);
  return teaserLeakProblem(teaser, estimates);
}

export function TeaserLeakWarning({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="a-alert a-alert-warning" role="alert" id="teaser-leak" tabIndex={-1}>
      {problem}
    </p>
  );
}
