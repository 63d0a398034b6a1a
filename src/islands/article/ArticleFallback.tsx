import { useEffect, useState } from 'react';
import { deniedTarget } from './ArticleBody';
import { ArticleMedia } from './ArticleMedia';
import { ArticleNotFound, ArticleView, type DetailData } from './ArticleView';
import Comments from './Comments';
import LikeButton from './LikeButton';
import RaceEstimatesTable from './RaceEstimatesTable';
import { apiCall, errorText } from './session';
import ShareButtons from './ShareButtons';
import ViewCounter from './ViewCounter';

type State = { kind: 'loading' } | { kind: 'ready'; article: DetailData } | { kind: 'missing'; message: string };

/** The identifier in /makale/{identifier}, or null on any other path. */
export function identifierFromPath(pathname: string): string | null {
  const match = /^\/makale\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || match[1] === '_yeni') return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The article page for an article published after the last build (architecture §4): the
 * local server serves this page for such a slug until the rebuild lands. It reads the article
 * through the API, with the same gating as the built pages.
 */
export default function ArticleFallback() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const identifier = identifierFromPath(window.location.pathname);
    if (!identifier) {
      setState({ kind: 'missing', message: 'Makale bulunamadı' });
      return;
    }
    void apiCall((r) => r.articles.slug[':slug'].$get({ param: { slug: encodeURIComponent(identifier) } })).then((answer) => {
      if (!answer.ok || !answer.data) {
        setState({ kind: 'missing', message: answer.status === 404 ? 'Makale bulunamadı' : errorText(answer, 'Makale yüklenirken bir hata oluştu.') });
        return;
      }
      const article = answer.data;
      if (article.locked || typeof article.content !== 'string') {
        window.location.replace(deniedTarget(article.visibility));
        return;
      }
      document.title = `${article.title} | Ganyan`;
      setState({ kind: 'ready', article });
    });
  }, []);

  if (state.kind === 'loading') {
    return (
      <p className="article panel" aria-busy="true">
        Makale yükleniyor...
      </p>
    );
  }
  if (state.kind === 'missing') return <ArticleNotFound message={state.message} />;
  const { article } = state;
  const url = window.location.href.split(/[?#]/)[0]!;
  return (
    <>
      <ArticleView
        article={article}
        body={
          <>
            {/* Sanitized by the API when staff saved it. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: article.content ?? '' }} />
            <ArticleMedia audio={article.media.audio} videos={article.media.videos} />
          </>
        }
        estimates={article.hasRaceEstimate ? <RaceEstimatesTable articleId={article.id} /> : null}
        share={<ShareButtons url={url} title={article.title} />}
        like={<LikeButton articleId={article.id} initialLikes={article.stats.likes} />}
        comments={<Comments articleId={article.id} commentCount={article.stats.comments} allowComments={article.allowComments} />}
      />
      <ViewCounter articleId={article.id} />
    </>
  );
}
