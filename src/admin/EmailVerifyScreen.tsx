import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api-client';
import { api } from './session';

/** Target of the verification mail sent after an author changes their e-mail address. */
export function EmailVerifyScreen() {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    api
      .call((r) => r.authors.profile.email.confirm.$post(), { body: { token } })
      .then((r) => setState({ ok: true, text: r.message ?? 'E-posta adresiniz doğrulandı.' }))
      .catch((e: unknown) => setState({ ok: false, text: e instanceof ApiError ? e.message : 'Beklenmeyen bir hata oluştu.' }));
  }, []);
  return (
    <main className="a-login">
      <div className="a-login-card">
        <h1 className="a-h1">E-posta doğrulama</h1>
        {!state && <p>Doğrulanıyor…</p>}
        {state && <p className={`a-alert ${state.ok ? 'a-alert-success' : 'a-alert-error'}`}>{state.text}</p>}
        <a className="a-btn a-btn-primary" href="/admin/author-profile">
          Panele dön
        </a>
      </div>
    </main>
  );
}
