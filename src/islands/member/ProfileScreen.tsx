import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import type { ProfileView } from '../../../functions/src/domain/identity/account-view';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH, changePasswordSchema } from '@shared/identity/auth-schemas';
import { profileUpdateSchema } from '@shared/identity/member-details-schemas';
import { MB, UPLOAD_MESSAGES } from '@shared/uploads/upload';
import type { Wire } from '@shared/wire';
import { getSession, type SessionUser } from '../../lib/session';
import { uploadFile } from '../../lib/upload';
import { formatDate, vipRemaining } from '../../lib/vip-time';
import { ErrorBanner, Field, PasswordInput } from './fields';
import { Modal } from './Modal';
import NotificationPreferences from './NotificationPreferences';
import { useMemberScreen } from './useSession';
import './member.css';

const AVATAR_MAX_BYTES = 5 * MB;
const SAVED_NOTICE_MS = 3000;
const UNSAVED_CONFIRM = 'Kaydedilmemiş değişiklikleriniz var. Vazgeçmek istediğinize emin misiniz?';

type Account = Wire<ProfileView>;
type ProfileValues = z.input<typeof profileUpdateSchema>;
type PasswordValues = z.input<typeof changePasswordSchema>;

const ROLE_TEXT: Record<SessionUser['role'], string> = { user: 'Üye', author: 'Yazar', admin: 'Yönetici' };

function profileDefaults(user: SessionUser): ProfileValues {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '', currentPassword: '' };
}

/** /profil (spec 001 §2, §5): real saves, password change, photo upload and data download (architecture §7). */
export default function ProfileScreen() {
  const { state, allowed } = useMemberScreen();
  const [account, setAccount] = useState<Account | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const form = useForm<ProfileValues, unknown, z.output<typeof profileUpdateSchema>>({ resolver: zodResolver(profileUpdateSchema) });

  const load = useCallback(
    () =>
      getSession()
        .api.call((r) => r.auth.profile.$get())
        .then(
          ({ data }) => {
            setAccount(data);
            getSession().setUser(data);
            form.reset(profileDefaults(data));
          },
          (error: unknown) => setLoadError(error instanceof Error ? error.message : 'Profil yüklenemedi'),
        ),
    [form],
  );

  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  function showSaved() {
    setSaved(true);
    clearTimeout(savedTimer.current);
    savedTimer.current = setTimeout(() => setSaved(false), SAVED_NOTICE_MS);
  }

  async function saveProfile(body: z.input<typeof profileUpdateSchema>): Promise<{ data: Account; message?: string }> {
    const { data, message } = await getSession().api.call((r) => r.auth.profile.$put(), { body });
    setAccount(data);
    getSession().setUser(data);
    return { data, message };
  }

  async function onSave(values: z.output<typeof profileUpdateSchema>) {
    try {
      const { currentPassword, ...rest } = values;
      const changingEmail = account !== null && values.email !== account.email;
      const { data, message } = await saveProfile({ ...rest, phone: values.phone ?? null, ...(changingEmail ? { currentPassword } : {}) });
      form.reset(profileDefaults(data));
      setEditing(false);
      showSaved();
      toast.success(message ?? AUTH_MESSAGES.profileSaved);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Profil güncellenirken hata oluştu.');
    }
  }

  /** The toast repeats the first field's own message (a bad phone is not an empty name). */
  function onInvalid(errors: FieldErrors<ProfileValues>) {
    const first = (['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const).map((name) => errors[name]?.message).find(Boolean);
    toast.error(first ?? AUTH_MESSAGES.profileRequired);
  }

  function cancelEdit() {
    if (form.formState.isDirty && !window.confirm(UNSAVED_CONFIRM)) return;
    if (account) form.reset(profileDefaults(account));
    setEditing(false);
  }

  async function onPhoto(file: File | undefined) {
    setPhotoError(null);
    if (!file || !account) return;
    if (!file.type.startsWith('image/')) return setPhotoError(UPLOAD_MESSAGES.avatarNotImage);
    if (file.size > AVATAR_MAX_BYTES) return setPhotoError(UPLOAD_MESSAGES.avatarTooLarge);
    setPhotoBusy(true);
    try {
      const { api } = getSession();
      const finalized = await uploadFile(api, file, 'avatar', { failedText: 'Fotoğraf yüklenemedi. Lütfen tekrar deneyin.' });
      const { currentPassword: _unused, ...current } = profileDefaults(account);
      await saveProfile({ ...current, phone: account.phone ?? null, avatar: finalized.url });
      toast.success('Profil fotoğrafınız güncellendi.');
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : 'Fotoğraf yüklenemedi. Lütfen tekrar deneyin.');
    } finally {
      setPhotoBusy(false);
    }
  }

  async function downloadData() {
    setDownloading(true);
    try {
      const { data } = await getSession().api.call((r) => r.auth.me.export.$get());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `ganyan-verilerim-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success('Verileriniz indirildi.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Veriler indirilemedi');
    } finally {
      setDownloading(false);
    }
  }

  if (!allowed || (!account && !loadError)) return <div className="m-wrap m-wrap-wide"><div className="skeleton m-skeleton-block" aria-hidden="true" /></div>;
  if (!account) {
    return (
      <div className="m-wrap m-wrap-wide">
        <div className="m-card" role="alert">
          <h1 className="m-title">Profil yüklenemedi</h1>
          <p className="m-sub">{loadError}</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLoadError(null);
              void load();
            }}
          >
            Tekrar dene
          </button>
        </div>
      </div>
    );
  }

  const { errors } = form.formState;
  const emailValue = form.watch('email');
  const vip = state.vipStatus;
  const remaining = vip.hasVip ? vipRemaining(vip) : null;
  const initials = `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toLocaleUpperCase('tr-TR');

  return (
    <div className="m-wrap m-wrap-wide">
      <h1 className="m-title">Profilim</h1>
      <p className="m-sub">Hesap ve üyelik bilgileriniz.</p>
      {saved && (
        <div className="m-banner m-banner-success" role="status" data-testid="profile-saved">
          {AUTH_MESSAGES.profileSaved}
        </div>
      )}
      <div className="m-grid-2">
        <section className="m-card profile-head" aria-labelledby="photo-title">
          <h2 id="photo-title" className="sr-only">
            Profil fotoğrafı
          </h2>
          <div className="profile-photo">
            {account.avatar ? <img src={account.avatar} alt="Profil fotoğrafı" /> : <span aria-hidden="true">{initials}</span>}
          </div>
          <div>
            <p className="profile-name">
              {account.firstName} {account.lastName}
            </p>
            <p className="m-hint">@{account.username}</p>
            <label className="btn btn-outline profile-upload">
              {photoBusy ? 'Yükleniyor...' : 'Fotoğraf Değiştir'}
              <input type="file" accept="image/*" className="sr-only" disabled={photoBusy} data-testid="avatar-input" onChange={(e) => void onPhoto(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
            </label>
            <p className="m-hint">JPEG, PNG, WebP, GIF veya AVIF; en fazla 5 MB.</p>
            {photoError && (
              <p className="m-error" role="alert">
                {photoError}
              </p>
            )}
          </div>
        </section>
        <section className="m-card" aria-labelledby="membership-title">
          <h2 id="membership-title" className="vip-h2">
            Üyelik Durumu
          </h2>
          <p>
            <span className={vip.hasVip ? 'm-status m-status-active' : 'm-status m-status-none'}>{vip.hasVip ? 'VIP Üye' : 'Standart Üye'}</span>
          </p>
          {remaining && (
            <div className={`tone-${remaining.tone}`} style={{ fontWeight: 700 }}>
              {remaining.label}
              <div className="m-progress">
                <span style={{ width: `${remaining.percent}%` }} />
              </div>
            </div>
          )}
          <div className="m-actions">
            <a className="btn btn-outline" href="/vip-siparislerim">
              VIP Siparişlerim
            </a>
            <a className="btn btn-outline" href="/takip-ettigim-atlar">
              Takip Ettiğim Atlar
            </a>
            {!vip.hasVip && account.role === 'user' && (
              <a className="btn" href="/vip-uyelik">
                VIP Ol
              </a>
            )}
          </div>
        </section>
      </div>

      <section className="m-card" aria-labelledby="account-title">
        <h2 id="account-title" className="vip-h2">
          Hesap Bilgileri
        </h2>
        <dl className="m-dl">
          <dt>Kullanıcı adı</dt>
          <dd>{account.username}</dd>
          <dt>Hesap türü</dt>
          <dd>{ROLE_TEXT[account.role]}</dd>
          <dt>Üyelik tarihi</dt>
          <dd>{formatDate(account.createdAt)}</dd>
          <dt>Son giriş</dt>
          <dd>{formatDate(account.lastLogin)}</dd>
        </dl>
        <div className="m-actions">
          <button type="button" className="btn btn-outline" onClick={() => setPasswordOpen(true)}>
            Şifre Değiştir
          </button>
          <button type="button" className="btn btn-outline" disabled={downloading} onClick={() => void downloadData()}>
            {downloading ? 'Hazırlanıyor...' : 'Verilerimi İndir'}
          </button>
        </div>
      </section>

      <section className="m-card" aria-labelledby="personal-title">
        <h2 id="personal-title" className="vip-h2">
          Kişisel Bilgiler
        </h2>
        <form className="m-form" noValidate onSubmit={form.handleSubmit(onSave, onInvalid)}>
          <div className="m-row m-row-2">
            <Field id="firstName" label="Ad" error={errors.firstName?.message}>
              <input id="firstName" className="m-input" disabled={!editing} aria-invalid={!!errors.firstName} {...form.register('firstName')} />
            </Field>
            <Field id="lastName" label="Soyad" error={errors.lastName?.message}>
              <input id="lastName" className="m-input" disabled={!editing} aria-invalid={!!errors.lastName} {...form.register('lastName')} />
            </Field>
          </div>
          <div className="m-row m-row-2">
            <Field id="email" label="E-posta" error={errors.email?.message}>
              <input id="email" type="email" className="m-input" disabled={!editing} aria-invalid={!!errors.email} {...form.register('email')} />
            </Field>
            <Field id="phone" label="Telefon" error={errors.phone?.message}>
              <input id="phone" type="tel" className="m-input" disabled={!editing} aria-invalid={!!errors.phone} {...form.register('phone')} />
            </Field>
          </div>
          {account.pendingEmail && (
            <div className="m-banner m-banner-info" role="status">
              Yeni adresiniz <strong>{account.pendingEmail}</strong> onay bekliyor: adrese gönderdiğimiz bağlantıyı açın.
            </div>
          )}
          {editing && emailValue !== account.email && (
            <Field id="currentPassword" label="Mevcut şifre" hint="E-posta adresinizi değiştirmek için gerekli." error={errors.currentPassword?.message}>
              <PasswordInput id="currentPassword" autoComplete="current-password" aria-invalid={!!errors.currentPassword} {...form.register('currentPassword')} />
            </Field>
          )}
          <Field id="birthDate" label="Doğum tarihi" hint="Güvenlik nedeniyle doğum tarihi değiştirilemez.">
            <input id="birthDate" className="m-input" readOnly disabled value={formatDate(account.birthDate)} />
          </Field>
          <div className="m-actions" style={{ marginTop: 0 }}>
            {editing ? (
              <>
                <button key="save" type="submit" className="btn" disabled={form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? 'Kaydediliyor...' : 'Kaydet'}
                </button>
                <button type="button" className="btn btn-outline" onClick={cancelEdit}>
                  İptal
                </button>
              </>
            ) : (
              // Its own key: React must not turn this very button into the submit button mid-click.
              <button key="edit" type="button" className="btn" onClick={() => setEditing(true)}>
                Düzenle
              </button>
            )}
          </div>
        </form>
      </section>
      {account.role === 'user' && <NotificationPreferences />}
      {passwordOpen && <ChangePasswordModal onClose={() => setPasswordOpen(false)} />}
    </div>
  );
}

function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PasswordValues, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = formState;

  async function onSubmit(values: z.output<typeof changePasswordSchema>) {
    setFailure(null);
    try {
      const answer = await getSession().api.call((r) => r.auth['change-password'].$post(), { body: values });
      toast.success(answer.message ?? AUTH_MESSAGES.passwordChanged);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Şifre değiştirilemedi');
    }
  }

  return (
    <Modal title="Şifre Değiştir" onClose={onClose}>
      <ErrorBanner>{failure}</ErrorBanner>
      <form className="m-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Field id="currentPassword" label="Mevcut şifre" error={errors.currentPassword?.message}>
          <PasswordInput id="currentPassword" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field id="newPassword" label="Yeni şifre" error={errors.newPassword?.message}>
          <PasswordInput id="newPassword" autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field id="confirmPassword" label="Yeni şifre (tekrar)" error={errors.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <p className="m-hint">
          En az {MIN_PASSWORD_LENGTH} karakter. Daha güçlü bir şifre için büyük harf, küçük harf, rakam ve özel karakter kullanmanızı öneririz. Şifreniz değişince diğer cihazlardaki oturumlarınız kapatılır.
        </p>
        <div className="m-actions" style={{ marginTop: 0 }}>
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Kaydediliyor...' : 'Şifreyi Değiştir'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Vazgeç
          </button>
        </div>
      </form>
    </Modal>
  );
}
