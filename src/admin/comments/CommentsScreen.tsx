import { useMemo, useState } from 'react';
import type { AdminCommentView } from '../../../functions/src/domain/moderation/admin-comments';
import { foldTurkish } from '@shared/text/turkish';
import type { Wire } from '@shared/wire';
import { createCommentSchema } from '@shared/comments/comment';
import { api } from '../session';
import { actionsColumn, DataTable, FilterBar, FormDialog, fmtDateTime, Pager, rangeText, refreshBadges, RowButton, SearchFilter, SelectFilter, StatCards, TextField, useDialogFor, useListQuery, useRowAction, type Column } from '../ui';
import '../ui/screens.css';

const PAGE_SIZE = 20;

type AdminComment = Wire<AdminCommentView>;

const FILTERS = [
  ['all', 'Tümü'],
  ['pending', 'Bekleyen'],
  ['approved', 'Onaylanan'],
  ['rejected', 'Reddedilen'],
] as const;
const STATUS_LABELS = { pending: 'Bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi' } as const;

/** Comment moderation (spec 002 §2 'Comment management'). */
export function CommentsScreen() {
  const list = useListQuery(
    async (page, filters: { status: (typeof FILTERS)[number][0] }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), status: filters.status });
      const r = await api.call((r) => r.articles.admin.comments.$get(), { query: q });
      return { rows: r.data, pagination: r.pagination ?? null };
    },
    { filters: { status: 'all' }, errorText: 'Yorumlar yüklenirken hata oluştu' },
  );
  const [search, setSearch] = useState('');
  const { open: editing, setOpen: setEditing, close, done } = useDialogFor<AdminComment>(() => list.reload());
  const { busy, run } = useRowAction(async () => {
    refreshBadges();
    await list.reload();
  });
  const rows = list.data?.rows;
  const pagination = list.data?.pagination;

  // Searches the loaded page only (spec 002 §2): content, author and article title, Turkish-folded.
  const shown = useMemo(() => {
    const needle = foldTurkish(search.trim());
    if (!rows || !needle) return rows;
    return rows.filter((c) => [c.content, c.authorName, c.articleTitle].some((f) => foldTurkish(f).includes(needle)));
  }, [rows, search]);

  // The spec's text, plus the server's reason when it gives one (e.g. the comment is gone).
  const act = (c: AdminComment, call: () => Promise<unknown>, success: string, failure: string) =>
    void run(
      c.id,
      async () => {
        await call();
        return success;
      },
      (e) => (e.message && e.message !== failure ? `${failure}: ${e.message}` : failure),
    );


  const columns: Column<AdminComment>[] = [
    {
      header: 'Yorum',
      cell: (c) => (
        <>
          <div className="o-clip" title={c.content}>
            {c.content}
          </div>
          <div className="a-row-flags">
            {c.parentId && <span className="a-pill">↩ Yanıt</span>}
            {c.isEdited && <span className="a-pill a-pill-gold">Düzenlendi</span>}
          </div>
        </>
      ),
    },
    { header: 'Makale', className: 'a-title-cell', cell: (c) => c.articleTitle },
    { header: 'Durum', cell: (c) => <span className={`a-status a-status-${c.status} o-status-${c.status}`}>{STATUS_LABELS[c.status]}</span> },
    { header: 'Yazar', cell: (c) => c.authorName },
    {
      header: 'Tarih',
      className: 'a-nowrap',
      cell: (c) => (
        <>
          {fmtDateTime(c.createdAt)}
          {c.updatedAt !== c.createdAt && <span className="o-sub">Güncellendi: {fmtDateTime(c.updatedAt)}</span>}
        </>
      ),
    },
    actionsColumn<AdminComment>((c) => (
      <>
        {c.status === 'pending' && (
          <RowButton tone="ok" disabled={busy === c.id} onClick={() => act(c, () => api.call((r) => r.comments[':id'].approve.$put({ param: { id: c.id } })), 'Yorum onaylandı', 'Yorum onaylanırken hata oluştu')}>Onayla</RowButton>
        )}
        {c.status !== 'rejected' && (
          <RowButton disabled={busy === c.id} onClick={() => act(c, () => api.call((r) => r.comments[':id'].reject.$put({ param: { id: c.id } })), 'Yorum reddedildi', 'Yorum reddedilirken hata oluştu')}>Reddet</RowButton>
        )}
        <RowButton disabled={busy === c.id} onClick={() => setEditing(c)}>Düzenle</RowButton>
        <button
          type="button"
          className="a-icon-btn a-danger"
          disabled={busy === c.id}
          onClick={() => {
            if (!window.confirm('Bu yorum kalıcı olarak silinsin mi? Yanıtları da silinir.')) return;
            act(c, () => api.call((r) => r.comments[':id'].$delete({ param: { id: c.id } })), 'Yorum silindi', 'Yorum silinirken hata oluştu');
          }}
        >
          Sil
        </button>
      </>
    )),
  ];

  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">Yorum Yönetimi</h1>
        <p className="a-sub">Üyelerin yorumlarını onaylayın, düzenleyin veya kaldırın</p>
      </div>
      <StatCards
        items={[
          { label: 'Toplam', value: pagination?.totalComments, tone: 'total', testId: 'comments-total' },
          { label: 'Bekleyen', value: pagination?.pendingComments, tone: 'review', testId: 'comments-review' },
          { label: 'Onaylanan', value: pagination?.approvedComments, tone: 'published', testId: 'comments-published' },
          { label: 'Reddedilen', value: pagination?.rejectedComments, tone: 'draft', testId: 'comments-draft' },
        ]}
      />
      <FilterBar>
        <SelectFilter label="Durum" value={list.filters.status} options={FILTERS} onChange={(v) => list.setFilter('status', v)} />
        <SearchFilter label="Ara (bu sayfada)" placeholder="Yorum, yazar veya makale başlığı…" value={search} onChange={setSearch} />
      </FilterBar>
      <DataTable columns={columns} rows={shown} error={list.error} onRetry={() => void list.reload()} rowKey={(c) => c.id} rowProps={(c) => ({ 'data-testid': 'comment-row', 'aria-busy': busy === c.id })} empty="Yorum bulunamadı" />
      {pagination && <Pager page={list.page} totalPages={pagination.totalPages} onPage={list.setPage} max={7} range={rangeText(list.page, PAGE_SIZE, pagination.total)} />}
      {editing && <EditDialog comment={editing} onClose={close} onSaved={done} />}
    </div>
  );
}

/** The comment's own content rule (the public form's): trimmed, 1 to 2000 characters. */
const editSchema = createCommentSchema.pick({ content: true });

function EditDialog({ comment, onClose, onSaved }: { comment: AdminComment; onClose: () => void; onSaved: () => void }) {
  return (
    <FormDialog
      label="Yorumu Düzenle"
      wide
      schema={editSchema}
      defaultValues={{ content: comment.content }}
      send={(values) => api.call((r) => r.comments[':id'].$put({ param: { id: comment.id } }), { body: values })}
      success="Yorum güncellendi"
      failure={(e) => e.message || 'Yorum güncellenirken hata oluştu'}
      onClose={onClose}
      onDone={onSaved}
      submitLabel="Kaydet"
      ready={(values) => !!values.content?.trim()}
    >
      {({ register, formState: { errors } }) => (
        <>
          <p className="a-muted">
            {comment.authorName} · {comment.articleTitle}
          </p>
          <TextField label="Yorum" field={register('content')} error={errors.content} rows={6} />
        </>
      )}
    </FormDialog>
  );
}
