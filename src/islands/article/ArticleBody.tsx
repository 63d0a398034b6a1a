import { useCallback, useEffect, useState } from 'react';
import { ArticleMedia } from './ArticleMedia';
import RaceEstimatesTable from './RaceEstimatesTable';
import { apiFetch, getToken } from './session';
import type { ArticleBodyData, Visibility } from './types';

/** Where a reader who may not read the body goes (spec 000 §2.12): VIP wall or login. */
export function deniedTarget(visibility: Visibility): string {
  return visibility === 'members-only' ? '/giris' : '/vip-uyari';
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; article: ArticleBodyData }
  | { kind: 'error'; message: string };

/**
 * The body of a premium, private or members-only article. The static page carries only the
 * teaser; this island asks the API, which answers the body only to an entitled caller. Anyone
 * else is sent on with location.replace so Back does not bounce them into the wall again.
 */
export default function ArticleBody({ articleId, visibility }: { articleId: string; visibility: Visibility }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    if (!getToken()) {
      window.location.replace(deniedTarget(visibility));
      return;
    }
    const answer = await apiFetch<ArticleBodyData>(`/articles/${encodeURIComponent(articleId)}`);
    if (answer.status === 401 || answer.status === 403 || (answer.ok && typeof answer.data?.content !== 'string')) {
      window.location.replace(deniedTarget(visibility));
      return;
    }
    if (!answer.ok || !answer.data) {
      setState({ kind: 'error', message: answer.status === 404 ? 'Makale bulunamadı' : answer.message || 'Makale yüklenirken bir hata oluştu.' });
      return;
    }
    setState({ kind: 'ready', article: answer.data });
  }, [articleId, visibility]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <div className="article-body-loading" aria-busy="true" aria-live="polite" data-pagefind-ignore="">
        <span className="sr-only">İçerik yükleniyor...</span>
        <div className="skeleton-line" />
        <div className="skeleton-line" />
        <div className="skeleton-line skeleton-line--short" />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  const { article } = state;
  return (
    <>
      {/* The API sanitizes article HTML when staff save it; this is the same HTML the static page would carry. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.content ?? '' }} />
      <ArticleMedia audio={article.media?.audio ?? []} videos={article.media?.videos ?? []} />
      {article.hasRaceEstimate ? <RaceEstimatesTable articleId={article.id} /> : null}
    </>
  );
}
