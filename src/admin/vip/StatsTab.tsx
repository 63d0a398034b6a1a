import { useCallback, useEffect, useState } from 'react';
import type { VipStatsView } from '../../../functions/src/domain/membership/vip-admin-queries';
import { NotificationStats } from '../notifications/FanoutProgress';
import { api } from '../session';
import { numberFormat, StatCards } from '../ui';

/** VIP figures (spec 002 §2 'Statistics'); a failed load says so and offers a retry. */
export function StatsTab() {
  const [stats, setStats] = useState<VipStatsView | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    setStats(null);
    try {
      setStats((await api.call((r) => r.users.admin['vip-stats'].$get())).data);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (failed) {
    return (
      <div className="a-card a-empty" role="alert">
        <h2 className="a-h2">İstatistikler Yüklenemedi</h2>
        <button type="button" className="a-btn a-btn-primary" onClick={() => void load()}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  if (!stats) return <div className="a-card a-muted">Yükleniyor…</div>;
  const cards = [
    { label: 'Toplam VIP Kullanıcı', value: stats.totalVipUsers, tone: 'total' },
    { label: 'Aktif Abonelik', value: stats.activeSubscriptions, tone: 'published' },
    { label: 'Bekleyen Talep', value: stats.pendingRequests, tone: 'review' },
    { label: '7 Gün İçinde Bitecek', value: stats.expiringInNext7Days, tone: 'draft' },
  ];
  const figures: [string, string][] = [
    ['Süresi dolmuş abonelik', numberFormat.format(stats.expiredSubscriptions)],
    ['Toplam talep', numberFormat.format(stats.totalRequests)],
    ['Onaylanan talep', numberFormat.format(stats.approvedRequests)],
    ['Reddedilen talep', numberFormat.format(stats.rejectedRequests)],
    ['Ortalama abonelik süresi', `${numberFormat.format(stats.averageSubscriptionDuration)} gün`],
    ['30 gün içinde bitecek', numberFormat.format(stats.expiringInNext30Days)],
    ['Açık talep (ödeme bekleyen)', numberFormat.format(stats.openRequests)],
    ['Süresi dolan talep', numberFormat.format(stats.expiredRequests)],
    ['Ekstreden eşleşen ödeme', numberFormat.format(stats.matchedPayments)],
  ];
  return (
    <div className="a-page">
      <StatCards items={cards} />
      <div className="a-card">
        <h2 className="a-h2">Ayrıntılar</h2>
        <div className="o-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="o-figure">
              <span>{label}</span>
              <strong>{value}</strong>
            </div>
          ))}
        </div>
      </div>
      <NotificationStats />
    </div>
  );
}
