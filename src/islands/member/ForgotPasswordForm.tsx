import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '../../../functions/src/domain/identity/auth-schemas';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { ErrorBanner, Field } from './fields';
import './member.css';

const SEND_FAILED = 'E-posta gönderilirken bir hata oluştu. Lütfen tekrar deneyiniz.';

/** /sifremi-unuttum: a real reset mail (architecture §7), the same answer whether or not the address is registered. */
export default function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  async function onSubmit(values: z.output<typeof passwordResetRequestSchema>) {
    setFailure(null);
    try {
      await getSession().api.post('/auth/password-reset', values, { auth: false });
      setSentTo(values.email);
    } catch (error) {
      // Rate limiting and offline have their own clear texts; anything else is the spec's text.
      setFailure(error instanceof ApiError && (error.status === 429 || error.status === 0) ? error.message : SEND_FAILED);
    }
  }

  return (
    <div className="m-wrap">
      <div className="m-card">
        <h1 className="m-title">Şifremi Unuttum</h1>
        {sentTo ? (
          <div role="status">
            <div className="m-banner m-banner-success">
              <strong>E-posta gönderildi.</strong> <span data-testid="reset-sent-to">{sentTo}</span> adresi kayıtlıysa şifre sıfırlama bağlantısı bu adrese gönderildi.
            </div>
            <ul className="m-hint" style={{ paddingLeft: '1.2rem', display: 'grid', gap: '0.3rem' }}>
              <li>Şifre sıfırlama bağlantısı 24 saat geçerlidir.</li>
              <li>E-postanın 5-10 dakika içinde ulaşması beklenir; gelmezse gereksiz (spam) klasörünüze de bakın.</li>
            </ul>
            <div className="m-actions">
              <a className="btn" href="/giris">
                Giriş sayfasına dön
              </a>
            </div>
          </div>
        ) : (
          <>
            <p className="m-sub">Hesabınıza kayıtlı e-posta adresini girin; şifrenizi yenilemeniz için bir bağlantı gönderelim.</p>
            <ErrorBanner>{failure}</ErrorBanner>
            <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
              <Field id="email" label="E-posta" error={formState.errors.email?.message}>
                <input id="email" className="m-input" type="email" autoComplete="email" aria-invalid={!!formState.errors.email} {...register('email')} />
              </Field>
              <button className="btn m-submit" type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Gönderiliyor...' : 'Sıfırlama Bağlantısı Gönder'}
              </button>
            </form>
            <div className="m-links">
              <a href="/giris">Giriş sayfasına dön</a>
              <a href="/iletisim">Yardım</a>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
