import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { getSession, type SessionState } from '../../lib/session';
import { useSession } from '../member/useSession';
import { followedIds, loadFollows, setFollowing, subscribeFollows } from './follows';

interface Props {
  horseId: string;
  name: string;
  /** Small icon-and-word button for table rows. */
  compact?: boolean;
}

/** Following horses is for members; staff sessions get a message instead. */
const isMember = (state: SessionState) => state.isAuthenticated && state.user?.role === 'user';

/**
 * 'Takip Et' / 'Takipte' for one horse. A visitor is sent to the login page; a member's list is
 * read once per page (follows.ts).
 */
export default function FollowButton({ horseId, name, compact = false }: Props) {
  const session = useSession();
  const ids = useSyncExternalStore(subscribeFollows, followedIds, () => null);
  const [busy, setBusy] = useState(false);
  const member = isMember(session);

  useEffect(() => {
    if (member) loadFollows().catch(() => undefined);
  }, [member]);

  const following = Boolean(ids?.has(horseId));
  // Never disabled while the member's list loads: the press that woke the page (client:interact
  // replays it once React is in) came exactly then, and a disabled button dropped it, so the first
  // tap or click only loaded the list (issue 53). onClick waits for the session and the list instead.
  const disabled = busy;

  const onClick = async () => {
    const current = session.loading ? await getSession().init().then(() => getSession().getState()) : session;
    if (!isMember(current)) {
      if (!current.isAuthenticated) window.location.href = '/giris';
      else toast.error('At takibi üyelere açıktır.');
      return;
    }
    setBusy(true);
    try {
      const list = ids ?? (await loadFollows());
      toast.success(await setFollowing(horseId, !list.has(horseId)));
    } catch (error) {
      toast.error(error instanceof ApiError || error instanceof Error ? error.message : 'Bir hata oluştu');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`follow-btn${compact ? ' follow-btn--compact' : ''}${following ? ' follow-btn--on' : ''}`}
      aria-pressed={following}
      aria-label={following ? `${name} takibini bırak` : `${name} atını takip et`}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      <span aria-hidden="true">{following ? '★' : '☆'}</span>
      <span className="follow-btn__text">{following ? 'Takipte' : 'Takip Et'}</span>
    </button>
  );
}

/** "takip ediyorsunuz" beside a horse the member follows, on every card it runs in. */
export function FollowedNote({ horseId }: { horseId: string }) {
  const ids = useSyncExternalStore(subscribeFollows, followedIds, () => null);
  return ids?.has(horseId) ? <span className="race-card__followed">takip ediyorsunuz</span> : null;
}
