import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { BankAccountView } from '../../../functions/src/domain/membership/bank-account';
import type { SettingView } from '../../../functions/src/domain/membership/general-setting';
import type { PackageView } from '../../../functions/src/domain/membership/vip-package';
import { groupedIban } from '../../../functions/src/domain/membership/iban';
import type { Wire } from '../../../functions/src/platform/wire';
import { DEFAULT_VIP_DAYS, DEFAULT_VIP_REASON, VIP_MESSAGES, requestVipSchema } from '../../../functions/src/domain/membership/vip';
import { getSession, setFlash, type SessionUser } from '../../lib/session';
import { formatPrice } from '../../lib/vip-time';
import { useRequireLogin, useSession } from './useSession';
import './member.css';

type BankAccount = Wire<BankAccountView>;
type VipPackage = Wire<PackageView>;
type Setting = Wire<SettingView>;

const REQUEST_FAILED = 'VIP talep işlemi başarısız oldu';

/** The form's fields: the request body's package plus the payer's name, which becomes `otherName`. */
const formSchema = requestVipSchema.pick({ packageId: true }).extend({
  packageId: z.string(VIP_MESSAGES.packageRequired).min(1, VIP_MESSAGES.packageRequired),
  payerFirstName: z.string().trim().max(60, 'En fazla 60 karakter girilebilir'),
  payerLastName: z.string().trim().max(60, 'En fazla 60 karakter girilebilir'),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * Spec 001 §5: the payer's full name when both payer fields are filled, else the one name typed,
 * else the member's own full name.
 */
export function otherNameFor(first: string, last: string, user: Pick<SessionUser, 'firstName' | 'lastName'> | null): string {
  const f = first.trim();
  const l = last.trim();
  if (f && l) return `${f} ${l}`;
  if (f || l) return f || l;
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

/** A package's name, length, text and price: the same in the static list and in the form. */
function PackageBody({ pkg, popular }: { pkg: VipPackage; popular: boolean }) {
  return (
    <>
      <span className="vip-package-body">
        <span className="vip-package-name">
          {pkg.name}
          {popular && <span className="badge badge-vip">Popüler</span>}
        </span>
        <span className="vip-package-days">{pkg.durationDays} gün</span>
        {pkg.description && <span className="m-hint">{pkg.description}</span>}
      </span>
      <span className="vip-package-price">{formatPrice(pkg.price)}</span>
    </>
  );
}

/**
 * /vip-uyelik (spec 001 §2, §5, §8). The packages of the build are in the static HTML (issue 21):
 * a member sees them before the session is read, the form follows with the fresh list. Visitors
 * leave for /giris from <head> (VISITOR_TO_LOGIN_SCRIPT) before this island is requested.
 */
export default function VipPackages({ builtPackages = null }: { builtPackages?: VipPackage[] | null }) {
  const state = useSession();
  const allowed = useRequireLogin(state);
  const [bank, setBank] = useState<BankAccount | null | undefined>(undefined);
  const [packages, setPackages] = useState<VipPackage[] | null>(builtPackages);
  const [settings, setSettings] = useState<Setting[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { packageId: '', payerFirstName: '', payerLastName: '' },
  });
  const selected = watch('packageId');

  const load = useCallback(async () => {
    const { api } = getSession();
    setLoadError(null);
    const [bankAnswer, packageAnswer, settingAnswer] = await Promise.allSettled([
      api.get<BankAccount | null>('/settings/bank-account'),
      api.get<VipPackage[]>('/admin/settings/vip-packages'),
      api.get<Setting[]>('/admin/settings/general-settings'),
    ]);
    setBank(bankAnswer.status === 'fulfilled' ? bankAnswer.value.data : null);
    setSettings(settingAnswer.status === 'fulfilled' ? settingAnswer.value.data ?? [] : []);
    if (packageAnswer.status === 'fulfilled') {
      const active = (packageAnswer.value.data ?? []).filter((p) => p.isActive).sort((a, b) => a.sortOrder - b.sortOrder);
      setPackages(active);
    } else {
      setLoadError(packageAnswer.reason instanceof Error ? packageAnswer.reason.message : 'Paketler yüklenemedi');
    }
  }, []);

  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

  async function onSubmit(values: FormValues) {
    setResult(null);
    const pkg = packages?.find((p) => p.id === values.packageId);
    const body = requestVipSchema.parse({
      packageId: values.packageId,
      requestedDays: pkg?.durationDays ?? DEFAULT_VIP_DAYS,
      reason: DEFAULT_VIP_REASON,
      otherName: otherNameFor(values.payerFirstName, values.payerLastName, state.user),
    });
    try {
      const answer = await getSession().api.post('/users/request-vip', body);
      const text = answer.message ?? VIP_MESSAGES.requested;
      setResult({ kind: 'success', text });
      // The transfer instructions (reference code, IBAN, amount) are on the orders page.
      setFlash('success', text);
      window.location.assign('/vip-siparislerim');
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : REQUEST_FAILED;
      setResult({ kind: 'error', text });
      toast.error(text);
    }
  }

  const isStaff = state.user && state.user.role !== 'user';
  const pending = state.vipStatus.userVipStatus === 'pending';
  const description = settings.find((s) => s.key === 'payment_description');
  const bottom = settings.find((s) => s.key === 'payment_bottom_description');
  const none = packages !== null && packages.length === 0;

  return (
    <div className="m-wrap m-wrap-wide vip-page">
      <h1 className="m-title">VIP Üyelik</h1>
      <p className="m-sub">Uzman yazarlarımızın premium analizleri, günlük tahmin paketi, detaylı at ve jokey analizleri, reklamsız kullanım ile SMS ve e-posta bildirimleri.</p>
      {state.vipStatus.hasVip && <div className="m-banner m-banner-info">VIP üyeliğiniz aktif. Yeni bir paket talep ederseniz onaylandığında süreniz uzatılır.</div>}
      {pending && (
        <div className="m-banner m-banner-warn">
          Değerlendirme bekleyen bir VIP talebiniz var. Durumunu <a href="/vip-siparislerim">VIP Siparişlerim</a> sayfasından takip edebilirsiniz.
        </div>
      )}
      {isStaff && <div className="m-banner m-banner-warn">Yönetici ve yazar hesapları VIP talebi oluşturamaz.</div>}
      <div className="m-grid-2">
        <section className="m-card" aria-labelledby="bank-title">
          <h2 id="bank-title" className="vip-h2">Ödeme Bilgileri</h2>
          {description && <p className="vip-text">{description.content}</p>}
          {bank === undefined ? (
            <div className="skeleton" style={{ height: '8rem' }} aria-hidden="true" />
          ) : bank ? (
            <dl className="m-dl" data-testid="bank-card">
              <dt>Banka</dt>
              <dd>{bank.bankName || 'Banka'}</dd>
              <dt>Hesap sahibi</dt>
              <dd>{bank.accountOwner}</dd>
              <dt>Şube</dt>
              <dd>
                {bank.branchName}
                {bank.branchCode ? ` (${bank.branchCode})` : ''}
              </dd>
              {bank.accountNumber && (
                <>
                  <dt>Hesap no</dt>
                  <dd>{bank.accountNumber}</dd>
                </>
              )}
              <dt>IBAN</dt>
              <dd className="vip-iban">{groupedIban(bank.ibanNumber)}</dd>
            </dl>
          ) : (
            <div className="m-banner m-banner-warn" role="status">
              Banka hesap bilgileri şu anda görüntülenemiyor. Ödeme yapmadan önce lütfen <a href="/iletisim">bizimle iletişime geçin</a>.
            </div>
          )}
          <p className="m-hint" style={{ marginTop: '0.9rem' }}>
            Havale/EFT açıklamasına adınızı ve soyadınızı yazın. Ödemenizden sonra talebinizi oluşturun; talebiniz 24 saat içinde değerlendirilir.
          </p>
        </section>
        <section className="m-card" aria-labelledby="pkg-title">
          <h2 id="pkg-title" className="vip-h2">Paketler</h2>
          {result && (
            <div className={`m-banner m-banner-${result.kind}`} role={result.kind === 'error' ? 'alert' : 'status'}>
              {result.text}
              {result.kind === 'success' && (
                <>
                  {' '}
                  <a href="/vip-siparislerim">Talebimi görüntüle</a>
                </>
              )}
            </div>
          )}
          {loadError ? (
            <div className="m-banner m-banner-error" role="alert">
              Paketler yüklenemedi: {loadError}{' '}
              <button type="button" className="btn btn-outline" onClick={() => void load()}>
                Tekrar dene
              </button>
            </div>
          ) : packages === null ? (
            <div className="skeleton" style={{ height: '12rem' }} aria-hidden="true" />
          ) : !allowed && !none ? (
            <ul className="vip-packages vip-packages-static" aria-label="VIP paketleri">
              {packages.map((pkg, index) => (
                <li key={pkg.id} className="vip-package">
                  <PackageBody pkg={pkg} popular={index === 1} />
                </li>
              ))}
            </ul>
          ) : (
            <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
              {none ? (
                <div className="m-banner m-banner-info" role="status">
                  Şu anda aktif VIP paketi bulunmamaktadır.
                </div>
              ) : (
                <div className="vip-packages" role="radiogroup" aria-label="VIP paketleri">
                  {packages.map((pkg, index) => (
                    <label key={pkg.id} className={`vip-package${selected === pkg.id ? ' is-selected' : ''}`}>
                      <input type="radio" value={pkg.id} {...register('packageId')} />
                      <PackageBody pkg={pkg} popular={index === 1} />
                    </label>
                  ))}
                </div>
              )}
              {formState.errors.packageId && (
                <p className="m-error" role="alert">
                  {formState.errors.packageId.message}
                </p>
              )}
              <fieldset className="m-field" style={{ border: 0, padding: 0, margin: 0 }}>
                <legend className="m-label">Ödemeyi yapan kişi (isteğe bağlı)</legend>
                <div className="m-row m-row-2" style={{ marginTop: '0.3rem' }}>
                  <input className="m-input" aria-label="Ödeyen adı" placeholder="Ad" {...register('payerFirstName')} />
                  <input className="m-input" aria-label="Ödeyen soyadı" placeholder="Soyad" {...register('payerLastName')} />
                </div>
                <p className="m-hint">Ödemeyi başka biri yaptıysa adını yazın; boş bırakırsanız kendi adınız kullanılır.</p>
              </fieldset>
              <div className="m-actions" style={{ marginTop: 0 }}>
                <button className="btn" type="submit" disabled={none || formState.isSubmitting || !!isStaff || pending || result?.kind === 'success'}>
                  {none ? 'Paket Mevcut Değil' : formState.isSubmitting ? 'Gönderiliyor...' : 'VIP Talebi Oluştur'}
                </button>
                <a className="btn btn-outline" href="/">
                  Vazgeç
                </a>
              </div>
            </form>
          )}
          {bottom && <p className="m-hint" style={{ marginTop: '1rem' }}>{bottom.content}</p>}
        </section>
      </div>
    </div>
  );
}
