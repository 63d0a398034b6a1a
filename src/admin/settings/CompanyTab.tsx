import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { COMPANY_FIELD_LABELS, companyIdentityInputSchema, type CompanyIdentity } from '@shared/membership/company-identity';
import { api } from '../session';
import { LoadError } from '../ui';
import { errorText, M, useSettings } from './shared';

type CompanyIn = z.input<typeof companyIdentityInputSchema>;
type CompanyOut = z.output<typeof companyIdentityInputSchema>;

const EMPTY: CompanyIn = { legalName: '', address: '', mersisNo: '', taxOffice: '', taxNumber: '', kvkkController: '', kvkkContact: '' };

/**
 * Who sells VIP and takes the money (issue 50): printed in the footer, /hakkimizda, the legal pages,
 * the payment card and the payment mails. Saving rebuilds the public pages.
 */
export function CompanyTab() {
  const { value, error, reload } = useSettings(() => api.call((r) => r.settings.company.$get()));
  if (error) return <LoadError message={error} onRetry={() => void reload()} />;
  if (value === undefined) return <div className="a-card a-muted">Yükleniyor…</div>;
  return <CompanyForm key={JSON.stringify(value)} company={value} onSaved={() => void reload()} />;
}

function CompanyForm({ company, onSaved }: { company: CompanyIdentity | null; onSaved: () => void }) {
  const { register, handleSubmit, formState } = useForm<CompanyIn, unknown, CompanyOut>({ resolver: zodResolver(companyIdentityInputSchema), defaultValues: company ?? EMPTY });
  const e = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      await api.call((r) => r.admin.settings.company.$put(), { body: values });
      toast.success('Şirket bilgileri güncellendi!');
      onSaved();
    } catch (err) {
      toast.error(errorText(err, M.updateFailed));
    }
  });
  const field = (name: keyof CompanyIn, hint?: string) => (
    <label className="a-field">
      <span>{COMPANY_FIELD_LABELS[name]} *</span>
      <input {...register(name)} aria-invalid={!!e[name]} placeholder={hint} />
      {e[name] && <span className="a-error">{e[name]?.message}</span>}
    </label>
  );
  return (
    <form className="a-card a-form" onSubmit={submit} noValidate data-testid="company-form">
      <h2 className="a-h2">Şirket Bilgileri</h2>
      <p className="a-muted">Alt bilgide, Hakkımızda ve yasal sayfalarda, ödeme kartında ve ödeme e-postalarında gösterilir.</p>
      {company === null && <p className="a-muted">Henüz şirket bilgisi girilmedi.</p>}
      <div className="a-row-2">
        {field('legalName')}
        {field('kvkkController')}
      </div>
      {field('address')}
      <div className="a-row-3">
        {field('mersisNo', '16 hane')}
        {field('taxOffice')}
        {field('taxNumber', '10 hane')}
      </div>
      {field('kvkkContact', 'kvkk@ornek.com.tr')}
      <div className="a-modal-actions">
        <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
          {company ? 'Güncelle' : 'Kaydet'}
        </button>
      </div>
    </form>
  );
}
