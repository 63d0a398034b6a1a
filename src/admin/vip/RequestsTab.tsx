import { formatTL } from '@shared/text/money';
import { actionsColumn, Detail, fmtDate, fmtDateTime, refreshBadges, RowButton, useDialogFor, type Column } from '../ui';
import { api } from '../session';
import { PaymentDetails } from './PaymentDetails';
import { ApproveDialog, RejectDialog } from './RequestDialogs';
import { StatusBadge, useVipList, userColumns, VipDetailsDialog, VipList, type VipRequestRow } from './shared';

const REQUEST_FILTERS = [
  ['all', 'Tümü'],
  ['pending', 'Bekleyen'],
  ['approved', 'Onaylanan'],
  ['rejected', 'Reddedilen'],
  ['expired', 'Süresi Dolan'],
  ['cancelled', 'İptal Edilen'],
] as const;
const REQUEST_EMPTY: Record<string, string> = {
  all: 'Henüz VIP talebi bulunmuyor',
  pending: 'Bekleyen VIP talebi bulunmuyor',
  approved: 'Onaylanmış VIP talebi bulunmuyor',
  rejected: 'Reddedilmiş VIP talebi bulunmuyor',
  expired: 'Süresi dolmuş VIP talebi bulunmuyor',
  cancelled: 'İptal edilmiş VIP talebi bulunmuyor',
};

/** VIP requests (spec 002 §2): pending first; details for every row, approve and reject for pending ones. */
export function RequestsTab() {
  const list = useVipList((query) => api.call((r) => r.users.admin['vip-requests'].$get(), { query }), 'pending');
  const { open: dialog, setOpen: setDialog, close, done } = useDialogFor<{ kind: 'details' | 'approve' | 'reject'; row: VipRequestRow }>(() => {
    refreshBadges();
    return list.reload();
  });
  const columns: Column<VipRequestRow>[] = [
    ...userColumns<VipRequestRow>(),
    { header: 'Talep Tarihi', className: 'a-nowrap', title: (r) => fmtDateTime(r.requestDate), cell: (r) => fmtDate(r.requestDate) },
    { header: 'Durum', cell: (r) => <StatusBadge status={r.status} /> },
    { header: 'İstenen Gün', cell: (r) => `${r.requestedDays} gün` },
    actionsColumn<VipRequestRow>((r) => (
      <>
        <RowButton onClick={() => setDialog({ kind: 'details', row: r })}>Detay</RowButton>
        {r.status === 'pending' && (
          <>
            <RowButton tone="ok" onClick={() => setDialog({ kind: 'approve', row: r })}>Onayla</RowButton>
            <RowButton tone="danger" onClick={() => setDialog({ kind: 'reject', row: r })}>Reddet</RowButton>
          </>
        )}
      </>
    )),
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
    <VipDetailsDialog label="Talep Detayı" idLabel="Talep ID" row={row} onClose={onClose}>
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
    </VipDetailsDialog>
  );
}
