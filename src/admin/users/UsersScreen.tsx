import { useEffect, useState } from 'react';
import { grantVipSchema, MAX_VIP_DAYS, VIP_MESSAGES, cancelVipSchema } from '@shared/membership/vip';
import { formatTurkishPhone } from '@shared/text/phone';
import type { AdminUserView } from '../../../functions/src/domain/users-admin/manage-users';
import type { Wire } from '@shared/wire';
import { z } from 'zod';
import { softDeleteSchema } from '@shared/users-admin/user-admin-schemas';
import { api } from '../session';
import { actionsColumn, DataTable, Field, FilterBar, fmtDate, fmtDateTime, FormDialog, idTail, Pager, postIntent, rangeText, RowButton, SearchFilter, SelectFilter, StatCards, TextField, useDebounced, useDialogFor, useListQuery, useRowAction, type Column } from '../ui';
import '../ui/screens.css';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 500;

type AdminUserRow = Wire<AdminUserView>;

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

const ROLE_FILTERS = [
  ['user', 'Kullanıcı'],
  ['vip', 'VIP'],
  ['all', 'Tümü'],
] as const;

/** User management (spec 002 §2 'User management'). */
export function UsersScreen() {
  const list = useListQuery(
    async (page, filters: { role: (typeof ROLE_FILTERS)[number][0]; search: string }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), role: filters.role });
      if (filters.search) q.set('search', filters.search);
      const [rows, stats] = await Promise.all([api.call((r) => r.auth.admin.users.$get(), { query: q }), api.call((r) => r.auth.admin.users.stats.$get())]);
      return { rows: rows.data, pagination: rows.pagination ?? null, stats: stats.data };
    },
    { filters: { role: 'user', search: '' }, errorText: 'Kullanıcılar yüklenirken hata oluştu' },
  );
  const [input, setInput] = useState('');
  const typed = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const { open: action, setOpen: setAction, close, done } = useDialogFor<Action>(() => list.reload());
  const { busy, run } = useRowAction(list.reload);
  const { setFilter } = list;

  // Typing searches after a 500 ms pause; the button and Enter search at once.
  useEffect(() => setFilter('search', typed), [typed, setFilter]);

  const restore = (u: AdminUserRow) =>
    void run(
      u.id,
      async () => {
        await api.call((r) => r.auth.admin.users[':id'].restore.$post({ param: { id: u.id } }));
        return 'Kullanıcı başarıyla geri yüklendi';
      },
      (e) => e.message || M.restoreFailed,
    );


  const stats = list.data?.stats;
  const pagination = list.data?.pagination;
  const columns: Column<AdminUserRow>[] = [
    {
      header: 'Kullanıcı',
      cell: (u) => (
        <>
          <span className="o-cell-main">
            {u.firstName} {u.lastName}
          </span>{' '}
          {u.role === 'admin' && <span className="a-pill a-pill-gold">Admin</span>}
          {u.role === 'author' && <span className="a-pill">Yazar</span>}
          {u.isDeleted && (
            <span className="a-pill o-pill-deleted" title={u.deletedReason ?? undefined}>
              Silindi
            </span>
          )}
          <span className="o-sub">
            @{u.username} · <span className="o-mono">{idTail(u.id)}</span>
          </span>
        </>
      ),
    },
    {
      header: 'İletişim',
      cell: (u) => (
        <>
          {u.email}
          <span className="o-sub">{formatTurkishPhone(u.phone) || '—'}</span>
        </>
      ),
    },
    {
      header: 'VIP Durumu',
      cell: (u) => (
        <>
          <span className={`a-status o-status-${u.vipStatus === 'active' ? 'approved' : u.vipStatus}`}>{VIP_LABELS[u.vipStatus] ?? VIP_LABELS.none}</span>
          {u.isVip && u.vipEndDate && <span className="o-sub">Bitiş: {fmtDate(u.vipEndDate)}</span>}
        </>
      ),
    },
    { header: 'Son Giriş', className: 'a-nowrap', cell: (u) => (u.lastLogin ? fmtDateTime(u.lastLogin) : <span className="a-muted">Hiç giriş yapmadı</span>) },
    { header: 'Üyelik Tarihi', className: 'a-nowrap', cell: (u) => fmtDate(u.createdAt) },
    actionsColumn<AdminUserRow>((u) => {
      const isAdmin = u.role === 'admin';
      const staff = u.role !== 'user';
      return (
        <>
          {u.isDeleted ? (
            <RowButton tone="ok" disabled={busy === u.id} onClick={() => restore(u)}>Geri Yükle</RowButton>
          ) : (
            <>
              {!staff && (
                <RowButton tone="ok" onClick={() => setAction({ kind: 'extend', user: u })}>VIP Uzat</RowButton>
              )}
              {!staff && u.isVip && u.vipStatus === 'active' && (
                <RowButton onClick={() => setAction({ kind: 'cancel', user: u })}>VIP İptal</RowButton>
              )}
              {!isAdmin && (
                <RowButton tone="danger" onClick={() => setAction({ kind: 'delete', user: u })}>Sil</RowButton>
              )}
            </>
          )}
        </>
      );
    }),
  ];

  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">Kullanıcı Yönetimi</h1>
        <p className="a-sub">Üyeler, VIP durumları ve hesap işlemleri</p>
      </div>
      <StatCards
        items={[
          { label: 'Toplam Kullanıcı', value: stats?.totalUsers, tone: 'total' },
          { label: 'VIP Kullanıcı', value: stats?.vipUsers, tone: 'published' },
          { label: 'Aktif Hesap', value: stats?.activeUsers, tone: 'draft' },
          { label: 'VIP Bekleyen', value: stats?.pendingVipUsers, tone: 'review' },
        ]}
      />
      <FilterBar onSearch={() => list.search('search', input.trim())}>
        <SelectFilter label="Rol" value={list.filters.role} options={ROLE_FILTERS} onChange={(v) => setFilter('role', v)} />
        <SearchFilter label="Ara" placeholder="Ad, kullanıcı adı, e-posta veya telefon…" value={input} onChange={setInput} />
      </FilterBar>
      <DataTable
        cards
        columns={columns}
        rows={list.data?.rows}
        error={list.error}
        onRetry={() => void list.reload()}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ 'data-testid': 'user-row', className: u.isDeleted ? 'o-row-deleted' : undefined, 'aria-busy': busy === u.id })}
        empty="Kullanıcı bulunamadı"
      />
      {pagination && <Pager page={list.page} totalPages={pagination.totalPages} onPage={list.setPage} max={5} range={rangeText(list.page, PAGE_SIZE, pagination.total)} />}
      {action && <ActionDialog action={action} onClose={close} onDone={done} />}
    </div>
  );
}

const TITLES = { extend: 'VIP Süresini Uzat', cancel: 'VIP Aboneliğini İptal Et', delete: 'Kullanıcıyı Sil' } as const;

/** The extension's notes are required on this screen; the days follow the server's grant schema (1 to 365). */
const extendSchema = grantVipSchema.extend({ adminNotes: z.string(M.notes).trim().min(1, M.notes).max(2000) });

/** One form dialog per row action: a reason (admin notes when extending) and, for extend, the days. */
function ActionDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: () => void }) {
  const { kind, user } = action;
  const who = (
    <p className="a-muted">
      <strong>
        {user.firstName} {user.lastName}
      </strong>{' '}
      ({user.email}){kind === 'extend' && user.isVip && user.vipEndDate ? ` — mevcut bitiş ${fmtDate(user.vipEndDate)}` : ''}
    </p>
  );
  const common = { label: TITLES[kind], onClose, onDone, failure: (e: Error) => e.message || (kind === 'extend' ? M.extendFailed : kind === 'delete' ? M.deleteFailed : M.other) };
  if (kind === 'extend') {
    return (
      <FormDialog
        {...common}
        schema={extendSchema}
        defaultValues={{ durationDays: 30, adminNotes: '' }}
        send={async (values, { intent }) => ({ message: (await postIntent(intent, (r) => r.users.admin.users[':userId']['grant-vip'].$post({ param: { userId: user.id } }), values)).message ?? VIP_MESSAGES.granted(values.durationDays) })}
        success={VIP_MESSAGES.granted(30)}
        submitLabel="Uzat"
      >
        {({ register, formState: { errors } }) => (
          <>
            {who}
            <Field label={`Gün sayısı (1-${MAX_VIP_DAYS}) *`} error={errors.durationDays?.message}>
              <input type="number" min={1} max={MAX_VIP_DAYS} {...register('durationDays', { valueAsNumber: true })} aria-invalid={!!errors.durationDays} />
            </Field>
            <TextField label="Admin notları *" field={register('adminNotes')} error={errors.adminNotes} rows={3} />
          </>
        )}
      </FormDialog>
    );
  }
  const remove = kind === 'delete';
  return (
    <FormDialog
      {...common}
      schema={remove ? softDeleteSchema : cancelVipSchema}
      defaultValues={{ reason: '' }}
      send={(values) => (remove ? api.call((r) => r.auth.admin.users[':id']['soft-delete'].$delete({ param: { id: user.id } }), { body: values }) : api.call((r) => r.users.admin.users[':userId']['cancel-vip'].$post({ param: { userId: user.id } }), { body: values }))}
      success={remove ? 'Kullanıcı başarıyla silindi' : VIP_MESSAGES.cancelled}
      submitLabel={remove ? 'Sil' : 'İptal Et'}
      danger
    >
      {({ register, formState: { errors } }) => (
        <>
          {who}
          <TextField label="Sebep *" field={register('reason')} error={errors.reason} rows={3} />
          {remove && <p className="a-alert a-alert-info">Hesap silinmiş olarak işaretlenir ve oturumları kapatılır; daha sonra geri yüklenebilir.</p>}
        </>
      )}
    </FormDialog>
  );
}
