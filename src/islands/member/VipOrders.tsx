import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { getSession, type VipStatus } from '../../lib/session';
import { formatDate, vipRemaining } from '../../lib/vip-time';
import { useMemberScreen } from './useSession';
import { PendingPayment } from './vip-payment/PendingPayment';
import { RequestTimeline } from './vip-payment/RequestTimeline';
import './member.css';

const REFRESH_FAILED = 'VIP durumu yenilenirken bir hata oluştu';

const STATUS_TEXT: Record<VipStatus['userVipStatus'], string> = {
  active: 'Aktif VIP Üye',
  pending: 'Talep Değerlendiriliyor',
  rejected: 'Talep Reddedildi',
  expired: 'Üyelik Süresi Doldu',
  none: 'VIP Üyelik Yok',
};


/** Loads the VIP status again (a retry, or a refresh the member asked for), then the way to support. */
function RefreshAndSupport({ className, busy, onRefresh, label, busyLabel }: { className: string; busy: boolean; onRefresh: () => void; label: string; busyLabel: string }) {
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={onRefresh}>
        {busy ? busyLabel : label}
      </button>
      <a className="btn btn-outline" href="/iletisim">
        Destek
      </a>
    </>
  );
}

/**
 * /vip-siparislerim (spec 001 §2): status card, pending request, rejection reason, renewal and
 * quick actions. A failed status call shows the status-unavailable screen with a retry: never
 * an empty page that looks like "no membership" (architecture §7).
 */
export default function VipOrders() {
  const { state, allowed } = useMemberScreen();
  const [status, setStatus] = useState<VipStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (manual: boolean) => {
    if (manual) setBusy(true);
    try {
      const fresh = await getSession().refreshVipStatus();
      setStatus(fresh);
      setError(null);
      if (manual) toast.success('VIP durumunuz güncellendi');
    } catch (e) {
      setError(e instanceof Error ? e.message : REFRESH_FAILED);
      if (manual) toast.error(REFRESH_FAILED);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    getSession()
      .refreshVipStatus()
      .then(
        (fresh) => live && setStatus(fresh),
        (e: unknown) => live && setError(e instanceof Error ? e.message : REFRESH_FAILED),
      );
    return () => {
      live = false;
    };
  }, [allowed]);

  const breadcrumb = (
    <nav className="m-breadcrumb" aria-label="Sayfa yolu">
      <ol>
        <li>
          <a href="/">Ana Sayfa</a>
        </li>
        <li>
          <a href="/profil">Hesabım</a>
        </li>
        <li aria-current="page">VIP Siparişlerim</li>
      </ol>
    </nav>
  );

  if (!allowed || (status === null && error === null)) {
    return (
      <div className="m-wrap m-wrap-wide">
        {breadcrumb}
        <div className="skeleton m-skeleton-block" aria-hidden="true" />
      </div>
    );
  }

  const staff = state.user && state.user.role !== 'user';
  if (error && !staff) {
    return (
      <div className="m-wrap m-wrap-wide">
        {breadcrumb}
        <div className="m-card" role="alert" data-testid="vip-status-unavailable">
          <h1 className="m-title">VIP durumu şu anda görüntülenemiyor</h1>
          <p className="m-sub">{REFRESH_FAILED}. ({error}) Üyeliğiniz ve talepleriniz kayıtlıdır; lütfen birazdan tekrar deneyin.</p>
          <div className="m-actions">
            <RefreshAndSupport className="btn" busy={busy} onRefresh={() => void load(true)} label="Tekrar dene" busyLabel="Yükleniyor..." />
          </div>
        </div>
      </div>
    );
  }

  const s = status!;
  const remaining = s.hasVip ? vipRemaining(s) : null;
  const pending = s.pendingRequest;
  const latest = s.latestRequest;
  // A request the member cancelled or that expired unpaid is explained until a newer one exists.
  const closed = latest && (latest.status === 'expired' || latest.status === 'cancelled') && !s.hasVip ? latest : null;

  return (
    <div className="m-wrap m-wrap-wide">
      {breadcrumb}
      <h1 className="m-title">VIP Siparişlerim</h1>
      <p className="m-sub">VIP üyeliğinizin durumu ve talepleriniz.</p>
      {staff && <div className="m-banner m-banner-info">Yönetici ve yazar hesapları genel sitede VIP olmayan üye olarak görünür.</div>}

      <section className="m-card" aria-labelledby="status-title" data-testid="vip-status-card">
        <h2 id="status-title" className="vip-h2">
          Üyelik Durumu{' '}
          <span className={`m-status m-status-${s.userVipStatus}`} data-testid="vip-status">
            {STATUS_TEXT[s.userVipStatus]}
          </span>
        </h2>
        {s.hasVip && s.subscription && remaining ? (
          <>
            <dl className="m-dl">
              <dt>Başlangıç</dt>
              <dd>{formatDate(s.subscription.startDate)}</dd>
              <dt>Bitiş</dt>
              <dd>{formatDate(s.subscription.endDate)}</dd>
              <dt>Süre</dt>
              <dd>{s.subscription.durationDays ?? 30} gün</dd>
            </dl>
            <div className={`tone-${remaining.tone}`} style={{ marginTop: '0.8rem', fontWeight: 700 }}>
              {remaining.label}
              <div className="m-progress" role="progressbar" aria-label="Kalan süre" aria-valuenow={remaining.percent} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ width: `${remaining.percent}%` }} />
              </div>
            </div>
          </>
        ) : s.userVipStatus === 'expired' ? (
          <>
            <p>
              VIP üyeliğiniz {formatDate(s.lastSubscriptionEndDate ?? s.subscription?.endDate)} tarihinde sona erdi. Premium içeriklere yeniden erişmek için üyeliğinizi yenileyin.
            </p>
            <a className="btn" href="/vip-uyelik">
              Üyeliği Yenile
            </a>
          </>
        ) : s.userVipStatus === 'none' ? (
          <>
            <p>Henüz VIP üyeliğiniz bulunmuyor. Premium analizlere ve günlük tahmin paketine erişmek için bir paket seçin.</p>
            <a className="btn" href="/vip-uyelik">
              VIP Ol
            </a>
          </>
        ) : null}
        {s.userVipStatus === 'rejected' && (
          <div data-testid="vip-rejected">
            <div className="m-banner m-banner-error">
              <strong>Son talebiniz reddedildi.</strong>
              {s.lastRejectionReason ? <> Sebep: {s.lastRejectionReason}</> : null}
            </div>
            <p className="m-hint">Ödemenizi kontrol edip yeni bir talep oluşturabilirsiniz; sorunuz varsa destek ekibimize yazın.</p>
            <a className="btn" href="/vip-uyelik">
              Yeni Talep Oluştur
            </a>
          </div>
        )}
      </section>

      {pending && <PendingPayment pending={pending} onChanged={() => load(false)} />}
      {!pending && closed && (
        <section className="m-card" aria-labelledby="closed-title" data-testid="vip-closed-card">
          <h2 id="closed-title" className="vip-h2">
            Son Talep <span className="m-status m-status-expired">{closed.status === 'expired' ? 'Süresi doldu' : 'İptal edildi'}</span>
          </h2>
          <p>
            {closed.referenceCode ? `${closed.referenceCode} referanslı ` : ''}
            {closed.status === 'expired'
              ? 'talebiniz 7 gün içinde ödeme alınamadığı için kapatıldı. Ödeme yaptıysanız dekontunuzla destek ekibimize yazın; yapmadıysanız yeni bir talep oluşturabilirsiniz.'
              : 'talebinizi iptal ettiniz. Dilediğiniz zaman yeni bir talep oluşturabilirsiniz.'}
          </p>
          <RequestTimeline events={closed.timeline ?? []} />
          <a className="btn" href="/vip-uyelik">
            Yeni Talep Oluştur
          </a>
        </section>
      )}

      <section className="m-card" aria-labelledby="actions-title">
        <h2 id="actions-title" className="vip-h2">Hızlı İşlemler</h2>
        <div className="m-actions" style={{ marginTop: 0 }}>
          <a className="btn" href="/vip-uyelik" aria-disabled={s.userVipStatus === 'pending' ? 'true' : undefined}>
            Yeni Talep
          </a>
          <RefreshAndSupport className="btn btn-outline" busy={busy} onRefresh={() => void load(true)} label="Durumu Yenile" busyLabel="Yenileniyor..." />
        </div>
      </section>
    </div>
  );
}
