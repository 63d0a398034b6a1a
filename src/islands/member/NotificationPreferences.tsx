import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import {
  CHANNEL_LABELS,
  CHANNELS,
  type Channel,
  type ChannelPreferences,
  type EstimateMode,
  type NotificationPreferencesInput,
  type NotificationPreferencesView,
} from '@shared/notifications/preferences';
import { getSession } from '../../lib/session';
import { ErrorLine } from './fields';
import { formatTurkishPhone } from '@shared/text/phone';

const MODE_TEXT: Record<EstimateMode, string> = { off: 'Kapalı', each: 'Her yeni VIP tahmin yayımlandığında', daily: 'Günde bir kez, günün VIP tahminleri paketi' };
const MODES: EstimateMode[] = ['off', 'each', 'daily'];

/**
 * The notices part of /profil: per channel, per topic, all off until the member turns them on
 * (but the horse tracker's mail, on since following a horse asks for it).
 * Each save is a consent (or its withdrawal) that the server records with the time and source.
 */
function smsHint(view: NotificationPreferencesView): string {
  if (!view.isVip) return 'SMS bildirimleri yalnızca VIP üyelere gönderilir.';
  if (!view.smsPhone) return 'SMS için Kişisel Bilgiler bölümüne geçerli bir Türkiye cep telefonu numarası ekleyin.';
  const shown = formatTurkishPhone(view.smsPhone);
  return view.smsVerified ? `${shown} numarasına (doğrulandı).` : `${shown} numaranız henüz doğrulanmadı; SMS yalnızca doğrulanmış numaraya gönderilir.`;
}

/**
 * Proving the SMS number: a code goes by SMS to the profile's mobile and is typed here. The
 * server throttles codes and attempts and answers each case in Turkish; this shows its words.
 */
function PhoneVerification({ phone, onVerified }: { phone: string; onVerified: (view: NotificationPreferencesView) => void }) {
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'İşlem tamamlanamadı, lütfen tekrar deneyin.');
    } finally {
      setBusy(false);
    }
  }

  const send = () =>
    run(async () => {
      const answer = await getSession().api.call((r) => r.users['phone-verification'].$post());
      setSent(answer.message ?? `${formatTurkishPhone(phone)} numarasına bir doğrulama kodu gönderdik.`);
    });
  const confirm = () =>
    run(async () => {
      const answer = await getSession().api.call((r) => r.users['phone-verification'].confirm.$post(), { body: { code: code.trim() } });
      toast.success(answer.message ?? 'Numaranız doğrulandı.');
      onVerified(answer.data);
    });

  return (
    <div className="m-verify" data-testid="phone-verification">
      {sent && (
        <p className="m-hint" role="status">
          {sent}
        </p>
      )}
      {sent ? (
        <div className="m-verify-row">
          <label className="m-label" htmlFor="sms-code">
            Doğrulama kodu
          </label>
          <input
            id="sms-code"
            className="m-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={!!problem}
          />
          <div className="m-actions">
            <button type="button" className="btn" disabled={busy || code.length !== 6} onClick={() => void confirm()}>
              Numarayı Doğrula
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void send()}>
              Yeni Kod Gönder
            </button>
          </div>
        </div>
      ) : (
        <div className="m-actions">
          <button type="button" className="btn" disabled={busy} onClick={() => void send()}>
            {busy ? 'Gönderiliyor...' : 'Doğrulama Kodu Gönder'}
          </button>
        </div>
      )}
      <ErrorLine message={problem} />
    </div>
  );
}

export default function NotificationPreferences() {
  const [view, setView] = useState<NotificationPreferencesView | null>(null);
  const [draft, setDraft] = useState<NotificationPreferencesInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getSession()
      .api.call((r) => r.users['notification-preferences'].$get())
      .then(
        ({ data }) => {
          setView(data);
          setDraft({ email: data.email, sms: data.sms });
        },
        (e: unknown) => setError(e instanceof Error ? e.message : 'Bildirim tercihleri yüklenemedi'),
      );
  }, []);

  const change = (channel: Channel, patch: Partial<ChannelPreferences>) => setDraft((d) => (d ? { ...d, [channel]: { ...d[channel], ...patch } } : d));

  async function save() {
    if (!draft) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await getSession().api.call((r) => r.users['notification-preferences'].$put(), { body: draft });
      setView(answer.data);
      setDraft({ email: answer.data.email, sms: answer.data.sms });
      toast.success(answer.message ?? 'Bildirim tercihleriniz kaydedildi.');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Bildirim tercihleri kaydedilemedi');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="m-card" aria-labelledby="notify-title" data-testid="notification-preferences">
      <h2 id="notify-title" className="vip-h2">
        Bildirimler
      </h2>
      {!view || !draft ? (
        error ? <ErrorLine message={error} /> : <div className="skeleton m-skeleton-block" aria-hidden="true" />
      ) : (
        <>
          <p className="m-hint">
            VIP tahminlerinden e-posta ve SMS ile haberdar olun. Hepsi siz açana kadar kapalıdır (takip ettiğiniz atların e-postası dışında: bir atı takip
            etmek onu istemektir); açtığınız her bildirim için ticari ileti onayınız kaydedilir ve onayınızı istediğiniz zaman buradan ya da iletilerdeki
            bağlantıdan geri alabilirsiniz.
            {!view.isVip && ' VIP tahmin bildirimleri ve SMS yalnızca VIP üyeliğiniz sürerken gönderilir; takip ettiğiniz atların e-postası herkese gider.'}
          </p>
          <div className="m-row m-row-2">
            {CHANNELS.map((channel) => {
              const smsBlocked = channel === 'sms' && (!view.isVip || !view.smsPhone || !view.smsVerified);
              const prefs = draft[channel];
              return (
                <div key={channel}>
                  <fieldset className="m-fieldset" disabled={smsBlocked || saving} data-testid={`notify-${channel}`}>
                    <legend>{CHANNEL_LABELS[channel]}</legend>
                    <p className="m-hint">{channel === 'email' ? 'Hesabınızın e-posta adresine.' : smsHint(view)}</p>
                    <p className="m-label">Yeni VIP tahminler</p>
                    {MODES.map((mode) => (
                      <label key={mode} className="m-check">
                        <input type="radio" name={`${channel}-estimates`} value={mode} checked={prefs.estimates === mode} onChange={() => change(channel, { estimates: mode })} />
                        <span>{mode === 'daily' ? `${MODE_TEXT.daily} (saat ${view.dailyHour})` : MODE_TEXT[mode]}</span>
                      </label>
                    ))}
                    <label className="m-check" style={{ marginTop: '0.5rem' }}>
                      <input type="checkbox" checked={prefs.results} onChange={(e) => change(channel, { results: e.target.checked })} />
                      <span>Aldığım tahminlerin sonuçları</span>
                    </label>
                    <label className="m-check">
                      <input type="checkbox" checked={prefs.horses} onChange={(e) => change(channel, { horses: e.target.checked })} />
                      <span>Takip ettiğim atlar (koşuya yazılınca ve sonuç gelince)</span>
                    </label>
                  </fieldset>
                  {channel === 'sms' && view.isVip && view.smsPhone && !view.smsVerified && <PhoneVerification phone={view.smsPhone} onVerified={setView} />}
                </div>
              );
            })}
          </div>
          <ErrorLine message={error} />
          <div className="m-actions">
            <button type="button" className="btn" disabled={saving} onClick={() => void save()}>
              {saving ? 'Kaydediliyor...' : 'Bildirim Tercihlerini Kaydet'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
