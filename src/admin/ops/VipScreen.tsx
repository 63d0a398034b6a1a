import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { approveVipRequestSchema, cancelVipSchema, DEFAULT_VIP_DAYS, grantVipSchema, MAX_VIP_DAYS, rejectVipRequestSchema } from '../../../functions/src/domain/membership/vip';
import { formatTL } from '../../../functions/src/domain/text/money';
import { AccessDenied } from '../Shell';
import { api, type StaffUser } from '../session';
import { DataTable, Detail, Dialog, DialogActions, Field, fmtDate, fmtDateTime, idTail, LoadError, numberFormat, Pager, refreshBadges, RowActions, StatCards, Tabs, useDebounced, useIntentKey, useListQuery, postIntent, type Column } from '../ui';
import './ops.css';
import { formatTl, PaymentDetails, type PaymentRow } from './vip/PaymentDetails';
import { StatementsTab } from './vip/StatementsTab';
import { NotificationStats } from '../notifications/FanoutProgress';

const PAGE_SIZE = 10;
const PICKER_SIZE = 20;

interface UserSnapshot {
  firstName: string;
  lastName: string;
  email: string;
}
interface VipRequestRow extends PaymentRow {
  id: string;
  userId: string;
  user: UserSnapshot;
  requestDate: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
  requestedDays: number;
  reason: string;
  otherName: string;
  packageName: string | null;
  price: number | null;
  adminNotes: string | null;
  rejectionReason: string | null;
}
interface VipSubscriptionRow {
  id: string;
  userId: string;
  user: UserSnapshot;
  startDate: string;
  endDate: string;
  durationDays: number;
  status: 'active' | 'expired' | 'cancelled';
  adminNotes: string | null;
  reason: string | null;
}
interface VipStats {
  totalVipUsers: number;
  activeSubscriptions: number;
  pendingRequests: number;
  expiringInNext7Days: number;
  expiringInNext30Days: number;
  expiredSubscriptions: number;
  totalRequests: number;
  approvedRequests: number;
  rejectedRequests: number;
  averageSubscriptionDuration: number;
  openRequests: number;
  expiredRequests: number;
  matchedPayments: number;
}

const REQUEST_FILTERS = [
  ['all', 'Tümü'],
  ['pending', 'Bekleyen'],
  ['approved', 'Onaylanan'],
  ['rejected', 'Reddedilen'],
  ['expired', 'Süresi Dolan'],
  ['cancelled', 'İptal Edilen'],
] as const;
const SUBSCRIPTION_FILTERS = [
  ['all', 'Tümü'],
  ['active', 'Aktif'],
  ['expired', 'Süresi Dolmuş'],
  ['cancelled', 'İptal Edilmiş'],
] as const;
const STATUS_LABELS: Record<string, string> = {
  pending: 'Bekliyor',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
  cancelled: 'İptal Edildi',
  active: 'Aktif',
  expired: 'Süresi Doldu',
};
const REQUEST_EMPTY: Record<string, string> = {
  all: 'Henüz VIP talebi bulunmuyor',
  pending: 'Bekleyen VIP talebi bulunmuyor',
  approved: 'Onaylanmış VIP talebi bulunmuyor',
  rejected: 'Reddedilmiş VIP talebi bulunmuyor',
  expired: 'Süresi dolmuş VIP talebi bulunmuyor',
  cancelled: 'İptal edilmiş VIP talebi bulunmuyor',
};
const SUBSCRIPTION_EMPTY: Record<string, string> = {
  all: 'Henüz VIP aboneliği bulunmuyor',
  active: 'Aktif VIP aboneliği bulunmuyor',
  expired: 'Süresi dolmuş VIP aboneliği bulunmuyor',
  cancelled: 'İptal edilmiş VIP aboneliği bulunmuyor',
};

const fullName = (u: UserSnapshot) => `${u.firstName} ${u.lastName}`.trim();

function StatusBadge({ status }: { status: string }) {
  return <span className={`a-status a-status-${status} o-status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

function Segment<T extends string>({ value, options, onChange, label }: { value: T; options: readonly (readonly [T, string])[]; onChange: (v: T) => void; label: string }) {
  return (
    <div className="o-segment" role="group" aria-label={label}>
      {options.map(([v, text]) => (
        <button key={v} type="button" className={v === value ? 'is-active' : ''} aria-pressed={v === value} onClick={() => onChange(v)}>
          {text}
        </button>
      ))}
    </div>
  );
}

/** One of the two VIP collections, a page at a time, narrowed by its status filter. */
function useVipList<T>(path: string, status: string, extra = '') {
  return useListQuery(
    async (page, filters: { status: string }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      if (filters.status !== 'all') q.set('status', filters.status);
      const r = await api.get<T[]>(`${path}?${q}${extra}`);
      return { rows: r.data, pagination: r.pagination ?? null };
    },
    { filters: { status } },
  );
}

const userColumns = <T extends { user: UserSnapshot; userId: string }>(): Column<T>[] => [
  { header: 'Ad Soyad', className: 'o-cell-main o-name', cell: (r) => fullName(r.user) },
  { header: 'E-posta', cell: (r) => r.user.email },
  { header: 'Kullanıcı ID', className: 'o-mono', title: (r) => r.userId, cell: (r) => idTail(r.userId) },
];

/** The frame of both VIP tabs: status filter and toolbar buttons, load error, table, paging. */
function VipList<T extends { id: string }, S extends string>({
  list,
  filterLabel,
  filters,
  columns,
  testId,
  empty,
  actions,
}: {
  list: ReturnType<typeof useVipList<T>>;
  filterLabel: string;
  filters: readonly (readonly [S, string])[];
  columns: Column<T>[];
  testId: string;
  empty: Record<string, string>;
  actions?: ReactNode;
}) {
  const status = list.filters.status as S;
  const refresh = (
    <button type="button" className="a-btn a-btn-ghost" onClick={() => void list.reload()}>
      ↻ Yenile
    </button>
  );
  return (
    <>
      <div className="o-toolbar">
        <Segment label={filterLabel} value={status} options={filters} onChange={(v) => list.setFilter('status', v)} />
        {actions ? (
          <div className="a-head-actions">
            {refresh}
            {actions}
          </div>
        ) : (
          refresh
        )}
      </div>
      {list.error && <LoadError message={list.error} onRetry={() => void list.reload()} />}
      <DataTable columns={columns} rows={list.data?.rows} failed={!!list.error} rowKey={(r) => r.id} rowProps={() => ({ 'data-testid': testId })} empty={empty[status]} />
      {list.data?.pagination && <Pager page={list.page} totalPages={list.data.pagination.totalPages} onPage={list.setPage} />}
    </>
  );
}

/** The first lines of both details dialogs: record id, user id, name, e-mail. */
function WhoDetails({ idLabel, row }: { idLabel: string; row: { id: string; userId: string; user: UserSnapshot } }) {
  return (
    <>
      <Detail label={idLabel}>
        <span className="o-mono">{row.id}</span>
      </Detail>
      <Detail label="Kullanıcı ID">
        <span className="o-mono">{row.userId}</span>
      </Detail>
      <Detail label="Ad Soyad">{fullName(row.user)}</Detail>
      <Detail label="E-posta">{row.user.email}</Detail>
    </>
  );
}

function RequestsTab() {
  const list = useVipList<VipRequestRow>('/users/admin/vip-requests', 'pending');
  const [dialog, setDialog] = useState<{ kind: 'details' | 'approve' | 'reject'; row: VipRequestRow } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const done = () => {
    setDialog(null);
    refreshBadges();
    void list.reload();
  };
  const columns: Column<VipRequestRow>[] = [
    ...userColumns<VipRequestRow>(),
    { header: 'Talep Tarihi', className: 'a-nowrap', title: (r) => fmtDateTime(r.requestDate), cell: (r) => fmtDate(r.requestDate) },
    { header: 'Durum', cell: (r) => <StatusBadge status={r.status} /> },
    { header: 'İstenen Gün', cell: (r) => `${r.requestedDays} gün` },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      className: 'o-act-cell',
      cell: (r) => (
        <RowActions>
          <button type="button" className="a-icon-btn" onClick={() => setDialog({ kind: 'details', row: r })}>
            Detay
          </button>
          {r.status === 'pending' && (
            <>
              <button type="button" className="a-icon-btn a-ok" onClick={() => setDialog({ kind: 'approve', row: r })}>
                Onayla
              </button>
              <button type="button" className="a-icon-btn a-danger" onClick={() => setDialog({ kind: 'reject', row: r })}>
                Reddet
              </button>
            </>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <div className="a-page">
      <VipList list={list} filterLabel="Talep durumu" filters={REQUEST_FILTERS} columns={columns} testId="vip-request-row" empty={REQUEST_EMPTY} />
      {dialog?.kind === 'details' && <RequestDetails row={dialog.row} onClose={close} />}
      {dialog?.kind === 'approve' && <ApproveDialog row={dialog.row} onClose={close} onDone={done} />}
      {dialog?.kind === 'reject' && <RejectDialog row={dialog.row} onClose={close} onDone={done} />}
    </div>
  );
}

function RequestDetails({ row, onClose }: { row: VipRequestRow; onClose: () => void }) {
  return (
    <Dialog label="Talep Detayı" wide onClose={onClose}>
      <dl className="o-details">
        <WhoDetails idLabel="Talep ID" row={row} />
        <Detail label="Talep Tarihi">{fmtDateTime(row.requestDate)}</Detail>
        <Detail label="Durum">
          <StatusBadge status={row.status} />
        </Detail>
        {row.packageName && <Detail label="Paket">{`${row.packageName}${row.price !== null ? ` (${formatTL(row.price)})` : ''}`}</Detail>}
        <Detail label="Sebep">{row.reason}</Detail>
        <Detail label="İstenen Gün">{row.requestedDays}</Detail>
        <PaymentDetails row={row} />
        <Detail label="Admin Notları">{row.adminNotes}</Detail>
        <Detail label="Red Sebebi">{row.rejectionReason}</Detail>
      </dl>
      <DialogActions onCancel={onClose} cancelLabel="Kapat" />
    </Dialog>
  );
}

/**
 * The submit of a VIP action dialog: a success toast (the server's text, else the screen's) and
 * onDone; a failure stays in the open dialog with the server's message (spec 002 §4).
 */
function useDialogAction(onDone: () => void) {
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<{ message?: string }>, success: string) => {
    setError(null);
    try {
      const r = await call();
      toast.success(r.message ?? success);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return { error, setError, run };
}

type ApproveIn = z.input<typeof approveVipRequestSchema>;
type ApproveOut = z.output<typeof approveVipRequestSchema>;

/** A failed action leaves the dialog open with the server's message (spec 002 §4). */
function ApproveDialog({ row, onClose, onDone }: { row: VipRequestRow; onClose: () => void; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<ApproveIn, unknown, ApproveOut>({
    resolver: zodResolver(approveVipRequestSchema),
    defaultValues: { durationDays: row.requestedDays || DEFAULT_VIP_DAYS, adminNotes: '' },
  });
  const action = useDialogAction(onDone);
  const intent = useIntentKey();
  const submit = handleSubmit((values) => {
    return action.run(() => postIntent(intent, `/users/admin/vip-requests/${row.id}/approve`, values), 'VIP talebi onaylandı.');
  });
  return (
    <Dialog label="VIP Talebini Onayla" onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <p className="a-muted">
          <strong>{fullName(row.user)}</strong> ({row.user.email}) {row.requestedDays} gün istedi.
        </p>
        {row.referenceCode && (
          <p className="a-muted">
            Referans <strong>{row.referenceCode}</strong>
            {typeof row.amount === 'number' ? ` · beklenen ${formatTl(row.amount)}` : ''} · {row.receipt ? 'dekont eklendi (Detay)' : 'dekont yok'}
          </p>
        )}
        <Field label="VIP süresi (gün)" error={formState.errors.durationDays?.message}>
          <input type="number" min={1} max={MAX_VIP_DAYS} {...register('durationDays', { valueAsNumber: true })} aria-invalid={!!formState.errors.durationDays} />
        </Field>
        <label className="a-field">
          <span>Admin notları</span>
          <textarea rows={3} {...register('adminNotes')} />
        </label>
        {action.error && <p className="a-alert a-alert-error">{action.error}</p>}
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Onaylanıyor…' : 'Onayla'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type RejectIn = z.input<typeof rejectVipRequestSchema>;
type RejectOut = z.output<typeof rejectVipRequestSchema>;

function RejectDialog({ row, onClose, onDone }: { row: VipRequestRow; onClose: () => void; onDone: () => void }) {
  const { register, handleSubmit, formState, watch } = useForm<RejectIn, unknown, RejectOut>({
    resolver: zodResolver(rejectVipRequestSchema),
    defaultValues: { rejectionReason: '', adminNotes: '' },
  });
  const action = useDialogAction(onDone);
  const reason = watch('rejectionReason') ?? '';
  const submit = handleSubmit((values) => {
    return action.run(() => api.post(`/users/admin/vip-requests/${row.id}/reject`, values), 'VIP talebi reddedildi.');
  });
  return (
    <Dialog label="VIP Talebini Reddet" onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <p className="a-muted">
          <strong>{fullName(row.user)}</strong> ({row.user.email})
        </p>
        <Field label="Red sebebi *" error={formState.errors.rejectionReason?.message}>
          <textarea rows={3} {...register('rejectionReason')} aria-invalid={!!formState.errors.rejectionReason} />
        </Field>
        <label className="a-field">
          <span>Admin notları</span>
          <textarea rows={2} {...register('adminNotes')} />
        </label>
        {action.error && <p className="a-alert a-alert-error">{action.error}</p>}
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary a-btn-danger-fill" disabled={!reason.trim() || formState.isSubmitting}>
            {formState.isSubmitting ? 'Reddediliyor…' : 'Reddet'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SubscriptionsTab() {
  const list = useVipList<VipSubscriptionRow>('/users/admin/vip-subscriptions', 'active', '&sortBy=endDate&sortOrder=asc');
  const [dialog, setDialog] = useState<{ kind: 'details' | 'cancel'; row: VipSubscriptionRow } | { kind: 'grant' } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const done = () => {
    setDialog(null);
    void list.reload();
  };
  const columns: Column<VipSubscriptionRow>[] = [
    ...userColumns<VipSubscriptionRow>(),
    { header: 'Başlangıç', className: 'a-nowrap', cell: (s) => fmtDate(s.startDate) },
    { header: 'Bitiş', className: 'a-nowrap', cell: (s) => fmtDate(s.endDate) },
    { header: 'Süre', cell: (s) => `${s.durationDays} gün` },
    { header: 'Durum', cell: (s) => <StatusBadge status={s.status} /> },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      className: 'o-act-cell',
      cell: (s) => (
        <RowActions>
          <button type="button" className="a-icon-btn" onClick={() => setDialog({ kind: 'details', row: s })}>
            Detay
          </button>
          {s.status === 'active' && (
            <button type="button" className="a-icon-btn a-danger" onClick={() => setDialog({ kind: 'cancel', row: s })}>
              İptal Et
            </button>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <div className="a-page">
      <VipList
        list={list}
        filterLabel="Abonelik durumu"
        filters={SUBSCRIPTION_FILTERS}
        columns={columns}
        testId="vip-subscription-row"
        empty={SUBSCRIPTION_EMPTY}
        actions={
          <button type="button" className="a-btn a-btn-primary" onClick={() => setDialog({ kind: 'grant' })}>
            + VIP Ver
          </button>
        }
      />
      {dialog?.kind === 'details' && <SubscriptionDetails row={dialog.row} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelDialog row={dialog.row} onClose={close} onDone={done} />}
      {dialog?.kind === 'grant' && <GrantDialog onClose={close} onDone={done} />}
    </div>
  );
}

function SubscriptionDetails({ row, onClose }: { row: VipSubscriptionRow; onClose: () => void }) {
  return (
    <Dialog label="Abonelik Detayı" wide onClose={onClose}>
      <dl className="o-details">
        <WhoDetails idLabel="Abonelik ID" row={row} />
        <Detail label="Başlangıç">{fmtDateTime(row.startDate)}</Detail>
        <Detail label="Bitiş">{fmtDateTime(row.endDate)}</Detail>
        <Detail label="Süre">{`${row.durationDays} gün`}</Detail>
        <Detail label="Durum">
          <StatusBadge status={row.status} />
        </Detail>
        <Detail label="Sebep">{row.reason}</Detail>
        <Detail label="Admin Notları">{row.adminNotes}</Detail>
      </dl>
      <DialogActions onCancel={onClose} cancelLabel="Kapat" />
    </Dialog>
  );
}

type CancelIn = z.input<typeof cancelVipSchema>;
type CancelOut = z.output<typeof cancelVipSchema>;

function CancelDialog({ row, onClose, onDone }: { row: VipSubscriptionRow; onClose: () => void; onDone: () => void }) {
  const { register, handleSubmit, formState, watch } = useForm<CancelIn, unknown, CancelOut>({ resolver: zodResolver(cancelVipSchema), defaultValues: { reason: '' } });
  const action = useDialogAction(onDone);
  const reason = watch('reason') ?? '';
  const submit = handleSubmit((values) => {
    return action.run(() => api.post(`/users/admin/users/${row.userId}/cancel-vip`, values), 'VIP aboneliği iptal edildi');
  });
  return (
    <Dialog label="VIP Aboneliğini İptal Et" onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <p className="a-muted">
          <strong>{fullName(row.user)}</strong> — bitiş {fmtDate(row.endDate)}. Üyelik hemen sona erer.
        </p>
        <Field label="İptal sebebi *" error={formState.errors.reason?.message}>
          <textarea rows={3} {...register('reason')} aria-invalid={!!formState.errors.reason} />
        </Field>
        {action.error && <p className="a-alert a-alert-error">{action.error}</p>}
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary a-btn-danger-fill" disabled={!reason.trim() || formState.isSubmitting}>
            İptal Et
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface PickUser {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  isVip: boolean;
  vipEndDate: string | null;
  isDeleted: boolean;
}

/** Member search for the grant dialog: 300 ms after typing stops, 20 a page, more on scroll or button. */
function UserPicker({ selected, onSelect }: { selected: PickUser | null; onSelect: (u: PickUser | null) => void }) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const [items, setItems] = useState<PickUser[]>([]);
  const [page, setPage] = useState(1);
  const [hasNext, setHasNext] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const fetchPage = useCallback(
    async (p: number) => {
      const mine = ++seq.current;
      setLoading(true);
      setError(null);
      const q = new URLSearchParams({ page: String(p), limit: String(PICKER_SIZE), role: 'user' });
      if (search) q.set('search', search);
      try {
        const r = await api.get<PickUser[]>(`/auth/admin/users?${q}`);
        if (mine !== seq.current) return;
        const live = r.data.filter((u) => !u.isDeleted);
        setItems((prev) => (p === 1 ? live : [...prev, ...live]));
        setPage(p);
        setHasNext(!!r.pagination?.hasNext);
      } catch (e) {
        if (mine === seq.current) setError((e as Error).message);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [search],
  );
  useEffect(() => {
    void fetchPage(1);
  }, [fetchPage]);

  if (selected) {
    return (
      <div className="a-readonly o-chosen" data-testid="picked-user">
        <span>
          <strong>
            {selected.firstName} {selected.lastName}
          </strong>{' '}
          <span className="a-muted">{selected.email}</span>
        </span>
        <button type="button" className="a-link" onClick={() => onSelect(null)}>
          Değiştir
        </button>
      </div>
    );
  }
  return (
    <div className="a-form" style={{ gap: '0.4rem' }}>
      <input type="search" placeholder="Ad, kullanıcı adı veya e-posta ile arayın…" value={input} onChange={(e) => setInput(e.target.value)} aria-label="Kullanıcı ara" className="o-input" />
      <div
        className="o-picker"
        data-testid="user-picker"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasNext && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 8) void fetchPage(page + 1);
        }}
      >
        {items.map((u) => (
          <button key={u.id} type="button" className="o-pick" onClick={() => onSelect(u)}>
            <span>
              <strong>
                {u.firstName} {u.lastName}
              </strong>{' '}
              <span className="a-muted">@{u.username}</span>
              <span className="o-sub">{u.email}</span>
            </span>
            {u.isVip && <span className="a-pill a-pill-vip">VIP · {fmtDate(u.vipEndDate)}</span>}
          </button>
        ))}
        <div className="o-picker-foot">
          {error ? (
            <span className="a-error">
              {error}{' '}
              <button type="button" className="a-link" onClick={() => void fetchPage(page)}>
                Tekrar Dene
              </button>
            </span>
          ) : loading ? (
            'Yükleniyor…'
          ) : items.length === 0 ? (
            'Kullanıcı bulunamadı'
          ) : hasNext ? (
            <button type="button" className="a-link" onClick={() => void fetchPage(page + 1)}>
              Daha fazla yükle
            </button>
          ) : (
            `${items.length} kullanıcı`
          )}
        </div>
      </div>
    </div>
  );
}

type GrantIn = z.input<typeof grantVipSchema>;
type GrantOut = z.output<typeof grantVipSchema>;

function GrantDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [user, setUser] = useState<PickUser | null>(null);
  const { register, handleSubmit, formState } = useForm<GrantIn, unknown, GrantOut>({ resolver: zodResolver(grantVipSchema), defaultValues: { durationDays: DEFAULT_VIP_DAYS, adminNotes: '' } });
  const action = useDialogAction(onDone);
  const intent = useIntentKey();
  const submit = handleSubmit((values) => {
    if (!user) return action.setError('Lütfen bir kullanıcı seçin.');
    return action.run(() => postIntent(intent, `/users/admin/users/${user.id}/grant-vip`, values), 'VIP verildi');
  });
  return (
    <Dialog label="VIP Ver" wide onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <div className="a-field">
          <span>Kullanıcı *</span>
          <UserPicker selected={user} onSelect={setUser} />
        </div>
        <Field label={<>Süre (gün, 1-{MAX_VIP_DAYS}) *</>} error={formState.errors.durationDays?.message}>
          <input type="number" min={1} max={MAX_VIP_DAYS} {...register('durationDays', { valueAsNumber: true })} aria-invalid={!!formState.errors.durationDays} />
        </Field>
        <label className="a-field">
          <span>Admin notları</span>
          <textarea rows={2} {...register('adminNotes')} />
        </label>
        {user?.isVip && <p className="a-alert a-alert-info">Kullanıcının aktif üyeliği var; süre mevcut bitiş tarihine eklenir.</p>}
        {action.error && <p className="a-alert a-alert-error">{action.error}</p>}
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary" disabled={!user || formState.isSubmitting}>
            {formState.isSubmitting ? 'Veriliyor…' : 'VIP Ver'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function StatsTab() {
  const [stats, setStats] = useState<VipStats | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    setStats(null);
    try {
      setStats((await api.get<VipStats>('/users/admin/vip-stats')).data);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (failed) {
    return (
      <div className="a-card a-empty" role="alert">
        <h2 className="a-h2">İstatistikler Yüklenemedi</h2>
        <button type="button" className="a-btn a-btn-primary" onClick={() => void load()}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  if (!stats) return <div className="a-card a-muted">Yükleniyor…</div>;
  const cards = [
    { label: 'Toplam VIP Kullanıcı', value: stats.totalVipUsers, tone: 'total' },
    { label: 'Aktif Abonelik', value: stats.activeSubscriptions, tone: 'published' },
    { label: 'Bekleyen Talep', value: stats.pendingRequests, tone: 'review' },
    { label: '7 Gün İçinde Bitecek', value: stats.expiringInNext7Days, tone: 'draft' },
  ];
  const figures: [string, string][] = [
    ['Süresi dolmuş abonelik', numberFormat.format(stats.expiredSubscriptions)],
    ['Toplam talep', numberFormat.format(stats.totalRequests)],
    ['Onaylanan talep', numberFormat.format(stats.approvedRequests)],
    ['Reddedilen talep', numberFormat.format(stats.rejectedRequests)],
    ['Ortalama abonelik süresi', `${numberFormat.format(stats.averageSubscriptionDuration)} gün`],
    ['30 gün içinde bitecek', numberFormat.format(stats.expiringInNext30Days)],
    ['Açık talep (ödeme bekleyen)', numberFormat.format(stats.openRequests)],
    ['Süresi dolan talep', numberFormat.format(stats.expiredRequests)],
    ['Ekstreden eşleşen ödeme', numberFormat.format(stats.matchedPayments)],
  ];
  return (
    <div className="a-page">
      <StatCards items={cards} />
      <div className="a-card">
        <h2 className="a-h2">Ayrıntılar</h2>
        <div className="o-figures">
          {figures.map(([label, value]) => (
            <div key={label} className="o-figure">
              <span>{label}</span>
              <strong>{value}</strong>
            </div>
          ))}
        </div>
      </div>
      <NotificationStats />
    </div>
  );
}

const TABS = [
  ['requests', 'Talepler'],
  ['subscriptions', 'Abonelikler'],
  ['statements', 'Banka Ekstresi'],
  ['stats', 'İstatistikler'],
] as const;

/** VIP management (spec 002 §2): requests, subscriptions and statistics. Admin only. */
export function VipScreen({ user }: { user: StaffUser }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('requests');
  if (user.role !== 'admin') return <AccessDenied />;
  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">VIP Yönetimi</h1>
        <p className="a-sub">Üyelik talepleri, abonelikler ve istatistikler</p>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} />
      {tab === 'requests' && <RequestsTab />}
      {tab === 'subscriptions' && <SubscriptionsTab />}
      {tab === 'statements' && <StatementsTab />}
      {tab === 'stats' && <StatsTab />}
    </div>
  );
}
