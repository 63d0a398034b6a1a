import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { AdminApiError, api, type Pagination } from '../session';
import { EstimateDialog } from './EstimateDialog';
import { dateText, isLockedAt, isoDayText, lockTimeText, shortHash, type PickerArticle, type StaffEstimate } from './model';

const PAGE_SIZE = 20;

/** Tab 'Tahmin Yönetimi': every saved estimate (an author's own), filters, edit, delete, media inline. */
export function EstimatesManager({ reloadKey }: { reloadKey: number }) {
  const [filters, setFilters] = useState({ articleId: '', articleDate: '', estimateDate: '' });
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StaffEstimate[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [articles, setArticles] = useState<PickerArticle[]>([]);
  const [editing, setEditing] = useState<StaffEstimate | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    try {
      const answer = await api.get<{ raceEstimates: StaffEstimate[] }>(`/race-estimate/all?${q}`);
      setRows(answer.data.raceEstimates);
      setPagination(answer.pagination ?? null);
      setError(null);
    } catch (e) {
      setError((e as Error).message || 'Tahminler yüklenemedi');
      setRows([]);
    }
  }, [page, filters]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  useEffect(() => {
    api
      .get<PickerArticle[]>('/race-estimate/articles?category=estimation&status=published&limit=100')
      .then((a) => setArticles(a.data))
      .catch(() => setArticles([]));
  }, [reloadKey]);

  function setFilter(key: keyof typeof filters, value: string) {
    setPage(1);
    setFilters((f) => ({ ...f, [key]: value }));
  }

  async function remove(row: StaffEstimate) {
    if (!window.confirm(`"${row.title}" tahmini silinsin mi? Bu işlem geri alınamaz.`)) return;
    setBusyId(row.id);
    try {
      await api.del(`/articles/${row.articleId}/race-estimates/${row.id}`);
      toast.success('Tahmin başarıyla silindi!');
      await load();
    } catch (e) {
      // A locked estimate stays on the record: say why instead of a bare failure.
      const why = e instanceof AdminApiError && (e.status === 409 || e.status === 403) ? ` ${e.message}` : '';
      toast.error(`Tahmin silinirken hata oluştu.${why}`);
    } finally {
      setBusyId(null);
    }
  }

  function replaced(updated: StaffEstimate) {
    setRows((list) => list?.map((r) => (r.id === updated.id ? { ...updated, article: r.article } : r)) ?? list);
    setEditing((current) => (current && current.id === updated.id ? { ...updated, article: current.article } : current));
  }

  return (
    <div className="r-manager">
      <div className="a-card a-filters">
        <label className="a-field a-grow">
          <span>Makale</span>
          <select id="r-filter-article" value={filters.articleId} onChange={(e) => setFilter('articleId', e.target.value)}>
            <option value="">Tüm makaleler</option>
            {articles.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </label>
        <label className="a-field">
          <span>Makale tarihi</span>
          <input type="date" value={filters.articleDate} onChange={(e) => setFilter('articleDate', e.target.value)} />
        </label>
        <label className="a-field">
          <span>Tahmin tarihi</span>
          <input type="date" value={filters.estimateDate} onChange={(e) => setFilter('estimateDate', e.target.value)} />
        </label>
        <button type="button" className="a-btn a-btn-ghost" onClick={() => (setPage(1), setFilters({ articleId: '', articleDate: '', estimateDate: '' }))}>
          Filtreleri temizle
        </button>
        <button type="button" className="a-btn a-btn-primary" onClick={() => void load()}>
          Yenile
        </button>
      </div>

      {error && (
        <p className="a-alert a-alert-error r-load-error" role="alert">
          <span>{error}</span>
          <button type="button" className="a-btn a-btn-ghost" onClick={() => void load()}>
            Tekrar Dene
          </button>
        </p>
      )}

      <div className="a-card a-table-wrap">
        <table className="a-table r-estimates">
          <thead>
            <tr>
              <th>Tahmin</th>
              <th>Yarış günü</th>
              <th>Seçimler</th>
              <th>Kilit</th>
              <th>Medya</th>
              <th>Durum</th>
              <th className="a-right">İşlemler</th>
            </tr>
          </thead>
          <tbody>
            {rows === null && (
              <tr>
                <td colSpan={7} className="a-empty">
                  Yükleniyor…
                </td>
              </tr>
            )}
            {rows?.length === 0 && !error && (
              <tr>
                <td colSpan={7} className="a-empty">
                  Kayıtlı tahmin bulunamadı.
                </td>
              </tr>
            )}
            {rows?.map((row) => {
              const locked = isLockedAt(row.lockAt);
              return (
                <tr key={row.id} aria-busy={busyId === row.id} data-testid={`estimate-${row.id}`}>
                  <td className="a-title-cell">
                    <strong>{row.title}</strong>
                    <span className="r-sub">
                      {row.article ? (
                        <a href={`/makale/${row.article.slug || row.article.id}`} target="_blank" rel="noopener">
                          {row.article.title}
                        </a>
                      ) : (
                        'Makale bulunamadı'
                      )}
                      {row.article?.publishedAt ? ` · ${dateText(row.article.publishedAt)}` : ''}
                    </span>
                    <span className="r-sub">Eklendi: {lockTimeText(row.createdAt)}</span>
                  </td>
                  <td className="a-nowrap">
                    {row.raceData.location}
                    <span className="r-sub">{isoDayText(row.raceData.date)}</span>
                  </td>
                  <td className="r-compact-cell">
                    {row.races.map((r) => `${r.raceNumber}: ${r.selectedHorses.map((h) => h.number).join(',') || '—'}`).join(' / ')}
                    <span className="r-sub">{row.selections.totalSelections} at</span>
                  </td>
                  <td className="a-nowrap">
                    <span className={`a-status ${locked ? 'a-status-archived' : 'a-status-pending'}`}>{locked ? 'Kilitli' : 'Açık'}</span>
                    <span className="r-sub">{lockTimeText(row.lockAt)}</span>
                    <span className="r-sub r-mono" title={row.selectionsHash}>
                      #{shortHash(row.selectionsHash)}
                    </span>
                    {row.settlement && (
                      <span className="r-sub">
                        Sonuç: {row.settlement.legsHit}/{row.settlement.legsTotal}
                      </span>
                    )}
                  </td>
                  <td className="r-media-cell">
                    {row.audio && <audio controls preload="none" src={row.audio.url} aria-label={`Ses: ${row.audio.title}`} />}
                    {row.video && (
                      <a href={row.video.url} target="_blank" rel="noopener noreferrer">
                        ▶ {row.video.title || 'Video'}
                      </a>
                    )}
                    {!row.audio && !row.video && <span className="a-muted">—</span>}
                  </td>
                  <td>
                    <span className={`a-status ${row.isActive ? 'a-status-active' : 'a-status-inactive'}`}>{row.isActive ? 'Aktif' : 'Pasif'}</span>
                  </td>
                  <td>
                    <div className="a-actions">
                      <button type="button" className="a-icon-btn" onClick={() => setEditing(row)}>
                        Düzenle
                      </button>
                      <button type="button" className="a-icon-btn a-danger" onClick={() => void remove(row)} disabled={busyId === row.id}>
                        Sil
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {pagination && pagination.totalPages > 1 && (
        <div className="a-pager">
          <span>
            Toplam {pagination.total} tahmin · sayfa {pagination.page}/{pagination.totalPages}
          </span>
          <div>
            <button type="button" className="a-btn a-btn-ghost" disabled={!pagination.hasPrev} onClick={() => setPage((p) => p - 1)}>
              ‹ Önceki
            </button>
            <button type="button" className="a-btn a-btn-ghost" disabled={!pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
              Sonraki ›
            </button>
          </div>
        </div>
      )}

      {editing && <EstimateDialog estimate={editing} onClose={() => setEditing(null)} onChanged={replaced} />}
    </div>
  );
}
