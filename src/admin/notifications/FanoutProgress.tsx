import { useEffect } from 'react';
import type { FanoutView } from '../../../functions/src/domain/notifications/fanout-progress';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { DataTable, fmtDate, fmtDateTime, LoadError, numberFormat, useListQuery, type Column } from '../ui';
import './fanout-progress.css';

/**
 * Staff view of the VIP notices (issue 15): each fan-out's progress and counts, on the article
 * (edit screen) and in the VIP statistics. A running fan-out is polled every 3 seconds.
 */

type Fanout = Wire<FanoutView>;
const KIND_LABELS: Record<Fanout['kind'], string> = { estimate: 'Tahmin bildirimi', daily: 'Günlük paket', results: 'Sonuç bildirimi' };
const POLL_MS = 3000;

/**
 * Locally no extension reports a delivery back: the notices wait in the outbox (/_dev/outbox) and
 * "0 sent" would read as a failure, so the panel says they are queued.
 */
const LOCAL_NOTE = 'Yerel çalışmada iletiler çıkış kutusunda (/_dev/outbox) kalır; teslim bilgisi gelmez.';
const sentText = (f: { sent: number; queued: number; deliveryReports: boolean }) => (f.deliveryReports || f.queued === 0 ? numberFormat.format(f.sent) : 'Kuyrukta');

const kindText = (f: Fanout) => (f.kind === 'daily' && f.day ? `${KIND_LABELS.daily} (${fmtDate(f.day)})` : KIND_LABELS[f.kind]);

/** Re-reads while anything is still running. */
function usePolling(running: boolean, reload: () => Promise<void>) {
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
}

function FanoutCounts({ fanout }: { fanout: Fanout }) {
  const handled = fanout.queued + fanout.skipped;
  const percent = fanout.expected ? Math.min(100, Math.round((handled / fanout.expected) * 100)) : fanout.status === 'done' ? 100 : null;
  return (
    <div className="n-fanout" data-testid="fanout">
      <div className="n-fanout-head">
        <strong>{kindText(fanout)}</strong>
        <span className={`a-status ${fanout.status === 'done' ? 'a-status-active' : 'a-status-pending'}`}>{fanout.status === 'done' ? 'Tamamlandı' : 'Sürüyor…'}</span>
      </div>
      {percent !== null && (
        <div className="n-bar" role="progressbar" aria-label="Bildirim ilerlemesi" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
      )}
      <dl className="n-counts">
        <div>
          <dt>Kuyruğa alınan</dt>
          <dd data-testid="fanout-queued">{numberFormat.format(fanout.queued)}</dd>
        </div>
        <div>
          <dt>Gönderilen</dt>
          <dd data-testid="fanout-sent">{sentText(fanout)}</dd>
        </div>
        <div>
          <dt>Atlanan</dt>
          <dd data-testid="fanout-skipped">{numberFormat.format(fanout.skipped)}</dd>
        </div>
      </dl>
      <span className="a-muted n-when">
        {fanout.startedAt ? `Başladı: ${fmtDateTime(fanout.startedAt)}` : ''}
        {fanout.expected !== null ? ` · İşlenen: ${numberFormat.format(handled)} / ${numberFormat.format(fanout.expected)}` : ''}
      </span>
      {!fanout.deliveryReports && fanout.queued > 0 && <span className="a-muted n-when">{LOCAL_NOTE}</span>}
    </div>
  );
}

/** The notices of one article, for its edit screen. */
export function ArticleNotices({ articleId }: { articleId: string }) {
  const query = useListQuery(async () => (await api.call((r) => r.admin.articles[':id'].notifications.$get({ param: { id: encodeURIComponent(articleId) } }))).data, { filters: {}, errorText: 'Bildirim durumu yüklenemedi', reloadKey: articleId });
  usePolling(!!query.data?.some((f) => f.status === 'running'), query.reload);
  return (
    <div className="a-card" data-testid="article-notices">
      <h2 className="a-h2">VIP Bildirimleri</h2>
      {query.error && <LoadError message={query.error} onRetry={() => void query.reload()} />}
      {!query.data && !query.error && <p className="a-muted">Yükleniyor…</p>}
      {query.data?.length === 0 && <p className="a-muted">Bu makale için bildirim gönderilmedi. VIP kitlesine yayımlanan tahminler, bildirim açmış VIP üyelere iletilir.</p>}
      {query.data?.map((f) => <FanoutCounts key={f.id} fanout={f} />)}
    </div>
  );
}

/** The VIP statistics' notice figures: totals of the last 30 days and the newest fan-outs. */
export function NotificationStats() {
  const query = useListQuery(async () => (await api.call((r) => r.admin.notifications.fanouts.$get())).data, { filters: {}, errorText: 'Bildirim istatistikleri yüklenemedi' });
  const stats = query.data;
  usePolling((stats?.running ?? 0) > 0, query.reload);
  const columns: Column<Fanout>[] = [
    { header: 'Bildirim', cell: kindText },
    { header: 'Başlangıç', cell: (f) => (f.startedAt ? fmtDateTime(f.startedAt) : '—') },
    { header: 'Durum', cell: (f) => (f.status === 'done' ? 'Tamamlandı' : 'Sürüyor…') },
    { header: 'Kuyruğa alınan', className: 'a-right', headerClassName: 'a-right', cell: (f) => numberFormat.format(f.queued) },
    { header: 'Gönderilen', className: 'a-right', headerClassName: 'a-right', cell: sentText },
    { header: 'Atlanan', className: 'a-right', headerClassName: 'a-right', cell: (f) => numberFormat.format(f.skipped) },
  ];
  return (
    <div className="a-card n-stats" data-testid="notification-stats">
      <h2 className="a-h2">VIP Bildirimleri (son 30 gün)</h2>
      {query.error && <LoadError message={query.error} onRetry={() => void query.reload()} />}
      {stats && (
        <div className="o-figures">
          {(
            [
              ['Gönderim', stats.fanouts],
              ['Süren gönderim', stats.running],
              ['Kuyruğa alınan', stats.queued],
              ['Gönderilen', stats.deliveryReports || stats.queued === 0 ? stats.sent : 'Kuyrukta'],
              ['Atlanan', stats.skipped],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="o-figure">
              <span>{label}</span>
              <strong>{typeof value === 'number' ? numberFormat.format(value) : value}</strong>
            </div>
          ))}
        </div>
      )}
      {stats && !stats.deliveryReports && stats.queued > 0 && <p className="a-muted">{LOCAL_NOTE}</p>}
      <DataTable columns={columns} rows={stats?.recent ?? (query.error ? [] : null)} rowKey={(f) => f.id} empty="Son 30 günde bildirim gönderilmedi" failed={!!query.error} />
    </div>
  );
}
