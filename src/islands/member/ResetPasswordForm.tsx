import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, passwordResetConfirmSchema } from '@shared/identity/auth-schemas';
import { getSession } from '../../lib/session';
import { ErrorBanner, Field, PasswordInput } from './fields';
import './member.css';

type Values = z.input<typeof passwordResetConfirmSchema>;

const noSubscription = () => () => undefined;
const tokenFromUrl = () => new URLSearchParams(window.location.search).get('token') ?? '';

/** /sifre-sifirla?token=...: the page the reset mail links to. The token is single-use and valid 24 hours. */
export default function ResetPasswordForm() {
  // Read from the address on the client only (the static HTML has no token): null while prerendered.
  const token = useSyncExternalStore(noSubscription, tokenFromUrl, () => null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<Values, unknown, z.output<typeof passwordResetConfirmSchema>>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { token: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (token !== null) setValue('token', token);
  }, [token, setValue]);

  async function onSubmit(values: z.output<typeof passwordResetConfirmSchema>) {
    setFailure(null);
    try {
      await getSession().api.call((r) => r.auth['password-reset'].confirm.$post(), { body: values, auth: false });
      setDone(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : AUTH_MESSAGES.resetInvalid);
    }
  }

  const { errors } = formState;
  return (
    <div className="m-wrap">
      <div className="m-card">
        <h1 className="m-title">Yeni Şifre Belirle</h1>
        {token === null ? (
          <div className="skeleton m-skeleton-block" aria-hidden="true" />
        ) : done ? (
          <div role="status">
            <div className="m-banner m-banner-success">{AUTH_MESSAGES.resetDone}</div>
            <a className="btn" href="/giris">
              Giriş Yap
            </a>
          </div>
        ) : token.length < 16 ? (
          <div>
            <ErrorBanner>{AUTH_MESSAGES.resetInvalid}</ErrorBanner>
            <a className="btn" href="/sifremi-unuttum">
              Yeni bağlantı iste
            </a>
          </div>
        ) : (
          <>
            <p className="m-sub">Hesabınız için yeni bir şifre belirleyin. Şifre değiştiğinde tüm oturumlarınız kapatılır.</p>
            {failure && (
              <div className="m-banner m-banner-error" role="alert">
                {failure} <a href="/sifremi-unuttum">Yeni bağlantı isteyin</a>.
              </div>
            )}
            <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
              <input type="hidden" {...register('token')} />
              <Field id="newPassword" label="Yeni şifre" error={errors.newPassword?.message} hint={`En az ${MIN_PASSWORD_LENGTH} karakter`}>
                <PasswordInput id="newPassword" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...register('newPassword')} />
              </Field>
              <Field id="confirmPassword" label="Yeni şifre (tekrar)" error={errors.confirmPassword?.message}>
                <PasswordInput id="confirmPassword" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...register('confirmPassword')} />
              </Field>
              <button className="btn m-submit" type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Kaydediliyor...' : 'Şifremi Güncelle'}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
