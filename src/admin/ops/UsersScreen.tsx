import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { grantVipSchema, MAX_VIP_DAYS, VIP_MESSAGES } from '../../../functions/src/domain/membership/vip';
import { AccessDenied } from '../Shell';
import { api, request, type Pagination, type StaffUser } from '../session';
import { fmtDate, fmtDateTime, idTail, LoadError, Modal, NumberedPager, numberFormat, rangeText, useDebounced } from './ui';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 500;

interface AdminUserRow {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string | null;
  role: string;
  isVip: boolean;
  vipStatus: string;
  vipEndDate: string | null;
  status: 'active' | 'inactive';
  isDeleted: boolean;
  deletedReason: string | null;
  lastLogin: string | null;
  createdAt: string;
}
interface UserStats {
  totalUsers: number;
  vipUsers: number;
  activeUsers: number;
  inactiveUsers: number;
  pendingVipUsers: number;
}

/** spec 002 §4 'User VIP labels'. */
const VIP_LABELS: Record<string, string> = {
  active: 'Aktif VIP',
  pending: 'VIP Bekliyor',
  paused: 'VIP Duraklatıldı',
  expired: 'VIP Süresi Doldu',
  rejected: 'VIP Reddedildi',
  cancelled: 'VIP İptal Edildi',
  none: 'VIP Değil',
};

const M = {
  reason: 'Lütfen bir sebep giriniz',
  notes: 'Lütfen admin notlarını giriniz',
  days: 'Lütfen geçerli bir gün sayısı giriniz',
  extendFailed: 'VIP uzatılamadı',
  deleteFailed: 'Kullanıcı silinemedi',
  restoreFailed: 'Kullanıcı geri yüklenemedi',
  other: 'İşlem gerçekleştirilemedi',
};

type Action = { kind: 'extend' | 'cancel' | 'delete'; user: AdminUserRow };

/** User management (spec 002 §2 'User management'). */
export function UsersScreen({ user }: { user: StaffUser }) {
  const [role, setRole] = useState<'user' | 'vip' | 'all'>('user');
  const [input, setInput] = useState('');
  const typed = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AdminUserRow[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [stats, setStats] = useState<UserStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Typing searches after a 500 ms pause; the button and Enter search at once.
  useEffect(() => {
    setSearch(typed);
    setPage(1);
  }, [typed]);

  const load = useCallback(async () => {
    setError(null);
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), role });
    if (search) q.set('search', search);
    try {
      const [list, s] = await Promise.all([api.get<AdminUserRow[]>(`/auth/admin/users?${q}`), api.get<UserStats>('/auth/admin/users/stats')]);
      setRows(list.data);
      setPagination(list.pagination ?? null);
      setStats(s.data);
    } catch {
      setRows(null);
      setError('Kullanıcılar yüklenirken hata oluştu');
    }
  }, [page, role, search]);
  useEffect(() => {
    void load();
  }, [load]);

  async function restore(u: AdminUserRow) {
    setBusy(u.id);
    try {
      await api.post(`/auth/admin/users/${u.id}/restore`);
      toast.success('Kullanıcı başarıyla geri yüklendi');
      await load();
    } catch (e) {
      toast.error((e as Error).message || M.restoreFailed);
    } finally {
      setBusy(null);
    }
  }

  if (user.role !== 'admin') return <AccessDenied />;

  const counters: [string, number | undefined, string][] = [
    ['Toplam Kullanıcı', stats?.totalUsers, 'total'],
    ['VIP Kullanıcı', stats?.vipUsers, 'published'],
    ['Aktif Hesap', stats?.activeUsers, 'draft'],
    ['VIP Bekleyen', stats?.pendingVipUsers, 'review'],
  ];

  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">Kullanıcı Yönetimi</h1>
        <p className="a-sub">Üyeler, VIP durumları ve hesap işlemleri</p>
      </div>
      <div className="a-stats">
        {counters.map(([label, value, key]) => (
          <div key={key} className={`a-stat a-stat-${key}`}>
            <span>{label}</span>
            <strong>{value === undefined ? '…' : numberFormat.format(value)}</strong>
          </div>
        ))}
      </div>
      <form
        className="a-card a-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(input.trim());
          if (input.trim() === search) void load();
        }}
      >
        <label className="a-field">
          <span>Rol</span>
          <select
            value={role}
            onChange={(e) => {
              setPage(1);
              setRole(e.target.value as typeof role);
            }}
          >
            <option value="user">Kullanıcı</option>
            <option value="vip">VIP</option>
            <option value="all">Tümü</option>
          </select>
        </label>
        <label className="a-field a-grow">
          <span>Ara</span>
          <input type="search" placeholder="Ad, kullanıcı adı, e-posta veya telefon…" value={input} onChange={(e) => setInput(e.target.value)} />
        </label>
        <button type="submit" className="a-btn a-btn-primary">
          Ara
        </button>
      </form>
      {error && <LoadError message={error} onRetry={() => void load()} />}
      <div className="a-card a-table-wrap">
        <table className="a-table">
          <thead>
            <tr>
              <th>Kullanıcı</th>
              <th>İletişim</th>
              <th>VIP Durumu</th>
              <th>Son Giriş</th>
              <th>Üyelik Tarihi</th>
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
            {rows?.length === 0 && (
              <tr>
                <td colSpan={6} className="a-empty">
                  Kullanıcı bulunamadı
                </td>
              </tr>
            )}
            {rows?.map((u) => {
              const isAdmin = u.role === 'admin';
              const staff = u.role !== 'user';
              return (
                <tr key={u.id} data-testid="user-row" className={u.isDeleted ? 'o-row-deleted' : undefined} aria-busy={busy === u.id}>
                  <td>
                    <span className="o-cell-main">
                      {u.firstName} {u.lastName}
                    </span>{' '}
                    {isAdmin && <span className="a-pill a-pill-gold">Admin</span>}
                    {u.role === 'author' && <span className="a-pill">Yazar</span>}
                    {u.isDeleted && (
                      <span className="a-pill o-pill-deleted" title={u.deletedReason ?? undefined}>
                        Silindi
                      </span>
                    )}
                    <span className="o-sub">
                      @{u.username} · <span className="o-mono">{idTail(u.id)}</span>
                    </span>
                  </td>
                  <td>
                    {u.email}
                    <span className="o-sub">{u.phone || '—'}</span>
                  </td>
                  <td>
                    <span className={`a-status o-status-${u.vipStatus === 'active' ? 'approved' : u.vipStatus}`}>{VIP_LABELS[u.vipStatus] ?? VIP_LABELS.none}</span>
                    {u.isVip && u.vipEndDate && <span className="o-sub">Bitiş: {fmtDate(u.vipEndDate)}</span>}
                  </td>
                  <td className="a-nowrap">{u.lastLogin ? fmtDateTime(u.lastLogin) : <span className="a-muted">Hiç giriş yapmadı</span>}</td>
                  <td className="a-nowrap">{fmtDate(u.createdAt)}</td>
                  <td className="o-act-cell">
                    <div className="a-actions o-act">
                      {u.isDeleted ? (
                        <button type="button" className="a-icon-btn a-ok" disabled={busy === u.id} onClick={() => void restore(u)}>
                          Geri Yükle
                        </button>
                      ) : (
                        <>
                          {!staff && (
                            <button type="button" className="a-icon-btn a-ok" onClick={() => setAction({ kind: 'extend', user: u })}>
                              VIP Uzat
                            </button>
                          )}
                          {!staff && u.isVip && u.vipStatus === 'active' && (
                            <button type="button" className="a-icon-btn" onClick={() => setAction({ kind: 'cancel', user: u })}>
                              VIP İptal
                            </button>
                          )}
                          {!isAdmin && (
                            <button type="button" className="a-icon-btn a-danger" onClick={() => setAction({ kind: 'delete', user: u })}>
                              Sil
                            </button>
                          )}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pagination && <NumberedPager page={page} totalPages={pagination.totalPages} onPage={setPage} max={5} range={rangeText(page, PAGE_SIZE, pagination.total)} />}
      {action && (
        <ActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            void load();
          }}
        />
      )}
    </div>
  );
}

const TITLES = { extend: 'VIP Süresini Uzat', cancel: 'VIP Aboneliğini İptal Et', delete: 'Kullanıcıyı Sil' } as const;

/** One modal for the three row actions: a reason (admin notes when extending) and, for extend, the days. */
function ActionDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: () => void }) {
  const { kind, user } = action;
  const [text, setText] = useState('');
  const [days, setDays] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(kind === 'extend' ? M.notes : M.reason);
    const n = Number(days);
    if (kind === 'extend') {
      // The server's grant schema is the rule (1 to 365 whole days); the note is required on this screen.
      const parsed = grantVipSchema.safeParse({ durationDays: days.trim() === '' ? NaN : n, adminNotes: text });
      if (!parsed.success || !(n > 0)) return setError(M.days);
    }
    setError(null);
    setSaving(true);
    try {
      if (kind === 'extend') {
        const r = await api.post(`/users/admin/users/${user.id}/grant-vip`, { durationDays: n, adminNotes: text.trim() });
        toast.success(r.message ?? VIP_MESSAGES.granted(n));
      } else if (kind === 'cancel') {
        await api.post(`/users/admin/users/${user.id}/cancel-vip`, { reason: text.trim() });
        toast.success(VIP_MESSAGES.cancelled);
      } else {
        await request('DELETE', `/auth/admin/users/${user.id}/soft-delete`, { reason: text.trim() });
        toast.success('Kullanıcı başarıyla silindi');
      }
      onDone();
    } catch (err) {
      const fallback = kind === 'extend' ? M.extendFailed : kind === 'delete' ? M.deleteFailed : M.other;
      const message = (err as Error).message;
      setError(message || fallback);
      toast.error(fallback);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal label={TITLES[kind]} onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <p className="a-muted">
          <strong>
            {user.firstName} {user.lastName}
          </strong>{' '}
          ({user.email}){kind === 'extend' && user.isVip && user.vipEndDate ? ` — mevcut bitiş ${fmtDate(user.vipEndDate)}` : ''}
        </p>
        {kind === 'extend' && (
          <label className="a-field">
            <span>Gün sayısı (1-{MAX_VIP_DAYS}) *</span>
            <input type="number" min={1} max={MAX_VIP_DAYS} value={days} onChange={(e) => (setDays(e.target.value), setError(null))} />
          </label>
        )}
        <label className="a-field">
          <span>{kind === 'extend' ? 'Admin notları *' : 'Sebep *'}</span>
          <textarea rows={3} value={text} onChange={(e) => (setText(e.target.value), setError(null))} />
        </label>
        {kind === 'delete' && <p className="a-alert a-alert-info">Hesap silinmiş olarak işaretlenir ve oturumları kapatılır; daha sonra geri yüklenebilir.</p>}
        {error && (
          <p className="a-alert a-alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="a-modal-actions">
          <button type="button" className="a-btn a-btn-ghost" onClick={onClose}>
            Vazgeç
          </button>
          <button type="submit" className={`a-btn a-btn-primary ${kind !== 'extend' ? 'a-btn-danger-fill' : ''}`} disabled={saving}>
            {kind === 'extend' ? 'Uzat' : kind === 'cancel' ? 'İptal Et' : 'Sil'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
