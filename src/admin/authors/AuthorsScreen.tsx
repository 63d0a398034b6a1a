import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  AUTHOR_FORM_SPECIALIZATIONS,
  AUTHOR_STATUS_LABELS,
  authorCreateSchema,
  authorUpdateSchema,
} from '../../../functions/src/domain/authors/manage-schema';
import type { StaffAuthorView } from '../../../functions/src/domain/authors/manage-authors';
import type { Wire } from '../../../functions/src/platform/wire';
import { api } from '../session';
import { CheckGroup, DataTable, Dialog, DialogActions, fmtDate, LoadError, numberFormat, StatCards, TextField, useDialogFor, useListQuery, type Column } from '../ui';
import { specializationLabels, specializationOptions } from '../../../functions/src/domain/identity/specializations';

type AuthorRow = Wire<StaffAuthorView>;

type FormIn = z.input<typeof authorUpdateSchema>;
type FormOut = z.output<typeof authorUpdateSchema>;

/** Author management, admin only (spec 002 §2): stat cards, table, create/edit and set-password dialogs. */
export function AuthorsScreen() {
  return <AuthorsManager />;
}

function AuthorsManager() {
  const list = useListQuery(async () => (await api.call((r) => r.admin.authors.$get())).data, {
    filters: {},
    errorText: (e) => e.message || 'Yazarlar yüklenirken bir hata oluştu',
  });
  const rows = list.data;
  const load = list.reload;
  const { open: editing, setOpen: setEditing, close, done } = useDialogFor<AuthorRow | 'new'>(load);
  const [passwordFor, setPasswordFor] = useState<AuthorRow | null>(null);

  async function toggleStatus(a: AuthorRow) {
    if (a.status !== 'active' && a.status !== 'inactive') return;
    try {
      const r = await api.put(`/authors/${a.id}/status`, { status: a.status === 'active' ? 'inactive' : 'active' });
      toast.success(r.message ?? 'Yazar durumu güncellendi.');
      await load();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  async function remove(a: AuthorRow) {
    if (!window.confirm(`${a.displayName} adlı yazarı silmek istediğinize emin misiniz? Yazar panele giriş yapamaz; makaleleri yerinde kalır.`)) return;
    try {
      const r = await api.del(`/authors/${a.id}`);
      toast.success(r.message ?? 'Yazar silindi.');
      await load();
    } catch (e) {
      toast.error((e as Error).message || 'Yazar silinirken bir hata oluştu');
    }
  }

  const columns: Column<AuthorRow>[] = [
    {
      header: 'Yazar',
      cell: (a) => (
        <>
          <strong>{a.displayName}</strong>
          <div className="a-muted">@{a.username}</div>
        </>
      ),
    },
    { header: 'E-posta', cell: (a) => a.email },
    { header: 'Uzmanlık', cell: (a) => (a.specializations.length ? specializationLabels(a.specializations).join(', ') : <span className="a-muted">—</span>) },
    { header: 'Makale', cell: (a) => numberFormat.format(a.articleCount) },
    {
      header: 'Durum',
      cell: (a) =>
        a.status === 'active' || a.status === 'inactive' ? (
          <button type="button" className={`a-status a-status-${a.status} a-clickable`} title="Durumu değiştirmek için tıklayın" onClick={() => void toggleStatus(a)}>
            {AUTHOR_STATUS_LABELS[a.status]}
          </button>
        ) : (
          <span className={`a-status a-status-${a.status}`}>{AUTHOR_STATUS_LABELS[a.status] ?? 'Bilinmeyen'}</span>
        ),
    },
    { header: 'Katılım', className: 'a-nowrap', cell: (a) => fmtDate(a.createdAt) },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      className: 'a-actions',
      cell: (a) => (
        <>
          <button type="button" className="a-icon-btn" onClick={() => setEditing(a)}>
            Düzenle
          </button>
          <button type="button" className="a-icon-btn" onClick={() => setPasswordFor(a)}>
            Şifre
          </button>
          <button type="button" className="a-icon-btn a-danger" onClick={() => void remove(a)}>
            Sil
          </button>
        </>
      ),
    },
  ];

  const active = rows?.filter((r) => r.status === 'active').length ?? 0;
  const articles = rows?.reduce((s, r) => s + r.articleCount, 0) ?? 0;

  return (
    <div className="a-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">Yazar Yönetimi</h1>
          <p className="a-sub">Yazar hesapları, durumları ve şifreleri</p>
        </div>
        <button type="button" className="a-btn a-btn-primary" onClick={() => setEditing('new')}>
          + Yeni Yazar
        </button>
      </div>
      <StatCards
        items={[
          { label: 'Toplam Yazar', value: rows?.length, tone: 'total' },
          { label: 'Aktif', value: rows ? active : undefined, tone: 'published' },
          { label: 'Pasif', value: rows ? rows.length - active : undefined, tone: 'draft' },
          { label: 'Toplam Makale', value: rows ? articles : undefined, tone: 'review' },
        ]}
      />
      {list.error && <LoadError message={list.error} onRetry={() => void load()} />}
      <DataTable columns={columns} rows={rows} failed={!!list.error} rowKey={(a) => a.id} rowProps={() => ({ 'data-testid': 'author-row' })} empty="Henüz yazar yok." />
      {editing && <AuthorDialog author={editing === 'new' ? null : editing} onClose={close} onSaved={done} />}
      {passwordFor && <PasswordDialog author={passwordFor} onClose={() => setPasswordFor(null)} />}
    </div>
  );
}

function AuthorDialog({ author, onClose, onSaved }: { author: AuthorRow | null; onClose: () => void; onSaved: () => void }) {
  // A new author's rules are the stricter ones (a password is required); their values fit the edit form's types.
  const schema: z.ZodType<FormOut, FormIn> = author ? authorUpdateSchema : authorCreateSchema;
  const { register, handleSubmit, formState, watch } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: author
      ? {
          firstName: author.firstName,
          lastName: author.lastName,
          username: author.username,
          email: author.email,
          displayName: author.displayName,
          bio: author.bio,
          specializations: author.specializations.filter((s): s is (typeof AUTHOR_FORM_SPECIALIZATIONS)[number] => (AUTHOR_FORM_SPECIALIZATIONS as readonly string[]).includes(s)),
          socialMedia: { twitter: author.socialMedia.twitter ?? '', instagram: author.socialMedia.instagram ?? '', linkedin: author.socialMedia.linkedin ?? '' },
          isActive: author.isActive,
          password: '',
        }
      : { firstName: '', lastName: '', username: '', email: '', displayName: '', bio: '', specializations: [], socialMedia: {}, isActive: true, password: '' },
  });
  const [busy, setBusy] = useState(false);
  const first = watch('firstName');
  const last = watch('lastName');
  const errors = Object.entries(formState.errors).flatMap(([, e]) => (e && 'message' in e && e.message ? [e.message as string] : []));

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const body = { ...values };
      if (author && !body.password) delete body.password;
      const r = author ? await api.put(`/authors/${author.id}`, body) : await api.post('/authors', body);
      toast.success(r.message ?? (author ? 'Yazar güncellendi.' : 'Yazar oluşturuldu.'));
      onSaved();
    } catch (e) {
      toast.error((e as Error).message || (author ? 'Yazar güncellenirken bir hata oluştu' : 'Yazar oluşturulurken bir hata oluştu'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog label={author ? 'Yazarı Düzenle' : 'Yeni Yazar'} wide onClose={onClose} onSubmit={submit}>
        {errors.length > 0 && (
          <p className="a-alert a-alert-error" role="alert">
            {errors[0]}
          </p>
        )}
        <div className="a-row-2">
          <TextField label="Ad *" field={register('firstName')} invalid={!!formState.errors.firstName} />
          <TextField label="Soyad *" field={register('lastName')} invalid={!!formState.errors.lastName} />
          <TextField label="Kullanıcı adı *" field={register('username')} invalid={!!formState.errors.username} />
          <TextField label="E-posta *" field={register('email')} type="email" invalid={!!formState.errors.email} />
          <TextField label="Görünen ad" field={register('displayName')} placeholder={`${first ?? ''} ${last ?? ''}`.trim() || 'Ad Soyad'} />
          <TextField label={author ? 'Yeni şifre (boş bırakılırsa değişmez)' : 'Şifre *'} field={register('password')} type="password" autoComplete="new-password" invalid={!!formState.errors.password} />
        </div>
        <TextField label="Biyografi" field={register('bio')} rows={3} />
        <CheckGroup legend="Uzmanlık alanları" options={specializationOptions(AUTHOR_FORM_SPECIALIZATIONS)} field={register('specializations')} />
        <div className="a-row-3">
          <TextField label="Twitter" field={register('socialMedia.twitter')} placeholder="@kullanici" />
          <TextField label="Instagram" field={register('socialMedia.instagram')} />
          <TextField label="LinkedIn (URL)" field={register('socialMedia.linkedin')} type="url" />
        </div>
        <label className="a-check">
          <input type="checkbox" {...register('isActive')} /> Aktif (panele giriş yapabilir)
        </label>
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary" disabled={busy}>
            {busy ? 'Kaydediliyor…' : author ? 'Kaydet' : 'Yazarı Oluştur'}
          </button>
        </DialogActions>
    </Dialog>
  );
}

function PasswordDialog({ author, onClose }: { author: AuthorRow; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!password) {
      setError('Şifre boş olamaz');
      return;
    }
    setBusy(true);
    try {
      const r = await api.put(`/authors/${author.id}/password`, { password });
      toast.success(r.message ?? 'Şifre güncellendi.');
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog label="Şifre Belirle" onClose={onClose} onSubmit={submit}>
        <p className="a-sub">{author.displayName} için yeni şifre. Açık oturumları kapanır.</p>
        {error && <p className="a-alert a-alert-error">{error}</p>}
        <label className="a-field">
          <span>Yeni şifre</span>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <DialogActions onCancel={onClose}>
          <button type="submit" className="a-btn a-btn-primary" disabled={busy}>
            Kaydet
          </button>
        </DialogActions>
    </Dialog>
  );
}
