import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { login } from './session';

/** Staff sign-in (spec 002 §2): e-mail, password, remember me; success goes to /admin/articles. */
export function LoginScreen({ from }: { from?: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login(email, password, rememberMe);
      navigate(from && from !== '/admin' && from !== '/admin/' ? from : '/admin/articles', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="a-login">
      <form className="a-login-card" onSubmit={submit} noValidate>
        <div className="a-login-brand">
          <span className="a-logo">G</span>
          <div>
            <h1>Ganyan Yönetim Paneli</h1>
            <p>Yönetici ve yazar girişi</p>
          </div>
        </div>
        {error && (
          <p className="a-alert a-alert-error" role="alert">
            {error}
          </p>
        )}
        <label className="a-field">
          <span>E-posta</span>
          <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <label className="a-field">
          <span>Şifre</span>
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        <label className="a-check">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} /> Beni hatırla
        </label>
        <button className="a-btn a-btn-primary a-btn-block" type="submit" disabled={busy || !email || !password}>
          {busy ? 'Giriş yapılıyor…' : 'Giriş Yap'}
        </button>
        <a className="a-login-back" href="/">
          ← Siteye dön
        </a>
      </form>
    </main>
  );
}
