import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client';
import { api } from '../session';
import { DataTable, FilterBar, Pager, SelectFilter, useListQuery, type Column } from '../ui';
import { EstimateDialog } from './EstimateDialog';
import { dateText, isLockedAt, lockTimeText, shortHash, type PickerArticle, type StaffEstimate } from './model';
import { TurkishDateInput } from '../../islands/TurkishDateInput';
import { formatIsoDay } from '@shared/text/dates';

const PAGE_SIZE = 20;
const NO_FILTERS = { articleId: '', articleDate: '', estimateDate: '' };

/** Tab 'Tahmin Yönetimi': every saved estimate (an author's own), filters, edit, delete, media inline. */
export function EstimatesManager({ reloadKey }: { reloadKey: number }) {
  const list = useListQuery(
    async (page, filters: { articleId: string; articleDate: string; estimateDate: string }) => {
      const query = { page, limit: PAGE_SIZE, articleId: filters.articleId || undefined, articleDate: filters.articleDate || undefined, estimateDate: filters.estimateDate || undefined };
      const answer = await api.call((r) => r['race-estimate'].all.$get(), { query });
      return { rows: answer.data.raceEstimates, pagination: answer.pagination ?? null };
    },
    { filters: NO_FILTERS, errorText: (e) => e.message || 'Tahminler yüklenemedi', reloadKey },
  );
  const { filters, setFilter } = list;
  const load = list.reload;
  const rows = list.data?.rows ?? null;
  const pagination = list.data?.pagination;
  const [articles, setArticles] = useState<PickerArticle[]>([]);
  const [editing, setEditing] = useState<StaffEstimate | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    api
      .call((r) => r['race-estimate'].articles.$get(), { query: { category: 'estimation', status: 'published', limit: 100 } })
      .then((a) => setArticles(a.data))
      .catch(() => setArticles([]));
  }, [reloadKey]);

  async function remove(row: StaffEstimate) {
    if (!window.confirm(`"${row.title}" tahmini silinsin mi? Bu işlem geri alınamaz.`)) return;
    setBusyId(row.id);
    try {
      await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].$delete({ param: { articleId: row.articleId, estimateId: row.id } }));
      toast.success('Tahmin başarıyla silindi!');
      await load();
    } catch (e) {
      // A locked estimate stays on the record: say why instead of a bare failure.
      const why = e instanceof ApiError && (e.status === 409 || e.status === 403) ? ` ${e.message}` : '';
      toast.error(`Tahmin silinirken hata oluştu.${why}`);
    } finally {
      setBusyId(null);
    }
  }

  function replaced(updated: StaffEstimate) {
    list.setData((data) => data && { ...data, rows: data.rows.map((r) => (r.id === updated.id ? { ...updated, article: r.article } : r)) });
    setEditing((current) => (current && current.id === updated.id ? { ...updated, article: current.article } : current));
  }

  const columns: Column<StaffEstimate>[] = [
    {
      header: 'Tahmin',
      className: 'a-title-cell',
      cell: (row) => (
        <>
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
        </>
      ),
    },
    {
      header: 'Yarış günü',
      className: 'a-nowrap',
      cell: (row) => (
        <>
          {row.raceData.location}
          <span className="r-sub">{formatIsoDay(row.raceData.date)}</span>
        </>
      ),
    },
    {
      header: 'Seçimler',
      className: 'r-compact-cell',
      cell: (row) => (
        <>
          {row.races.map((r) => `${r.raceNumber}: ${r.selectedHorses.map((h) => h.number).join(',') || '—'}`).join(' / ')}
          <span className="r-sub">{row.selections.totalSelections} at</span>
        </>
      ),
    },
    {
      header: 'Kilit',
      className: 'a-nowrap',
      cell: (row) => {
        const locked = isLockedAt(row.lockAt);
        return (
          <>
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
          </>
        );
      },
    },
    {
      header: 'Medya',
      className: 'r-media-cell',
      cell: (row) => (
        <>
          {row.audio && <audio controls preload="none" src={row.audio.url} aria-label={`Ses: ${row.audio.title}`} />}
          {row.video && (
            <a href={row.video.url} target="_blank" rel="noopener noreferrer">
              ▶ {row.video.title || 'Video'}
            </a>
          )}
          {!row.audio && !row.video && <span className="a-muted">—</span>}
        </>
      ),
    },
    { header: 'Durum', cell: (row) => <span className={`a-status ${row.isActive ? 'a-status-active' : 'a-status-inactive'}`}>{row.isActive ? 'Aktif' : 'Pasif'}</span> },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      cell: (row) => (
        <div className="a-actions">
          <button type="button" className="a-icon-btn" onClick={() => setEditing(row)}>
            Düzenle
          </button>
          <button type="button" className="a-icon-btn a-danger" onClick={() => void remove(row)} disabled={busyId === row.id}>
            Sil
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="r-manager">
      <FilterBar>
        <SelectFilter
          id="r-filter-article"
          label="Makale"
          grow
          value={filters.articleId}
          all="Tüm makaleler"
          options={articles.map((a) => [a.id, a.title] as const)}
          onChange={(v) => setFilter('articleId', v)}
        />
        <label className="a-field">
          <span>Makale tarihi</span>
          <TurkishDateInput allowEmpty value={filters.articleDate} onChange={(next) => setFilter('articleDate', next)} />
        </label>
        <label className="a-field">
          <span>Tahmin tarihi</span>
          <TurkishDateInput allowEmpty value={filters.estimateDate} onChange={(next) => setFilter('estimateDate', next)} />
        </label>
        <button type="button" className="a-btn a-btn-ghost" onClick={() => list.setFilters(NO_FILTERS)}>
          Filtreleri temizle
        </button>
        <button type="button" className="a-btn a-btn-primary" onClick={() => void load()}>
          Yenile
        </button>
      </FilterBar>

      <DataTable
        className="r-estimates"
        columns={columns}
        rows={rows}
        error={list.error}
        onRetry={() => void load()}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'aria-busy': busyId === row.id, 'data-testid': `estimate-${row.id}` })}
        empty="Kayıtlı tahmin bulunamadı."
      />

      {pagination && pagination.totalPages > 1 && <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={list.setPage} range={`Toplam ${pagination.total} tahmin`} />}

      {editing && <EstimateDialog estimate={editing} onClose={() => setEditing(null)} onChanged={replaced} />}
    </div>
  );
}
