import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { AUTH_MESSAGES, latestBirthYear, MIN_PASSWORD_LENGTH } from '@shared/identity/auth-schemas';
import { registerSchema } from '@shared/identity/member-details-schemas';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { Field, PasswordInput, REDIRECT_AFTER_AUTH_MS } from './fields';
import './member.css';

type RegisterValues = z.input<typeof registerSchema>;
type RegisterOutput = z.output<typeof registerSchema>;

const MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
const FIELD_ORDER: (keyof RegisterValues)[] = ['firstName', 'lastName', 'phone', 'birthDay', 'birthMonth', 'birthYear', 'email', 'username', 'password', 'confirmPassword', 'agreeToTerms'];

/** /kayit (spec 001 §2, §5, §8): submit is enabled only when every rule of the shared schema holds. */
export default function RegisterForm() {
  const [banner, setBanner] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [done, setDone] = useState(false);
  // Within the last 100 years (spec 001 §9), newest first, starting at the latest year an adult can
  // be born in: nobody under 18 may join (kullanıcı sözleşmesi), so younger years are never offered.
  const years = useMemo(() => {
    const now = new Date();
    const oldest = now.getUTCFullYear() - 100;
    const newest = latestBirthYear(now);
    return Array.from({ length: newest - oldest + 1 }, (_, i) => String(newest - i));
  }, []);
  const { register, handleSubmit, formState, watch, setError, trigger, getValues } = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', phone: '', birthDay: '', birthMonth: '', birthYear: '', email: '', username: '', password: '', confirmPassword: '', agreeToTerms: false },
  });
  const { errors, isSubmitting, isValid } = formState;
  const password = watch('password') ?? '';
  const confirm = watch('confirmPassword') ?? '';
  const birthError = errors.birthDay?.message ?? errors.birthMonth?.message ?? errors.birthYear?.message;
  // Once day, month and year are all chosen, the date is judged at once (a real day, 18 or older):
  // a select is left without a blur as often as with one, and the refusal must not wait for it.
  const birthSelect = (name: 'birthDay' | 'birthMonth' | 'birthYear') =>
    register(name, {
      onChange: () => {
        const { birthDay, birthMonth, birthYear } = getValues();
        if (birthDay && birthMonth && birthYear) void trigger('birthDay');
      },
    });

  async function onSubmit(values: RegisterOutput) {
    setBanner(null);
    try {
      await getSession().register(values);
      setDone(true);
      setBanner({ kind: 'success', text: AUTH_MESSAGES.registered });
      toast.success('Kayıt başarıyla tamamlandı! Hoş geldiniz!');
      setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          const name = fieldError.path.split('.')[0] as keyof RegisterValues;
          if (FIELD_ORDER.includes(name)) setError(name, { message: fieldError.message });
        }
      }
      const serverText = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : null;
      setBanner({ kind: 'error', text: serverText ?? (error instanceof Error && error.message ? error.message : 'Üyelik oluşturulurken bir hata oluştu. Lütfen tekrar deneyiniz.') });
      toast.error('Kayıt işlemi sırasında bir hata oluştu');
    }
  }

  const text = (name: 'firstName' | 'lastName' | 'email' | 'username', label: string, type = 'text', autoComplete?: string) => (
    <Field id={name} label={label} error={errors[name]?.message}>
      <input id={name} className="m-input" type={type} autoComplete={autoComplete} aria-invalid={!!errors[name]} {...register(name)} />
    </Field>
  );

  return (
    <div className="m-wrap" style={{ maxWidth: '40rem' }}>
      <div className="m-card">
        <h1 className="m-title">Kayıt Ol</h1>
        <p className="m-sub">Ücretsiz üye olun; dilediğiniz zaman VIP üyeliğe geçebilirsiniz.</p>
        {banner && (
          <div className={`m-banner m-banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
            {banner.text}
          </div>
        )}
        <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <div className="m-row m-row-2">
            {text('firstName', 'Ad', 'text', 'given-name')}
            {text('lastName', 'Soyad', 'text', 'family-name')}
          </div>
          <Field id="phone" label="Cep telefonu" error={errors.phone?.message} hint="Örnek: 0532 123 45 67">
            <input id="phone" className="m-input" type="tel" inputMode="tel" autoComplete="tel" aria-invalid={!!errors.phone} {...register('phone')} />
          </Field>
          <fieldset className="m-field" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="m-label">Doğum tarihi</legend>
            <div className="m-row m-row-3" style={{ marginTop: '0.3rem' }}>
              <select aria-label="Gün" aria-invalid={!!birthError} {...birthSelect('birthDay')}>
                <option value="">Gün</option>
                {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
              <select aria-label="Ay" aria-invalid={!!birthError} {...birthSelect('birthMonth')}>
                <option value="">Ay</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1).padStart(2, '0')}>
                    {m}
                  </option>
                ))}
              </select>
              <select aria-label="Yıl" aria-invalid={!!birthError} {...birthSelect('birthYear')}>
                <option value="">Yıl</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
            {birthError && (
              <p className="m-error" role="alert">
                {birthError}
              </p>
            )}
          </fieldset>
          {text('email', 'E-posta', 'email', 'email')}
          {text('username', 'Kullanıcı adı', 'text', 'username')}
          <div className="m-row m-row-2">
            <Field id="password" label="Şifre" error={errors.password?.message}>
              <PasswordInput id="password" autoComplete="new-password" aria-invalid={!!errors.password} {...register('password', { deps: ['confirmPassword'] })} />
            </Field>
            <Field id="confirmPassword" label="Şifre tekrar" error={errors.confirmPassword?.message}>
              <PasswordInput id="confirmPassword" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...register('confirmPassword')} />
            </Field>
          </div>
          <ul className="m-rules" aria-live="polite" data-testid="password-rules">
            <li className={password.length >= MIN_PASSWORD_LENGTH ? 'ok' : ''}>
              {password.length >= MIN_PASSWORD_LENGTH ? `Şifre en az ${MIN_PASSWORD_LENGTH} karakter` : AUTH_MESSAGES.passwordTooShort}
            </li>
            <li className={confirm.length > 0 && confirm === password ? 'ok' : ''}>{confirm.length > 0 && confirm === password ? 'Şifreler eşleşiyor' : AUTH_MESSAGES.passwordMismatch}</li>
          </ul>
          <label className="m-check">
            <input type="checkbox" aria-invalid={!!errors.agreeToTerms} {...register('agreeToTerms')} />
            <span>
              <a href="/kullanici-sozlesmesi" target="_blank" rel="noopener">
                Kullanıcı sözleşmesini
              </a>
              ,{' '}
              <a href="/gizlilik-politikasi" target="_blank" rel="noopener">
                gizlilik politikasını
              </a>{' '}
              ve{' '}
              <a href="/kullanim-kosullari" target="_blank" rel="noopener">
                kullanım koşullarını
              </a>{' '}
              okudum, kabul ediyorum.
            </span>
          </label>
          {errors.agreeToTerms && (
            <p className="m-error" role="alert">
              {errors.agreeToTerms.message}
            </p>
          )}
          <button className="btn m-submit" type="submit" disabled={!isValid || isSubmitting || done}>
            {isSubmitting ? 'Kaydediliyor...' : 'Kayıt Ol'}
          </button>
        </form>
        <div className="m-links">
          <a href="/giris">Zaten üye misiniz? Giriş yapın</a>
          <a href="/iletisim">Yardım mı gerekiyor?</a>
        </div>
      </div>
    </div>
  );
}
