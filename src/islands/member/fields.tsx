import { useState, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled field with its error line; ids tie label, input and message together for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="m-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="m-hint">{hint}</p>}
      <ErrorLine message={error} id={`${id}-error`} />
    </div>
  );
}

/** A failure in one line, read out when it appears; nothing while there is none. */
export function ErrorLine({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p className="m-error" id={id} role="alert">
      {message}
    </p>
  );
}

/** A failure above a form or in place of it; nothing while there is none. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div className="m-banner m-banner-error" role="alert">
      {children}
    </div>
  );
}

/** Password input with the show/hide toggle of spec 001 §2. */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="m-password">
      <input {...props} className="m-input" type={visible ? 'text' : 'password'} />
      <button type="button" className="m-toggle" aria-controls={props.id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? 'Gizle' : 'Göster'}
      </button>
    </div>
  );
}

export const REDIRECT_AFTER_AUTH_MS = 1000;
