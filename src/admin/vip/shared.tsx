import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_VIP_DAYS } from '@shared/membership/vip';
import type { VipRequestView, VipSubscriptionView } from '../../../functions/src/domain/membership/vip-status';
import type { Pagination } from '../../../functions/src/platform/wire';
import type { Wire } from '@shared/wire';
import { DataTable, Detail, Dialog, DialogActions, Field, idTail, Pager, useListQuery, type Column } from '../ui';

export type VipRequestRow = Wire<VipRequestView>;
export type VipSubscriptionRow = Wire<VipSubscriptionView>;
type UserSnapshot = VipRequestRow['user'];

const PAGE_SIZE = 10;

const STATUS_LABELS: Record<string, string> = {
  pending: 'Bekliyor',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
  cancelled: 'İptal Edildi',
  active: 'Aktif',
  expired: 'Süresi Doldu',
};

export const fullName = (u: UserSnapshot) => `${u.firstName} ${u.lastName}`.trim();

export function StatusBadge({ status }: { status: string }) {
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
export function useVipList<T>(load: (query: URLSearchParams) => Promise<{ data: T[]; pagination?: Pagination }>, status: string) {
  return useListQuery(
    async (page, filters: { status: string }) => {
      const q = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      if (filters.status !== 'all') q.set('status', filters.status);
      const r = await load(q);
      return { rows: r.data, pagination: r.pagination ?? null };
    },
    { filters: { status } },
  );
}

export const userColumns = <T extends { user: UserSnapshot; userId: string }>(): Column<T>[] => [
  { header: 'Ad Soyad', className: 'o-cell-main o-name', cell: (r) => fullName(r.user) },
  { header: 'E-posta', cell: (r) => r.user.email },
  { header: 'Kullanıcı ID', className: 'o-mono', title: (r) => r.userId, cell: (r) => idTail(r.userId) },
];

/** The frame of both VIP tabs: status filter and toolbar buttons, load error, table, paging. */
export function VipList<T extends { id: string }, S extends string>({
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
      <DataTable cards columns={columns} rows={list.data?.rows} error={list.error} onRetry={() => void list.reload()} rowKey={(r) => r.id} rowProps={() => ({ 'data-testid': testId })} empty={empty[status]} />
      {list.data?.pagination && <Pager page={list.page} totalPages={list.data.pagination.totalPages} onPage={list.setPage} />}
    </>
  );
}

/**
 * The details dialog of a request or a subscription: the record's id, the member (user id, name,
 * e-mail), then the record's own lines (`children`), and Kapat.
 */
export function VipDetailsDialog({ label, idLabel, row, onClose, children }: { label: string; idLabel: string; row: { id: string; userId: string; user: UserSnapshot }; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog label={label} wide onClose={onClose}>
      <dl className="o-details">
        <Detail label={idLabel}>
          <span className="o-mono">{row.id}</span>
        </Detail>
        <Detail label="Kullanıcı ID">
          <span className="o-mono">{row.userId}</span>
        </Detail>
        <Detail label="Ad Soyad">{fullName(row.user)}</Detail>
        <Detail label="E-posta">{row.user.email}</Detail>
        {children}
      </dl>
      <DialogActions onCancel={onClose} cancelLabel="Kapat" />
    </Dialog>
  );
}

/** What a VIP action dialog is given: the row it acts on, how to close it, what to do once it worked. */
export interface ActionDialogProps<R> {
  row: R;
  onClose: () => void;
  onDone: () => void;
}

/** The number of VIP days of the approve and grant dialogs (1 to MAX_VIP_DAYS). */
export function DaysField({ label, field, error }: { label: ReactNode; field: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <Field label={label} error={error}>
      <input type="number" min={1} max={MAX_VIP_DAYS} {...field} aria-invalid={!!error} />
    </Field>
  );
}

/** The optional notes an admin keeps with a VIP action (never shown to the member). */
export function AdminNotesField({ field, rows }: { field: UseFormRegisterReturn; rows: number }) {
  return (
    <label className="a-field">
      <span>Admin notları</span>
      <textarea rows={rows} {...field} />
    </label>
  );
}
