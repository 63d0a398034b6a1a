import { useEffect } from 'react';
import { countViewSoon } from './count-view';

export { viewedKey } from './count-view';

/** The client-side fallback page's view count (the static page runs count-view.ts without React). Renders nothing. */
export default function ViewCounter({ articleId }: { articleId: string }) {
  useEffect(() => countViewSoon(articleId), [articleId]);
  return null;
}
