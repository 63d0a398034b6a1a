import { useCallback, useEffect, useState } from 'react';
import { ArticleMedia } from './ArticleMedia';
import RaceEstimatesTable from './RaceEstimatesTable';
import { apiCall, getToken, sessionReady } from './session';
import { loginHref } from '../../lib/return-path';
import type { ArticleBodyData, Visibility } from './types';

/** Where a reader who may not read the body goes (spec 000 §2.12): VIP wall or login. */
export function deniedTarget(visibility: Visibility): string {
  return visibility === 'members-only' ? '/giris' : '/vip-uyari';
}

type State =
  | { kind: 'loading' }
  | { kind: 'walled' }
  | { kind: 'ready'; article: ArticleBodyData }
  | { kind: 'error'; message: string };

/**
 * The body of a premium, private or members-only article, for members only (`client:member`: a
 * visitor never downloads it). The static page carries only the teaser; this island asks the API,
 * which answers the body only to an entitled caller. A member who may not read a VIP article gets
 * the page's static wall (html.hs-walled); a members-only article's reader who is not signed in
 * is sent to sign in with location.replace, so Back does not bounce them into it again.
 */
export default function ArticleBody({ articleId, visibility }: { articleId: string; visibility: Visibility }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    // A new tab may still be joining an open tab's session (session.ts): the token comes with it.
    await sessionReady();
    // A VIP article keeps its page: the static wall beside this island says what it is and how to
    // read it (issue 50). A members-only one sends the reader to sign in, and back here after.
    const deny = () => {
      if (visibility === 'members-only') {
        window.location.replace(loginHref(window.location.pathname));
        return;
      }
      document.documentElement.classList.add('hs-walled');
      setState({ kind: 'walled' });
    };
    if (!getToken()) return deny();
    const answer = await apiCall((r) => r.articles[':id'].$get({ param: { id: encodeURIComponent(articleId) } }));
    if (answer.status === 401 || answer.status === 403 || (answer.ok && typeof answer.data?.content !== 'string')) return deny();
    document.documentElement.classList.remove('hs-walled');
    if (!answer.ok || !answer.data) {
      setState({ kind: 'error', message: answer.status === 404 ? 'Makale bulunamadı' : answer.message || 'Makale yüklenirken bir hata oluştu.' });
      return;
    }
    setState({ kind: 'ready', article: answer.data });
  }, [articleId, visibility]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'walled') return null;
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
