import { useEffect, useState, useSyncExternalStore } from 'react';
import { NOTIFICATION_MESSAGES } from '@shared/notifications/preferences';
import { getSession } from '../../lib/session';
import './member.css';

const noSubscription = () => () => undefined;
const tokenFromUrl = () => new URLSearchParams(window.location.search).get('token') ?? '';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * /bildirimler/iptal?token=...: the unsubscribe link of every notice. No login: the signed token
 * turns off that channel's notices. It posts from the page's script, so a mail scanner that
 * only fetches the link changes nothing.
 */
export default function UnsubscribeScreen() {
  const token = useSyncExternalStore(noSubscription, tokenFromUrl, () => null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (token === null) return;
    if (!token) {
      setOutcome({ ok: false, message: NOTIFICATION_MESSAGES.invalidLink });
      return;
    }
    getSession()
      .api.call((r) => r.notifications.unsubscribe.$post(), { query: { token }, auth: false })
      .then(
        (answer) => setOutcome({ ok: true, message: answer.message ?? 'Bildirimleriniz kapatıldı.' }),
        (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : NOTIFICATION_MESSAGES.invalidLink }),
      );
  }, [token]);

  return (
    <div className="m-wrap">
      <div className="m-card">
        <h1 className="m-title">Bildirim Aboneliği</h1>
        {!outcome ? (
          <div className="skeleton m-skeleton-block" aria-hidden="true" />
        ) : (
          <div role="status" data-testid="unsubscribe-result">
            <div className={`m-banner ${outcome.ok ? 'm-banner-success' : 'm-banner-error'}`}>{outcome.message}</div>
            <p className="m-hint">{outcome.ok ? 'Artık bu kanaldan bildirim almayacaksınız. Fikrinizi değiştirirseniz profilinizden yeniden açabilirsiniz.' : ''}</p>
            <a className="btn btn-outline" href="/profil">
              Bildirim tercihlerim
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
