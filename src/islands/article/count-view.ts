import { apiCall } from './session';
import { formatNumber } from '../../lib/format';

const DELAY_MS = 100;

export function viewedKey(articleId: string): string {
  return `viewed:${articleId}`;
}

/**
 * Counts one view per browser session per article, about 100 ms after load. The flag is set only
 * after the API accepted the view, so a failed call is retried on the next visit (spec 000 §2.12).
 * Framework-free: the static article page runs it from a plain module script, so a reader who
 * never touches an island downloads no React. Returns a cancel function.
 */
export function countViewSoon(articleId: string): () => void {
  let seen = false;
  try {
    seen = sessionStorage.getItem(viewedKey(articleId)) === '1';
  } catch {
    // Without sessionStorage we cannot dedupe; counting once per page load is the fair fallback.
  }
  if (seen) return () => undefined;
  const timer = setTimeout(() => {
    void apiCall((r) => r.articles[':id'].view.$post({ param: { id: encodeURIComponent(articleId) } })).then((answer) => {
      if (!answer.ok) return;
      try {
        sessionStorage.setItem(viewedKey(articleId), '1');
      } catch {
        // see above
      }
      const counter = document.querySelector<HTMLElement>(`[data-view-count="${CSS.escape(articleId)}"]`);
      const views = answer.data?.views;
      if (counter && typeof views === 'number') counter.textContent = formatNumber(views);
    });
  }, DELAY_MS);
  return () => clearTimeout(timer);
}
