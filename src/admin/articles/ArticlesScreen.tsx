import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AUDIENCE_LABELS, AUDIENCES, CATEGORY_LABELS, RACE_RESULTS, STATUSES } from '@shared/articles/article';
import { RACE_RESULT_CHOICES, RACE_RESULT_LABELS, STATUS_LABELS, WRITABLE_CATEGORIES } from '@shared/articles/write-schema';
import { api, type StaffUser } from '../session';
import { choices, DataTable, FilterBar, fmtDate, fmtDateTime, LoadError, Pager, rangeText, SearchFilter, SelectFilter, StatCards, useListQuery, useRowAction, type Column } from '../ui';
import type { StaffArticle } from './types';

const PAGE_SIZE = 10;
const CATEGORY_CHOICES = choices(WRITABLE_CATEGORIES, CATEGORY_LABELS);
const STATUS_CHOICES = choices(STATUSES, STATUS_LABELS);
const AUDIENCE_CHOICES = choices(AUDIENCES, AUDIENCE_LABELS);
const RESULT_CHOICES = choices(RACE_RESULTS, RACE_RESULT_LABELS);

/** Article management (spec 002 §2): counters, filters, a table of 10 and the row actions. */
export function ArticlesScreen({ user }: { user: StaffUser }) {
  const isAdmin = user.role === 'admin';
  const list = useListQuery(
    async (page, filters: { category: string; status: string; audience: string; raceResult: string; search: string }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
      // The counters are their own call: when only they fail, the list still shows, with the spec's text (000 §8) above it.
      const [rows, stats] = await Promise.all([
        api.call((r) => r.admin.articles.$get(), { query: q }),
        api.call((r) => r.articles.stats.$get()).then(
          (answer) => answer.data,
          () => null,
        ),
      ]);
      return { rows: rows.data, pagination: rows.pagination ?? null, stats };
    },
    { filters: { category: '', status: '', audience: '', raceResult: '', search: '' } },
  );
  const [searchInput, setSearchInput] = useState('');
  const { busy: busyId, run } = useRowAction(list.reload);

  const act = (id: string, call: () => Promise<{ message?: string }>, fallback: string) =>
    void run(
      id,
      async () => (await call()).message ?? 'İşlem tamamlandı.',
      (e) => e.message || fallback,
    );

  const remove = (a: StaffArticle) => {
    if (!window.confirm(`"${a.title}" silinsin mi? Silinen makaleler listesinden geri yükleyebilirsiniz.`)) return;
    act(a.id, () => api.call((r) => r.articles[':id'].$delete({ param: { id: a.id } })), 'Makale silinemedi');
  };

  const stats = list.data?.stats;
  const pagination = list.data?.pagination;
  const columns: Column<StaffArticle>[] = [
    {
      header: 'Başlık',
      className: 'a-title-cell',
      cell: (a) => (
        <>
          <Link to={`/admin/articles/edit?id=${a.id}`}>{a.title}</Link>
          <div className="a-row-flags">
            {a.isFeatured && <span className="a-pill a-pill-gold">★ Öne çıkan</span>}
            {a.isPinned && <span className="a-pill">Sabit</span>}
            {a.visibility !== 'public' && <span className="a-pill a-pill-vip">VIP</span>}
          </div>
        </>
      ),
    },
    { header: 'Yazar', cell: (a) => a.author.displayName },
    { header: 'Kategori', cell: (a) => CATEGORY_LABELS[a.category] },
    {
      header: 'Durum',
      cell: (a) => (
        <>
          <span className={`a-status a-status-${a.status}`}>{STATUS_LABELS[a.status]}</span>
          {a.status === 'scheduled' && a.scheduledAt && (
            <span className="a-goes-live" data-testid="goes-live">
              Yayın: {fmtDateTime(a.scheduledAt)}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Yarış sonucu',
      cell: (a) => (
        <select
          aria-label="Yarış sonucu"
          className="a-mini-select"
          value={a.raceResult ?? 'cleared'}
          disabled={busyId === a.id}
          onChange={(e) => act(a.id, () => api.call((r) => r.articles[':id']['race-result'].$put({ param: { id: a.id } }), { body: { raceResult: e.target.value } }), 'Yarış sonucu güncellenemedi')}
        >
          {RACE_RESULT_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r === 'cleared' ? 'Sonuç yok' : RACE_RESULT_LABELS[r]}
            </option>
          ))}
        </select>
      ),
    },
    { header: 'Tarih', className: 'a-nowrap', cell: (a) => fmtDate(a.publishedAt ?? a.createdAt) },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      className: 'a-actions',
      cell: (a) => (
        <>
          <Link className="a-icon-btn" to={`/admin/articles/edit?id=${a.id}`} title="Düzenle">
            Düzenle
          </Link>
          {a.status !== 'published' && (
            <button type="button" className="a-icon-btn a-ok" disabled={busyId === a.id} onClick={() => act(a.id, () => api.call((r) => r.articles[':id'].$put({ param: { id: a.id } }), { body: { status: 'published' } }), 'Makale güncellenemedi')}>
              Yayınla
            </button>
          )}
          {a.status !== 'archived' && (
            <button type="button" className="a-icon-btn" disabled={busyId === a.id} onClick={() => act(a.id, () => api.call((r) => r.articles[':id'].$put({ param: { id: a.id } }), { body: { status: 'archived' } }), 'Makale güncellenemedi')}>
              Arşivle
            </button>
          )}
          {isAdmin && (
            <button
              type="button"
              className="a-icon-btn"
              data-testid="feature-toggle"
              disabled={busyId === a.id}
              onClick={() => act(a.id, () => api.call((r) => r.articles[':id'].$put({ param: { id: a.id } }), { body: { isFeatured: !a.isFeatured } }), 'Makale güncellenemedi')}
            >
              {a.isFeatured ? 'Öne çıkarmayı kaldır' : 'Öne çıkar'}
            </button>
          )}
          <button type="button" className="a-icon-btn a-danger" disabled={busyId === a.id} onClick={() => remove(a)}>
            Sil
          </button>
        </>
      ),
    },
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

      {list.data && !stats && <LoadError message="İstatistikler yüklenirken hata oluştu" onRetry={() => void list.reload()} />}
      <StatCards
        items={[
          { label: 'Toplam', value: stats?.total, tone: 'total', testId: 'stat-total' },
          { label: 'Yayında', value: stats?.published, tone: 'published', testId: 'stat-published' },
          { label: 'İncelemede', value: stats?.inReview, tone: 'review', testId: 'stat-review' },
          { label: 'Taslak', value: stats?.draft, tone: 'draft', testId: 'stat-draft' },
        ]}
      />

      <FilterBar onSearch={() => list.search('search', searchInput.trim())}>
        <SelectFilter label="Kategori" value={list.filters.category} all="Tümü" options={CATEGORY_CHOICES} onChange={(v) => list.setFilter('category', v)} />
        <SelectFilter label="Durum" value={list.filters.status} all="Tümü" options={STATUS_CHOICES} onChange={(v) => list.setFilter('status', v)} />
        <SelectFilter label="Hitap" value={list.filters.audience} all="Tümü" options={AUDIENCE_CHOICES} onChange={(v) => list.setFilter('audience', v)} />
        <SelectFilter label="Yarış sonucu" value={list.filters.raceResult} all="Tümü" options={RESULT_CHOICES} onChange={(v) => list.setFilter('raceResult', v)} />
        <SearchFilter label="Ara" placeholder="Başlık, özet veya etiket…" value={searchInput} onChange={setSearchInput} />
      </FilterBar>

      <DataTable columns={columns} rows={list.data?.rows} error={list.error} onRetry={() => void list.reload()} rowKey={(a) => a.id} rowProps={(a) => ({ 'data-testid': 'article-row', 'aria-busy': busyId === a.id })} empty="Makale bulunamadı." />
      {pagination && <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={list.setPage} range={rangeText(pagination.page, pagination.limit, pagination.total)} />}
    </div>
  );
}
