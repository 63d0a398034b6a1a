import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { bankAccountInputSchema, type BankAccountView } from '@shared/membership/bank-account';
import { groupedIban } from '@shared/membership/iban';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { LoadError } from '../ui';
import { errorText, M, useSettings, useSettingsActions } from './shared';

type BankAccount = Wire<BankAccountView>;
type BankIn = z.input<typeof bankAccountInputSchema>;
type BankOut = z.output<typeof bankAccountInputSchema>;

export function BankTab() {
  const { value: account, error, reload: load } = useSettings(() => api.call((r) => r.settings['bank-account'].$get()));
  const [editing, setEditing] = useState(false);

  const { remove: removeRow } = useSettingsActions(load);
  const remove = () => account && removeRow(account.id, 'Banka hesabı silinsin mi? Üyeler ödeme sayfasında hesap bilgisi göremez.', () => api.call((r) => r.admin.settings['bank-account'][':id'].$delete({ param: { id: account.id } })), 'Banka hesabı silindi!');

  if (error) return <LoadError message={error} onRetry={() => void load()} />;
  if (account === undefined) return <div className="a-card a-muted">Yükleniyor…</div>;
  if (editing || account === null) {
    return (
      <div className="a-card">
        {account === null && !editing ? (
          <div className="a-empty">
            <p>Banka hesabı bulunamadı</p>
            <button type="button" className="a-btn a-btn-primary" onClick={() => setEditing(true)}>
              + Banka Hesabı Ekle
            </button>
          </div>
        ) : (
          <BankForm
            account={account}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void load();
            }}
          />
        )}
      </div>
    );
  }
  return (
    <div className="a-card" data-testid="bank-account">
      <div className="o-setting-head">
        <h2 className="a-h2">{account.bankName}</h2>
        <div className="a-head-actions">
          <button type="button" className="a-btn a-btn-ghost" onClick={() => setEditing(true)}>
            Düzenle
          </button>
          <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => remove()}>
            Sil
          </button>
        </div>
      </div>
      <dl className="o-bank">
        {(
          [
            ['Hesap Sahibi', account.accountOwner],
            ['Şube', account.branchName],
            ['Şube Kodu', account.branchCode || '—'],
            ['Hesap Numarası', account.accountNumber || '—'],
          ] as const
        ).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div style={{ gridColumn: '1 / -1' }}>
          <dt>IBAN</dt>
          <dd className="o-mono" style={{ fontSize: '1.05rem' }}>
            {groupedIban(account.ibanNumber)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function BankForm({ account, onCancel, onSaved }: { account: BankAccount | null; onCancel: () => void; onSaved: () => void }) {
  const { register, handleSubmit, formState } = useForm<BankIn, unknown, BankOut>({
    resolver: zodResolver(bankAccountInputSchema),
    defaultValues: account
      ? { bankName: account.bankName, accountOwner: account.accountOwner, branchName: account.branchName, branchCode: account.branchCode, accountNumber: account.accountNumber, ibanNumber: groupedIban(account.ibanNumber) }
      : { bankName: '', accountOwner: '', branchName: '', branchCode: '', accountNumber: '', ibanNumber: '' },
  });
  const e = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      if (account) await api.call((r) => r.admin.settings['bank-account'][':id'].$put({ param: { id: account.id } }), { body: values });
      else await api.call((r) => r.admin.settings['bank-account'].$post(), { body: values });
      toast.success(account ? 'Banka hesabı güncellendi!' : 'Banka hesabı oluşturuldu!');
      onSaved();
    } catch (err) {
      toast.error(errorText(err, account ? M.updateFailed : M.failed));
    }
  });
  const field = (name: keyof BankIn, label: string, required: boolean, placeholder?: string) => (
    <label className="a-field">
      <span>
        {label}
        {required ? ' *' : ''}
      </span>
      <input {...register(name)} placeholder={placeholder} aria-invalid={!!e[name]} />
      {e[name] && <span className="a-error">{e[name]?.message}</span>}
    </label>
  );
  return (
    <form className="a-form" onSubmit={submit} noValidate>
      <h2 className="a-h2">{account ? 'Banka Hesabını Düzenle' : 'Yeni Banka Hesabı'}</h2>
      <div className="a-row-2">
        {field('bankName', 'Banka Adı', true)}
        {field('accountOwner', 'Hesap Sahibi', true)}
      </div>
      <div className="a-row-3">
        {field('branchName', 'Şube Adı', true)}
        {field('branchCode', 'Şube Kodu', false)}
        {field('accountNumber', 'Hesap Numarası', false)}
      </div>
      {field('ibanNumber', 'IBAN', true, 'TR00 0000 0000 0000 0000 0000 00')}
      <div className="a-modal-actions">
        {account && (
          <button type="button" className="a-btn a-btn-ghost" onClick={onCancel}>
            Vazgeç
          </button>
        )}
        <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
          {account ? 'Güncelle' : 'Kaydet'}
        </button>
      </div>
    </form>
  );
}
