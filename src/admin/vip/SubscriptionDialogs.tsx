import { useState } from 'react';
import { cancelVipSchema, DEFAULT_VIP_DAYS, grantVipSchema, MAX_VIP_DAYS } from '@shared/membership/vip';
import { api } from '../session';
import { Field, fmtDate, FormDialog, postIntent } from '../ui';
import { AdminNotesField, DaysField, fullName, type ActionDialogProps, type VipSubscriptionRow } from './shared';
import { UserPicker, type PickUser } from './UserPicker';

export function CancelDialog({ row, onClose, onDone }: ActionDialogProps<VipSubscriptionRow>) {
  return (
    <FormDialog
      label="VIP Aboneliğini İptal Et"
      schema={cancelVipSchema}
      defaultValues={{ reason: '' }}
      send={(values) => api.call((r) => r.users.admin.users[':userId']['cancel-vip'].$post({ param: { userId: row.userId } }), { body: values })}
      success="VIP aboneliği iptal edildi"
      onClose={onClose}
      onDone={onDone}
      submitLabel="İptal Et"
      danger
      ready={(values) => !!values.reason?.trim()}
    >
      {({ register, formState }) => (
        <>
          <p className="a-muted">
            <strong>{fullName(row.user)}</strong> — bitiş {fmtDate(row.endDate)}. Üyelik hemen sona erer.
          </p>
          <Field label="İptal sebebi *" error={formState.errors.reason?.message}>
            <textarea rows={3} {...register('reason')} aria-invalid={!!formState.errors.reason} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** Granting runs under an Idempotency-Key: a double click or a retry grants once. */
export function GrantDialog({ onClose, onDone }: Omit<ActionDialogProps<never>, 'row'>) {
  const [user, setUser] = useState<PickUser | null>(null);
  return (
    <FormDialog
      label="VIP Ver"
      wide
      schema={grantVipSchema}
      defaultValues={{ durationDays: DEFAULT_VIP_DAYS, adminNotes: '' }}
      send={(values, { intent }) => {
        if (!user) throw new Error('Lütfen bir kullanıcı seçin.');
        return postIntent(intent, (r) => r.users.admin.users[':userId']['grant-vip'].$post({ param: { userId: user.id } }), values);
      }}
      success="VIP verildi"
      onClose={onClose}
      onDone={onDone}
      submitLabel="VIP Ver"
      busyLabel="Veriliyor…"
      ready={() => !!user}
    >
      {({ register, formState }) => (
        <>
          <div className="a-field">
            <span>Kullanıcı *</span>
            <UserPicker selected={user} onSelect={setUser} />
          </div>
          <DaysField label={<>Süre (gün, 1-{MAX_VIP_DAYS}) *</>} field={register('durationDays', { valueAsNumber: true })} error={formState.errors.durationDays?.message} />
          <AdminNotesField field={register('adminNotes')} rows={2} />
          {user?.isVip && <p className="a-alert a-alert-info">Kullanıcının aktif üyeliği var; süre mevcut bitiş tarihine eklenir.</p>}
        </>
      )}
    </FormDialog>
  );
}
