import { Link } from 'react-router-dom';
import { CATEGORY_LABELS } from '@shared/articles/article';
import { api, type StaffUser } from '../session';
import { DataTable, fmtDate, Pager, rangeText, useListQuery, useRowAction, type Column } from '../ui';
import type { StaffArticle } from './types';

/** Soft-deleted articles, 10 per page, with restore and permanent delete. */
export function DeletedArticlesScreen({ user }: { user: StaffUser }) {
  const list = useListQuery(
    async (page) => {
      const r = await api.call((r) => r.articles.deleted.$get(), { query: { page, limit: 10 } });
      return { rows: r.data, pagination: r.pagination ?? null };
    },
    { filters: {} },
  );
  const load = list.reload;
  const { busy, run } = useRowAction(load);
  const pagination = list.data?.pagination;
  const columns: Column<StaffArticle>[] = [
    { header: 'Başlık', className: 'a-title-cell', cell: (a) => a.title },
    { header: 'Yazar', cell: (a) => a.author.displayName },
    { header: 'Kategori', cell: (a) => CATEGORY_LABELS[a.category] },
    { header: 'Silinme tarihi', cell: (a) => fmtDate(a.deletedAt) },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      className: 'a-actions',
      cell: (a) => (
        <>
          <button type="button" className="a-icon-btn a-ok" disabled={busy === a.id} onClick={() => void restore(a)}>
            Geri yükle
          </button>
          <button type="button" className="a-icon-btn a-danger" disabled={busy === a.id} onClick={() => purge(a)}>
            Kalıcı olarak sil
          </button>
        </>
      ),
    },
  ];

  const restore = (a: StaffArticle) =>
    run(a.id, async () => (await api.call((r) => r.articles[':id'].restore.$put({ param: { id: a.id } }))).message ?? 'Makale geri yüklendi.', (e) => e.message || 'Makale geri yüklenemedi');
  const purge = (a: StaffArticle) => {
    if (!window.confirm(`"${a.title}" kalıcı olarak silinsin mi? Bu işlem geri alınamaz; yorumları ve beğenileri de silinir.`)) return;
    void run(a.id, async () => (await api.call((r) => r.articles[':id'].$delete({ param: { id: a.id } }), { query: { permanent: true } })).message ?? 'Makale kalıcı olarak silindi.', (e) => e.message || 'Makale silinemedi');
  };

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
      <DataTable columns={columns} rows={list.data?.rows} error={list.error} onRetry={() => void load()} rowKey={(a) => a.id} rowProps={(a) => ({ 'aria-busy': busy === a.id })} empty="Silinen makale yok." />
      {pagination && pagination.total > 0 && <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={list.setPage} range={rangeText(pagination.page, pagination.limit, pagination.total)} />}
    </div>
  );
}
