import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { CATEGORY_LABELS } from '../../../functions/src/domain/articles/article';
import { api, type Pagination, type StaffUser } from '../session';
import { formatDate, rangeText, type StaffArticle } from './types';

/** Soft-deleted articles, 10 per page, with restore and permanent delete. */
export function DeletedArticlesScreen({ user }: { user: StaffUser }) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StaffArticle[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const r = await api.get<StaffArticle[]>(`/articles/deleted?page=${page}&limit=10`);
      setRows(r.data);
      setPagination(r.pagination ?? null);
    } catch (e) {
      setError((e as Error).message);
      setRows([]);
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  async function restore(a: StaffArticle) {
    try {
      const r = await api.put(`/articles/${a.id}/restore`);
      toast.success(r.message ?? 'Makale geri yüklendi.');
      await load();
    } catch (e) {
      toast.error((e as Error).message || 'Makale geri yüklenemedi');
    }
  }
  async function purge(a: StaffArticle) {
    if (!window.confirm(`"${a.title}" kalıcı olarak silinsin mi? Bu işlem geri alınamaz; yorumları ve beğenileri de silinir.`)) return;
    try {
      const r = await api.del(`/articles/${a.id}?permanent=true`);
      toast.success(r.message ?? 'Makale kalıcı olarak silindi.');
      await load();
    } catch (e) {
      toast.error((e as Error).message || 'Makale silinemedi');
    }
  }

  return (
    <div className="a-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">Silinen Makaleler</h1>
          <p className="a-sub">{user.role === 'admin' ? 'Tüm silinen makaleler' : 'Sizin sildiğiniz makaleler'}; geri yükleyebilir veya kalıcı olarak silebilirsiniz.</p>
        </div>
        <Link className="a-btn a-btn-ghost" to="/admin/articles">
          ← Makalelere dön
        </Link>
      </div>
      {error && <p className="a-alert a-alert-error">{error}</p>}
      <div className="a-card a-table-wrap">
        <table className="a-table">
          <thead>
            <tr>
              <th>Başlık</th>
              <th>Yazar</th>
              <th>Kategori</th>
              <th>Silinme tarihi</th>
              <th className="a-right">İşlemler</th>
            </tr>
          </thead>
          <tbody>
            {rows === null && (
              <tr>
                <td colSpan={5} className="a-muted">
                  Yükleniyor…
                </td>
              </tr>
            )}
            {rows?.length === 0 && !error && (
              <tr>
                <td colSpan={5} className="a-empty">
                  Silinen makale yok.
                </td>
              </tr>
            )}
            {rows?.map((a) => (
              <tr key={a.id}>
                <td className="a-title-cell">{a.title}</td>
                <td>{a.author.displayName}</td>
                <td>{CATEGORY_LABELS[a.category]}</td>
                <td>{formatDate(a.deletedAt)}</td>
                <td className="a-actions">
                  <button type="button" className="a-icon-btn a-ok" onClick={() => void restore(a)}>
                    Geri yükle
                  </button>
                  <button type="button" className="a-icon-btn a-danger" onClick={() => void purge(a)}>
                    Kalıcı olarak sil
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && pagination.total > 0 && (
        <div className="a-pager">
          <span>{rangeText(pagination.page, pagination.limit, pagination.total)}</span>
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
