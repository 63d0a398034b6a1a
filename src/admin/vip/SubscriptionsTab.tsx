import { actionsColumn, Detail, fmtDate, fmtDateTime, RowButton, useDialogFor, type Column } from '../ui';
import { api } from '../session';
import { CancelDialog, GrantDialog } from './SubscriptionDialogs';
import { StatusBadge, useVipList, userColumns, VipDetailsDialog, VipList, type VipSubscriptionRow } from './shared';

const SUBSCRIPTION_FILTERS = [
  ['all', 'Tümü'],
  ['active', 'Aktif'],
  ['expired', 'Süresi Dolmuş'],
  ['cancelled', 'İptal Edilmiş'],
] as const;
const SUBSCRIPTION_EMPTY: Record<string, string> = {
  all: 'Henüz VIP aboneliği bulunmuyor',
  active: 'Aktif VIP aboneliği bulunmuyor',
  expired: 'Süresi dolmuş VIP aboneliği bulunmuyor',
  cancelled: 'İptal edilmiş VIP aboneliği bulunmuyor',
};

/** VIP subscriptions (spec 002 §2): active first, soonest end on top; cancel an active one, grant VIP. */
export function SubscriptionsTab() {
  const list = useVipList(
    (query) => {
      query.set('sortBy', 'endDate');
      query.set('sortOrder', 'asc');
      return api.call((r) => r.users.admin['vip-subscriptions'].$get(), { query });
    },
    'active',
  );
  const { open: dialog, setOpen: setDialog, close, done } = useDialogFor<{ kind: 'details' | 'cancel'; row: VipSubscriptionRow } | { kind: 'grant' }>(list.reload);
  const columns: Column<VipSubscriptionRow>[] = [
    ...userColumns<VipSubscriptionRow>(),
    { header: 'Başlangıç', className: 'a-nowrap', cell: (s) => fmtDate(s.startDate) },
    { header: 'Bitiş', className: 'a-nowrap', cell: (s) => fmtDate(s.endDate) },
    { header: 'Süre', cell: (s) => `${s.durationDays} gün` },
    { header: 'Durum', cell: (s) => <StatusBadge status={s.status} /> },
    actionsColumn<VipSubscriptionRow>((s) => (
      <>
        <RowButton onClick={() => setDialog({ kind: 'details', row: s })}>Detay</RowButton>
        {s.status === 'active' && (
          <RowButton tone="danger" onClick={() => setDialog({ kind: 'cancel', row: s })}>İptal Et</RowButton>
        )}
      </>
    )),
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
    <VipDetailsDialog label="Abonelik Detayı" idLabel="Abonelik ID" row={row} onClose={onClose}>
      <Detail label="Başlangıç">{fmtDateTime(row.startDate)}</Detail>
      <Detail label="Bitiş">{fmtDateTime(row.endDate)}</Detail>
      <Detail label="Süre">{`${row.durationDays} gün`}</Detail>
      <Detail label="Durum">
        <StatusBadge status={row.status} />
      </Detail>
      <Detail label="Sebep">{row.reason}</Detail>
      <Detail label="Admin Notları">{row.adminNotes}</Detail>
    </VipDetailsDialog>
  );
}
