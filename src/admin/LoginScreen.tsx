import { useLayoutEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { login } from './session';

interface LoginFields {
  email: string;
  password: string;
  rememberMe: boolean;
}

/**
 * The static sign-in form the page painted before the panel's code arrived, and which of its fields
 * has the caret. Astro renders a client-only island inside a transition, so React may pause between
 * reading this form and replacing it; the form is kept to be read again once the live one is in.
 */
function staticForm(): { form: HTMLFormElement; focused: () => string | null } | null {
  const form = typeof document === 'undefined' ? null : document.querySelector<HTMLFormElement>('form[data-static-login]');
  if (!form) return null;
  let focused = form.contains(document.activeElement) ? (document.activeElement as HTMLInputElement).name : null;
  form.addEventListener('focusin', (event) => (focused = (event.target as HTMLInputElement).name));
  return { form, focused: () => focused };
}

/** What the reader typed into the static form; a detached form still holds its values. */
function typedInto(form: HTMLFormElement | undefined): LoginFields {
  const value = (name: string) => form?.querySelector<HTMLInputElement>(`[name="${name}"]`);
  return { email: value('email')?.value ?? '', password: value('password')?.value ?? '', rememberMe: value('rememberMe')?.checked ?? false };
}

/**
 * The sign-in card. The /admin/login page also renders it at build time without `fields`, as the
 * client-only panel's fallback: the first screen is painted before React and the router arrive
 * (issue 21), and its submit button stays disabled, as the live form's is while a field is empty.
 */
export function LoginForm({ fields, error, busy, onChange, onSubmit, formRef }: { fields?: LoginFields; error?: string | null; busy?: boolean; onChange?: (fields: LoginFields) => void; onSubmit?: (event: FormEvent) => void; formRef?: Ref<HTMLFormElement> }) {
  const live = fields && onChange;
  const bind = <K extends keyof LoginFields>(key: K, read: (input: HTMLInputElement) => LoginFields[K]) =>
    live ? { onChange: (e: { target: HTMLInputElement }) => onChange({ ...fields, [key]: read(e.target) }) } : {};
  return (
    <main className="a-login">
      <form ref={formRef} className="a-login-card" onSubmit={onSubmit} noValidate {...(live ? {} : { 'data-static-login': '' })}>
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
          <input type="email" name="email" autoComplete="username" {...(live ? { value: fields.email } : {})} {...bind('email', (i) => i.value)} required />
        </label>
        <label className="a-field">
          <span>Şifre</span>
          <input type="password" name="password" autoComplete="current-password" {...(live ? { value: fields.password } : {})} {...bind('password', (i) => i.value)} required />
        </label>
        <label className="a-check">
          <input type="checkbox" name="rememberMe" {...(live ? { checked: fields.rememberMe } : {})} {...bind('rememberMe', (i) => i.checked)} /> Beni hatırla
        </label>
        <button className="a-btn a-btn-primary a-btn-block" type="submit" disabled={!live || busy || !fields.email || !fields.password}>
          {busy ? 'Giriş yapılıyor…' : 'Giriş Yap'}
        </button>
        <a className="a-login-back" href="/">
          ← Siteye dön
        </a>
      </form>
    </main>
  );
}

/** Staff sign-in (spec 002 §2): e-mail, password, remember me; success goes to /admin/articles. */
export function LoginScreen({ from }: { from?: string }) {
  const navigate = useNavigate();
  const [painted] = useState(staticForm);
  const [fields, setFields] = useState(() => typedInto(painted?.form));
  const liveForm = useRef<HTMLFormElement>(null);
  // Keystrokes that reached the static form while React was rendering would otherwise be lost.
  useLayoutEffect(() => {
    if (!painted) return;
    setFields(typedInto(painted.form));
    const name = painted.focused();
    if (name && document.activeElement === document.body) liveForm.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  }, [painted]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login(fields.email, fields.password, fields.rememberMe);
      // /admin itself decides: the race-day desk on a race day, else the articles (App.tsx Landing).
      navigate(from && from !== '/admin' && from !== '/admin/' ? from : '/admin', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return <LoginForm fields={fields} error={error} busy={busy} onChange={setFields} onSubmit={submit} formRef={liveForm} />;
}
