import { approveVipRequestSchema, DEFAULT_VIP_DAYS, rejectVipRequestSchema } from '@shared/membership/vip';
import { formatAmountTL } from '@shared/text/money';
import { api } from '../session';
import { Field, FormDialog, postIntent } from '../ui';
import { AdminNotesField, DaysField, fullName, type ActionDialogProps, type VipRequestRow } from './shared';

/** Approving runs under an Idempotency-Key: a double click or a retry extends the membership once. */
export function ApproveDialog({ row, onClose, onDone }: ActionDialogProps<VipRequestRow>) {
  return (
    <FormDialog
      label="VIP Talebini Onayla"
      schema={approveVipRequestSchema}
      defaultValues={{ durationDays: row.requestedDays || DEFAULT_VIP_DAYS, adminNotes: '', evidenceReason: '' }}
      send={(values, { intent }) => postIntent(intent, (r) => r.users.admin['vip-requests'][':id'].approve.$post({ param: { id: row.id } }), values)}
      success="VIP talebi onaylandı."
      onClose={onClose}
      onDone={onDone}
      submitLabel="Onayla"
      busyLabel="Onaylanıyor…"
      // The server refuses a payment without evidence too (issue 49); the button says so first.
      ready={(values) => Boolean(row.receipt) || (values.evidenceReason ?? '').trim().length >= 10}
    >
      {({ register, formState }) => (
        <>
          <p className="a-muted">
            <strong>{fullName(row.user)}</strong> ({row.user.email}) {row.requestedDays} gün istedi.
          </p>
          {row.referenceCode && (
            <p className="a-muted">
              Referans <strong>{row.referenceCode}</strong>
              {typeof row.amount === 'number' ? ` · beklenen ${formatAmountTL(row.amount)}` : ''} · {row.receipt ? 'dekont eklendi (Detay)' : 'dekont yok'}
            </p>
          )}
          <DaysField label="VIP süresi (gün)" field={register('durationDays', { valueAsNumber: true })} error={formState.errors.durationDays?.message} />
          {!row.receipt && (
            <Field label="Ödemeyi nasıl doğruladınız? (dekont ve eşleşen hesap hareketi yok)" error={formState.errors.evidenceReason?.message}>
              <textarea rows={3} {...register('evidenceReason')} placeholder="Örn. 12.11.2026 tarihli havale banka ekstresinde görüldü, tutar doğru." />
            </Field>
          )}
          <AdminNotesField field={register('adminNotes')} rows={3} />
        </>
      )}
    </FormDialog>
  );
}

export function RejectDialog({ row, onClose, onDone }: ActionDialogProps<VipRequestRow>) {
  return (
    <FormDialog
      label="VIP Talebini Reddet"
      schema={rejectVipRequestSchema}
      defaultValues={{ rejectionReason: '', adminNotes: '' }}
      send={(values) => api.call((r) => r.users.admin['vip-requests'][':id'].reject.$post({ param: { id: row.id } }), { body: values })}
      success="VIP talebi reddedildi."
      onClose={onClose}
      onDone={onDone}
      submitLabel="Reddet"
      busyLabel="Reddediliyor…"
      danger
      ready={(values) => !!values.rejectionReason?.trim()}
    >
      {({ register, formState }) => (
        <>
          <p className="a-muted">
            <strong>{fullName(row.user)}</strong> ({row.user.email})
          </p>
          <Field label="Red sebebi *" error={formState.errors.rejectionReason?.message}>
            <textarea rows={3} {...register('rejectionReason')} aria-invalid={!!formState.errors.rejectionReason} />
          </Field>
          <AdminNotesField field={register('adminNotes')} rows={2} />
        </>
      )}
    </FormDialog>
  );
}
