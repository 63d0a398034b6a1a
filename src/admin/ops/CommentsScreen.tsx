import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { foldTurkish } from '../../../functions/src/domain/text/turkish';
import { AccessDenied } from '../Shell';
import { api, type StaffUser } from '../session';
import { fmtDateTime, LoadError, Modal, NumberedPager, numberFormat, rangeText, refreshBadges } from './ui';

const PAGE_SIZE = 20;

interface AdminComment {
  id: string;
  articleId: string;
  content: string;
  authorName: string;
  articleTitle: string;
  parentId: string | null;
  status: 'pending' | 'approved' | 'rejected';
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
}
interface CommentPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalComments: number;
  pendingComments: number;
  approvedComments: number;
  rejectedComments: number;
}

const FILTERS = [
  ['all', 'Tümü'],
  ['pending', 'Bekleyen'],
  ['approved', 'Onaylanan'],
  ['rejected', 'Reddedilen'],
] as const;
const STATUS_LABELS = { pending: 'Bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi' } as const;

/** Comment moderation (spec 002 §2 'Comment management'). */
export function CommentsScreen({ user }: { user: StaffUser }) {
  const [status, setStatus] = useState<(typeof FILTERS)[number][0]>('all');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<AdminComment[] | null>(null);
  const [pagination, setPagination] = useState<CommentPagination | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminComment | null>(null);

  const load = useCallback(async () => {
    setError(null);
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), status });
    try {
      const r = await api.get<AdminComment[]>(`/articles/admin/comments?${q}`);
      setRows(r.data);
      setPagination((r.pagination as unknown as CommentPagination) ?? null);
    } catch {
      setRows(null);
      setError('Yorumlar yüklenirken hata oluştu');
    }
  }, [page, status]);
  useEffect(() => {
    void load();
  }, [load]);

  // Searches the loaded page only (spec 002 §2): content, author and article title, Turkish-folded.
  const shown = useMemo(() => {
    const needle = foldTurkish(search.trim());
    if (!rows || !needle) return rows;
    return rows.filter((c) => [c.content, c.authorName, c.articleTitle].some((f) => foldTurkish(f).includes(needle)));
  }, [rows, search]);

  async function act(c: AdminComment, run: () => Promise<{ message?: string }>, success: string, failure: string) {
    setBusy(c.id);
    try {
      await run();
      toast.success(success);
      refreshBadges();
      await load();
    } catch (e) {
      // The spec's text, plus the server's reason when it gives one (e.g. the comment is gone).
      const reason = (e as Error).message;
      toast.error(reason && reason !== failure ? `${failure}: ${reason}` : failure);
    } finally {
      setBusy(null);
    }
  }

  if (user.role !== 'admin') return <AccessDenied />;

  const counters: [string, number | undefined, string][] = [
    ['Toplam', pagination?.totalComments, 'total'],
    ['Bekleyen', pagination?.pendingComments, 'review'],
    ['Onaylanan', pagination?.approvedComments, 'published'],
    ['Reddedilen', pagination?.rejectedComments, 'draft'],
  ];

  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">Yorum Yönetimi</h1>
        <p className="a-sub">Üyelerin yorumlarını onaylayın, düzenleyin veya kaldırın</p>
      </div>
      <div className="a-stats">
        {counters.map(([label, value, key]) => (
          <div key={key} className={`a-stat a-stat-${key}`}>
            <span>{label}</span>
            <strong data-testid={`comments-${key}`}>{value === undefined ? '…' : numberFormat.format(value)}</strong>
          </div>
        ))}
      </div>
      <div className="a-card a-filters">
        <label className="a-field">
          <span>Durum</span>
          <select
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as typeof status);
            }}
          >
            {FILTERS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="a-field a-grow">
          <span>Ara (bu sayfada)</span>
          <input type="search" placeholder="Yorum, yazar veya makale başlığı…" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {error && <LoadError message={error} onRetry={() => void load()} />}
      <div className="a-card a-table-wrap">
        <table className="a-table">
          <thead>
            <tr>
              <th>Yorum</th>
              <th>Makale</th>
              <th>Durum</th>
              <th>Yazar</th>
              <th>Tarih</th>
              <th className="a-right">İşlemler</th>
            </tr>
          </thead>
          <tbody>
            {rows === null && !error && (
              <tr>
                <td colSpan={6} className="a-muted">
                  Yükleniyor…
                </td>
              </tr>
            )}
            {shown?.length === 0 && (
              <tr>
                <td colSpan={6} className="a-empty">
                  Yorum bulunamadı
                </td>
              </tr>
            )}
            {shown?.map((c) => (
              <tr key={c.id} data-testid="comment-row" aria-busy={busy === c.id}>
                <td>
                  <div className="o-clip" title={c.content}>
                    {c.content}
                  </div>
                  <div className="a-row-flags">
                    {c.parentId && <span className="a-pill">↩ Yanıt</span>}
                    {c.isEdited && <span className="a-pill a-pill-gold">Düzenlendi</span>}
                  </div>
                </td>
                <td className="a-title-cell">{c.articleTitle}</td>
                <td>
                  <span className={`a-status a-status-${c.status} o-status-${c.status}`}>{STATUS_LABELS[c.status]}</span>
                </td>
                <td>{c.authorName}</td>
                <td className="a-nowrap">
                  {fmtDateTime(c.createdAt)}
                  {c.updatedAt !== c.createdAt && <span className="o-sub">Güncellendi: {fmtDateTime(c.updatedAt)}</span>}
                </td>
                <td className="o-act-cell">
                  <div className="a-actions o-act">
                    {c.status === 'pending' && (
                      <button type="button" className="a-icon-btn a-ok" disabled={busy === c.id} onClick={() => void act(c, () => api.put(`/comments/${c.id}/approve`), 'Yorum onaylandı', 'Yorum onaylanırken hata oluştu')}>
                        Onayla
                      </button>
                    )}
                    {c.status !== 'rejected' && (
                      <button type="button" className="a-icon-btn" disabled={busy === c.id} onClick={() => void act(c, () => api.put(`/comments/${c.id}/reject`), 'Yorum reddedildi', 'Yorum reddedilirken hata oluştu')}>
                        Reddet
                      </button>
                    )}
                    <button type="button" className="a-icon-btn" disabled={busy === c.id} onClick={() => setEditing(c)}>
                      Düzenle
                    </button>
                    <button
                      type="button"
                      className="a-icon-btn a-danger"
                      disabled={busy === c.id}
                      onClick={() => {
                        if (!window.confirm('Bu yorum kalıcı olarak silinsin mi? Yanıtları da silinir.')) return;
                        void act(c, () => api.del(`/comments/${c.id}`), 'Yorum silindi', 'Yorum silinirken hata oluştu');
                      }}
                    >
                      Sil
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && <NumberedPager page={page} totalPages={pagination.totalPages} onPage={setPage} max={7} range={rangeText(page, PAGE_SIZE, pagination.total)} />}
      {editing && (
        <EditDialog
          comment={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </div>
  );
}

function EditDialog({ comment, onClose, onSaved }: { comment: AdminComment; onClose: () => void; onSaved: () => void }) {
  const [text, setText] = useState(comment.content);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    setSaving(true);
    setError(null);
    try {
      await api.put(`/comments/${comment.id}`, { content });
      toast.success('Yorum güncellendi');
      onSaved();
    } catch (err) {
      setError((err as Error).message || 'Yorum güncellenirken hata oluştu');
      toast.error('Yorum güncellenirken hata oluştu');
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal label="Yorumu Düzenle" wide onClose={onClose}>
      <form className="a-form" onSubmit={save}>
        <p className="a-muted">
          {comment.authorName} · {comment.articleTitle}
        </p>
        <label className="a-field">
          <span>Yorum</span>
          <textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={!text.trim()} />
          {!text.trim() && <span className="a-error">Yorum boş olamaz.</span>}
        </label>
        {error && <p className="a-alert a-alert-error">{error}</p>}
        <div className="a-modal-actions">
          <button type="button" className="a-btn a-btn-ghost" onClick={onClose}>
            Vazgeç
          </button>
          <button type="submit" className="a-btn a-btn-primary" disabled={!text.trim() || saving}>
            Kaydet
          </button>
        </div>
      </form>
    </Modal>
  );
}
