import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { AUTH_MESSAGES, loginSchema } from '../../../functions/src/domain/identity/auth-schemas';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { ErrorBanner, Field, PasswordInput, REDIRECT_AFTER_AUTH_MS } from './fields';
import './member.css';

type LoginValues = z.input<typeof loginSchema>;

/** /giris (spec 001 §2, §5, §8). */
export default function LoginForm() {
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = formState;

  async function onSubmit(values: z.output<typeof loginSchema>) {
    setBanner(null);
    try {
      await getSession().login(values);
      setDone(true);
      toast.success(AUTH_MESSAGES.loggedIn);
      setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      const wrongCredentials = error instanceof ApiError && error.status === 401;
      setBanner(wrongCredentials ? AUTH_MESSAGES.badCredentials : error instanceof Error ? error.message : 'Giriş yapılırken bir hata oluştu');
      toast.error('Giriş yapılırken bir hata oluştu');
    }
  }

  return (
    <div className="m-wrap">
      <div className="m-card">
        <h1 className="m-title">Giriş Yap</h1>
        <p className="m-sub">Hesabınıza giriş yaparak VIP içeriklere ve üyelik işlemlerinize ulaşın.</p>
        <ErrorBanner>{banner}</ErrorBanner>
        <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Field id="email" label="E-posta" error={errors.email?.message}>
            <input id="email" className="m-input" type="email" autoComplete="email" aria-invalid={!!errors.email} {...register('email')} />
          </Field>
          <Field id="password" label="Şifre" error={errors.password?.message}>
            <PasswordInput id="password" autoComplete="current-password" aria-invalid={!!errors.password} {...register('password')} />
          </Field>
          <label className="m-check">
            <input type="checkbox" {...register('rememberMe')} />
            <span>Beni hatırla</span>
          </label>
          <button className="btn m-submit" type="submit" disabled={isSubmitting || done}>
            {isSubmitting ? 'Giriş yapılıyor...' : 'Giriş Yap'}
          </button>
        </form>
        <div className="m-links">
          <a href="/sifremi-unuttum">Şifremi unuttum</a>
          <a href="/kayit">Hesabınız yok mu? Kayıt olun</a>
        </div>
        <p className="m-hint" style={{ marginTop: '1rem' }}>
          Giriş yaparken sorun mu yaşıyorsunuz? <a href="/iletisim">Bize ulaşın</a>.
        </p>
      </div>
    </div>
  );
}
