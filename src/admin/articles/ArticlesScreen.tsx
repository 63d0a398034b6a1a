import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { CATEGORY_LABELS, STATUSES } from '../../../functions/src/domain/articles/article';
import { RACE_RESULT_CHOICES, RACE_RESULT_LABELS, STATUS_LABELS, WRITABLE_CATEGORIES } from '../../../functions/src/domain/articles/write-schema';
import { api, type Pagination, type StaffUser } from '../session';
import { formatDate, numberFormat, rangeText, type ArticleStats, type StaffArticle } from './types';

const PAGE_SIZE = 10;

/** Article management (spec 002 §2): counters, filters, a table of 10 and the row actions. */
export function ArticlesScreen({ user }: { user: StaffUser }) {
  const isAdmin = user.role === 'admin';
  const [filters, setFilters] = useState({ category: '', status: '', search: '' });
  const [searchInput, setSearchInput] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StaffArticle[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [stats, setStats] = useState<ArticleStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    if (filters.category) q.set('category', filters.category);
    if (filters.status) q.set('status', filters.status);
    if (filters.search) q.set('search', filters.search);
    try {
      const [list, s] = await Promise.all([api.get<StaffArticle[]>(`/admin/articles?${q}`), api.get<ArticleStats>('/articles/stats')]);
      setRows(list.data);
      setPagination(list.pagination ?? null);
      setStats(s.data);
    } catch (e) {
      setError((e as Error).message);
      setRows([]);
    }
  }, [page, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(id: string, run: () => Promise<{ message?: string }>, fallback: string) {
    setBusyId(id);
    try {
      const r = await run();
      toast.success(r.message ?? 'İşlem tamamlandı.');
      await load();
    } catch (e) {
      toast.error((e as Error).message || fallback);
    } finally {
      setBusyId(null);
    }
  }

  const remove = (a: StaffArticle) => {
    if (!window.confirm(`"${a.title}" silinsin mi? Silinen makaleler listesinden geri yükleyebilirsiniz.`)) return;
    void act(a.id, () => api.del(`/articles/${a.id}`), 'Makale silinemedi');
  };

  const statCards: [string, number | undefined, string][] = [
    ['Toplam', stats?.total, 'total'],
    ['Yayında', stats?.published, 'published'],
    ['İncelemede', stats?.inReview, 'review'],
    ['Taslak', stats?.draft, 'draft'],
  ];

  return (
    <div className="a-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">Makale Yönetimi</h1>
          <p className="a-sub">{isAdmin ? 'Tüm makaleler' : 'Yalnızca sizin makaleleriniz'}</p>
        </div>
        <div className="a-head-actions">
          <Link className="a-btn a-btn-ghost" to="/admin/articles/deleted">
            Silinen Makaleler
          </Link>
          <Link className="a-btn a-btn-primary" to="/admin/articles/new">
            + Yeni Makale
          </Link>
        </div>
      </div>

      <div className="a-stats">
        {statCards.map(([label, value, key]) => (
          <div key={key} className={`a-stat a-stat-${key}`}>
            <span>{label}</span>
            <strong data-testid={`stat-${key}`}>{value === undefined ? '…' : numberFormat.format(value)}</strong>
          </div>
        ))}
      </div>

      <form
        className="a-card a-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters((f) => ({ ...f, search: searchInput.trim() }));
        }}
      >
        <label className="a-field">
          <span>Kategori</span>
          <select value={filters.category} onChange={(e) => (setPage(1), setFilters((f) => ({ ...f, category: e.target.value })))}>
            <option value="">Tümü</option>
            {WRITABLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="a-field">
          <span>Durum</span>
          <select value={filters.status} onChange={(e) => (setPage(1), setFilters((f) => ({ ...f, status: e.target.value })))}>
            <option value="">Tümü</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="a-field a-grow">
          <span>Ara</span>
          <input type="search" placeholder="Başlık, özet veya etiket…" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} />
        </label>
        <button className="a-btn a-btn-primary" type="submit">
          Ara
        </button>
      </form>

      {error && (
        <p className="a-alert a-alert-error" role="alert">
          {error}{' '}
          <button type="button" className="a-link" onClick={() => void load()}>
            Tekrar Dene
          </button>
        </p>
      )}

      <div className="a-card a-table-wrap">
        <table className="a-table">
          <thead>
            <tr>
              <th>Başlık</th>
              <th>Yazar</th>
              <th>Kategori</th>
              <th>Durum</th>
              <th>Yarış sonucu</th>
              <th>Tarih</th>
              <th className="a-right">İşlemler</th>
            </tr>
          </thead>
          <tbody>
            {rows === null && (
              <tr>
                <td colSpan={7} className="a-muted">
                  Yükleniyor…
                </td>
              </tr>
            )}
            {rows?.length === 0 && !error && (
              <tr>
                <td colSpan={7} className="a-empty">
                  Makale bulunamadı.
                </td>
              </tr>
            )}
            {rows?.map((a) => (
              <tr key={a.id} data-testid="article-row" aria-busy={busyId === a.id}>
                <td className="a-title-cell">
                  <Link to={`/admin/articles/edit?id=${a.id}`}>{a.title}</Link>
                  <div className="a-row-flags">
                    {a.isFeatured && <span className="a-pill a-pill-gold">★ Öne çıkan</span>}
                    {a.isPinned && <span className="a-pill">Sabit</span>}
                    {a.visibility !== 'public' && <span className="a-pill a-pill-vip">VIP</span>}
                  </div>
                </td>
                <td>{a.author.displayName}</td>
                <td>{CATEGORY_LABELS[a.category]}</td>
                <td>
                  <span className={`a-status a-status-${a.status}`}>{STATUS_LABELS[a.status]}</span>
                </td>
                <td>
                  <select
                    aria-label="Yarış sonucu"
                    className="a-mini-select"
                    value={a.raceResult ?? 'cleared'}
                    disabled={busyId === a.id}
                    onChange={(e) => void act(a.id, () => api.put(`/articles/${a.id}/race-result`, { raceResult: e.target.value }), 'Yarış sonucu güncellenemedi')}
                  >
                    {RACE_RESULT_CHOICES.map((r) => (
                      <option key={r} value={r}>
                        {r === 'cleared' ? 'Sonuç yok' : RACE_RESULT_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="a-nowrap">{formatDate(a.publishedAt ?? a.createdAt)}</td>
                <td className="a-actions">
                  <Link className="a-icon-btn" to={`/admin/articles/edit?id=${a.id}`} title="Düzenle">
                    Düzenle
                  </Link>
                  {a.status !== 'published' && (
                    <button type="button" className="a-icon-btn a-ok" disabled={busyId === a.id} onClick={() => void act(a.id, () => api.put(`/articles/${a.id}`, { status: 'published' }), 'Makale güncellenemedi')}>
                      Yayınla
                    </button>
                  )}
                  {a.status !== 'archived' && (
                    <button type="button" className="a-icon-btn" disabled={busyId === a.id} onClick={() => void act(a.id, () => api.put(`/articles/${a.id}`, { status: 'archived' }), 'Makale güncellenemedi')}>
                      Arşivle
                    </button>
                  )}
                  {isAdmin && (
                    <button
                      type="button"
                      className="a-icon-btn"
                      data-testid="feature-toggle"
                      disabled={busyId === a.id}
                      onClick={() => void act(a.id, () => api.put(`/articles/${a.id}`, { isFeatured: !a.isFeatured }), 'Makale güncellenemedi')}
                    >
                      {a.isFeatured ? 'Öne çıkarmayı kaldır' : 'Öne çıkar'}
                    </button>
                  )}
                  <button type="button" className="a-icon-btn a-danger" disabled={busyId === a.id} onClick={() => remove(a)}>
                    Sil
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && (
        <div className="a-pager">
          <span data-testid="range-text">{rangeText(pagination.page, pagination.limit, pagination.total)}</span>
          <div>
            <button type="button" className="a-btn a-btn-ghost" disabled={!pagination.hasPrev} onClick={() => setPage((p) => p - 1)}>
              ← Önceki
            </button>
            <span className="a-page-no">
              {pagination.page} / {pagination.totalPages}
            </span>
            <button type="button" className="a-btn a-btn-ghost" disabled={!pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
              Sonraki →
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
