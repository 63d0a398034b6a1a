import { useState, useSyncExternalStore } from 'react';
import { EMAIL_CHANGE_MESSAGES } from '@shared/identity/auth-schemas';
import { getSession } from '../../lib/session';
import { ErrorBanner } from './fields';
import './member.css';

type Link = { kind: 'confirm' | 'cancel'; token: string } | { kind: 'none' };

const noSubscription = () => () => undefined;
function linkFromUrl(): Link {
  const params = new URLSearchParams(window.location.search);
  const cancel = params.get('iptal');
  if (cancel) return { kind: 'cancel', token: cancel };
  const token = params.get('token');
  return token ? { kind: 'confirm', token } : { kind: 'none' };
}
let cached: { search: string; link: Link } | null = null;
function snapshot(): Link {
  if (cached?.search !== window.location.search) cached = { search: window.location.search, link: linkFromUrl() };
  return cached.link;
}

/**
 * /eposta-degisikligi: where the two e-mail change links land. Nothing happens on opening the
 * page (mail scanners open links too): the reader presses the button.
 */
export default function EmailChangeScreen() {
  const link = useSyncExternalStore(noSubscription, snapshot, () => null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    if (!link || link.kind === 'none') return;
    setBusy(true);
    try {
      const step = link.kind === 'cancel' ? 'cancel' : 'confirm';
      const { message } = await getSession().api.call((r) => r.auth['email-change'][step].$post(), { body: { token: link.token }, auth: false });
      setResult({ ok: true, text: message ?? (link.kind === 'cancel' ? EMAIL_CHANGE_MESSAGES.cancelled : EMAIL_CHANGE_MESSAGES.confirmed) });
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : EMAIL_CHANGE_MESSAGES.invalid });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="m-wrap">
      <div className="m-card">
        <h1 className="m-title">E-posta Değişikliği</h1>
        {link === null ? (
          <div className="skeleton m-skeleton-block" aria-hidden="true" />
        ) : result ? (
          <div role="status">
            <div className={`m-banner ${result.ok ? 'm-banner-success' : 'm-banner-error'}`}>{result.text}</div>
            {result.ok && link.kind === 'cancel' ? (
              <a className="btn" href="/sifremi-unuttum">
                Şifremi sıfırla
              </a>
            ) : (
              <a className="btn" href="/profil">
                Profilime git
              </a>
            )}
          </div>
        ) : link.kind === 'none' ? (
          <ErrorBanner>{EMAIL_CHANGE_MESSAGES.invalid}</ErrorBanner>
        ) : link.kind === 'cancel' ? (
          <>
            <p className="m-sub">Hesabınızın e-posta adresini siz değiştirmediyseniz değişikliği geri alın. Hesabınızdaki tüm oturumlar kapatılır.</p>
            <button type="button" className="btn m-submit" disabled={busy} onClick={() => void send()}>
              {busy ? 'İşleniyor...' : 'Bu değişikliği ben yapmadım'}
            </button>
          </>
        ) : (
          <>
            <p className="m-sub">Bu adresi Ganyan hesabınızda kullanmak için onaylayın.</p>
            <button type="button" className="btn m-submit" disabled={busy} onClick={() => void send()}>
              {busy ? 'İşleniyor...' : 'E-posta adresimi onayla'}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
