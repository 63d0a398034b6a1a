import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { AUTHOR_MESSAGES, PROFILE_SPECIALIZATIONS, ownEmailSchema, ownPasswordSchema, ownProfileSchema } from '@shared/authors/manage-schema';
import type { OwnProfileView } from '../../../functions/src/domain/authors/manage-own-profile';
import type { Wire } from '@shared/wire';
import { CheckGroup, numberFormat, TextField } from '../ui';
import { ApiError } from '../../lib/api-client';
import { api, updateStoredUser } from '../session';
import { specializationOptions } from '@shared/identity/specializations';

type OwnProfile = Wire<OwnProfileView>;

type Tab = 'profile' | 'password' | 'email';

/** The author's own profile (spec 002 §2): header, three stat cards, tabs profile / password / e-mail. */
export function AuthorProfileScreen() {
  const [profile, setProfile] = useState<OwnProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('profile');

  const load = useCallback(() => {
    setError(null);
    api
      .call((r) => r.authors.profile.me.$get())
      .then((r) => setProfile(r.data))
      .catch(() => setError('Profil bilgileri alınamadı.'));
  }, []);
  useEffect(load, [load]);

  if (error)
    return (
      <div className="a-page">
        <p className="a-alert a-alert-error">
          {error}{' '}
          <button type="button" className="a-link" onClick={load}>
            Tekrar Dene
          </button>
        </p>
      </div>
    );
  if (!profile) return <div className="a-page a-muted">Profil yükleniyor…</div>;

  return (
    <div className="a-page">
      <div className="a-card a-profile-head">
        {profile.avatar ? <img className="a-avatar" src={profile.avatar} alt="" /> : <div className="a-avatar a-avatar-empty" aria-hidden="true">{(profile.firstName[0] ?? '') + (profile.lastName[0] ?? '')}</div>}
        <div>
          <h1 className="a-h1">{profile.displayName}</h1>
          <p className="a-sub">{profile.email}</p>
        </div>
      </div>
      <div className="a-stats a-stats-3">
        {/* No followers card: there is no follow feature, so it could only ever say 0 (departure, docs/engineering.md). */}
        <div className="a-stat a-stat-total">
          <span>Toplam Makale</span>
          <strong>{numberFormat.format(profile.stats.articlesCount)}</strong>
        </div>
        <div className="a-stat a-stat-published">
          <span>Toplam Görüntülenme</span>
          <strong>{numberFormat.format(profile.stats.totalViews)}</strong>
        </div>
      </div>
      <div className="a-tabs" role="tablist">
        {(
          [
            ['profile', 'Profil'],
            ['password', 'Şifre'],
            ['email', 'E-posta'],
          ] as [Tab, string][]
        ).map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className={tab === key ? 'is-active' : ''} onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      <div className="a-card">
        {tab === 'profile' && <ProfileTab profile={profile} onSaved={setProfile} />}
        {tab === 'password' && <PasswordTab />}
        {tab === 'email' && <EmailTab profile={profile} onSaved={setProfile} />}
      </div>
    </div>
  );
}

/**
 * The spec's texts (002 §8): the server's own reason when it refused the request, '… güncellenemedi.'
 * when it failed, '… güncellenirken hata oluştu.' when no answer came, and the generic one otherwise.
 */
function failureText(e: unknown, failed: string, unreachable: string): string {
  if (!(e instanceof ApiError)) return 'Bir hata oluştu. Lütfen tekrar deneyin.';
  if (e.status === 0) return unreachable;
  return e.status >= 500 ? failed : e.message || 'Bir hata oluştu. Lütfen tekrar deneyin.';
}

function firstError(errors: Record<string, unknown>): string | null {
  for (const e of Object.values(errors)) {
    if (e && typeof e === 'object') {
      if ('message' in e && typeof e.message === 'string' && e.message) return e.message;
      const nested = firstError(e as Record<string, unknown>);
      if (nested) return nested;
    }
  }
  return null;
}

/**
 * The password and e-mail tabs' sending: the line above the form shows the first validation message,
 * else how the last send went (`send` answers the success text; a failure shows `failureText`'s).
 */
function useTabSend(errors: Record<string, unknown>, failed: string, unreachable: string) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const message = firstError(errors);
  const send = async (call: () => Promise<string>) => {
    setStatus(null);
    try {
      setStatus({ ok: true, text: await call() });
    } catch (e) {
      setStatus({ ok: false, text: failureText(e, failed, unreachable) });
    }
  };
  const line = (message || status) && <p className={`a-alert ${status?.ok && !message ? 'a-alert-success' : 'a-alert-error'}`}>{message ?? status?.text}</p>;
  return { send, line };
}

function ProfileTab({ profile, onSaved }: { profile: OwnProfile; onSaved: (p: OwnProfile) => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ownProfileSchema>, unknown, z.output<typeof ownProfileSchema>>({
    resolver: zodResolver(ownProfileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      displayName: profile.displayName,
      bio: profile.bio,
      specializations: profile.specializations.filter((s): s is (typeof PROFILE_SPECIALIZATIONS)[number] => (PROFILE_SPECIALIZATIONS as readonly string[]).includes(s)),
      socialMedia: profile.socialMedia,
    },
  });
  const [busy, setBusy] = useState(false);
  const message = firstError(formState.errors);
  const submit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const r = await api.call((r) => r.authors.profile.me.$put(), { body: values });
      onSaved(r.data);
      updateStoredUser({ displayName: r.data.displayName, firstName: r.data.firstName, lastName: r.data.lastName });
      toast.success(r.message ?? 'Profil güncellendi.');
    } catch (e) {
      toast.error(e instanceof ApiError && e.status < 500 ? e.message : 'Profil güncellenemedi.');
    } finally {
      setBusy(false);
    }
  });
  return (
    <form className="a-form" onSubmit={submit} noValidate>
      {message && <p className="a-alert a-alert-error">{message}</p>}
      <div className="a-row-2">
        <TextField label="Ad *" field={register('firstName')} />
        <TextField label="Soyad *" field={register('lastName')} />
      </div>
      <TextField label="Görünen ad" field={register('displayName')} />
      <TextField label="Biyografi" field={register('bio')} rows={4} />
      <CheckGroup legend="Uzmanlık alanları" options={specializationOptions(PROFILE_SPECIALIZATIONS)} field={register('specializations')} />
      <div className="a-row-2">
        <label className="a-field">
          <span>Twitter</span>
          <div className="a-prefix">
            <span>@</span>
            <input {...register('socialMedia.twitter')} />
          </div>
        </label>
        <TextField label="Instagram" field={register('socialMedia.instagram')} />
        <TextField label="Web sitesi" field={register('socialMedia.website')} type="url" placeholder="https://" />
        <TextField label="YouTube kanalı" field={register('socialMedia.youtube')} type="url" placeholder="https://youtube.com/@…" />
      </div>
      <button type="submit" className="a-btn a-btn-primary" disabled={busy}>
        {busy ? 'Kaydediliyor…' : 'Profili Kaydet'}
      </button>
    </form>
  );
}

function PasswordTab() {
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof ownPasswordSchema>, unknown, z.output<typeof ownPasswordSchema>>({
    resolver: zodResolver(ownPasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { send, line } = useTabSend(formState.errors, 'Şifre güncellenemedi.', 'Şifre güncellenirken hata oluştu.');
  const submit = handleSubmit((values) =>
    send(async () => {
      await api.call((r) => r.authors.profile.me.password.$put(), { body: values });
      reset();
      toast.success(AUTHOR_MESSAGES.passwordChanged);
      return AUTHOR_MESSAGES.passwordChanged;
    }),
  );
  return (
    <form className="a-form a-narrow" onSubmit={submit} noValidate>
      {line}
      <TextField label="Mevcut şifre" field={register('currentPassword')} type="password" autoComplete="current-password" />
      <label className="a-field">
        <span>Yeni şifre</span>
        <input type="password" autoComplete="new-password" aria-describedby="new-password-hint" {...register('newPassword')} />
      </label>
      <small id="new-password-hint" className="a-muted a-hint-under">En az 6 karakter</small>
      <TextField label="Yeni şifre (tekrar)" field={register('confirmPassword')} type="password" autoComplete="new-password" />
      <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
        Şifreyi Güncelle
      </button>
    </form>
  );
}

function EmailTab({ profile, onSaved }: { profile: OwnProfile; onSaved: (p: OwnProfile) => void }) {
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof ownEmailSchema>, unknown, z.output<typeof ownEmailSchema>>({
    resolver: zodResolver(ownEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  const { send, line } = useTabSend(formState.errors, 'E-posta güncellenemedi.', 'E-posta güncellenirken hata oluştu.');
  const submit = handleSubmit((values) =>
    send(async () => {
      const r = await api.call((r) => r.authors.profile.me.email.$put(), { body: values });
      onSaved(r.data);
      updateStoredUser({ email: r.data.email });
      reset();
      return AUTHOR_MESSAGES.emailChanged;
    }),
  );
  return (
    <form className="a-form a-narrow" onSubmit={submit} noValidate>
      <p className="a-alert a-alert-info">E-posta adresinizi değiştirdiğinizde yeni adresinize bir doğrulama bağlantısı gönderilir; bağlantıyı açana kadar adresiniz doğrulanmamış sayılır.</p>
      {line}
      <div className="a-field">
        <span>Mevcut e-posta</span>
        <div className="a-readonly">
          {profile.email}{' '}
          {profile.isEmailVerified ? <span className="a-status a-status-published">✓ Doğrulandı</span> : <span className="a-status a-status-draft">Doğrulanmadı</span>}
        </div>
      </div>
      <TextField label="Yeni e-posta" field={register('email')} type="email" autoComplete="email" />
      <TextField label="Mevcut şifre" field={register('password')} type="password" autoComplete="current-password" />
      <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
        E-postayı Güncelle
      </button>
    </form>
  );
}
