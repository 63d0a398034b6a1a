import { useEffect, useState } from 'react';
import { formatNumber } from '../../lib/format';
import { apiCall, errorText, isLoggedIn } from './session';

/**
 * Article like toggle: one like per member, login required. Whether this reader already liked
 * the article is asked once on hydration, so the button shows the right state after a reload.
 */
export default function LikeButton({ articleId, initialLikes }: { articleId: string; initialLikes: number }) {
  const [likes, setLikes] = useState(initialLikes);
  const [liked, setLiked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'login' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (!isLoggedIn()) return;
    let live = true;
    // The detail answer carries this reader's `liked` flag and the current count.
    void apiCall((r) => r.articles[':id'].$get({ param: { id: encodeURIComponent(articleId) } })).then((answer) => {
      if (!live || !answer.ok || !answer.data) return;
      if (typeof answer.data.stats?.likes === 'number') setLikes(answer.data.stats.likes);
      setLiked(Boolean(answer.data.liked));
    });
    return () => {
      live = false;
    };
  }, [articleId]);

  async function toggle() {
    if (!isLoggedIn()) {
      setMessage({ kind: 'login', text: 'Beğenmek için giriş yapmalısınız.' });
      return;
    }
    setBusy(true);
    setMessage(null);
    const answer = await apiCall((r) => r.articles[':id'].like.$post({ param: { id: encodeURIComponent(articleId) } }));
    setBusy(false);
    if (!answer.ok || !answer.data) {
      setMessage({ kind: answer.status === 401 ? 'login' : 'error', text: answer.status === 401 ? 'Beğenmek için giriş yapmalısınız.' : errorText(answer, 'Beğeni eklenirken hata oluştu') });
      return;
    }
    setLikes(answer.data.likes);
    setLiked(answer.data.liked ?? !liked);
  }

  return (
    <span className="like">
      <button type="button" className={`like__button${liked ? ' like__button--on' : ''}`} aria-pressed={liked} onClick={() => void toggle()} disabled={busy}>
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? 'Beğendin' : 'Beğen'}
        <span className="like__count" aria-label={`${likes} beğeni`}>
          {formatNumber(likes)}
        </span>
      </button>
      {message ? (
        <span className={`like__message like__message--${message.kind}`} role="alert">
          {message.text}
          {message.kind === 'login' ? (
            <>
              {' '}
              <a href="/giris">Giriş Yap</a>
            </>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
