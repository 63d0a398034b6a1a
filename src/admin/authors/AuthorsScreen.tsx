import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  AUTHOR_FORM_SPECIALIZATIONS,
  AUTHOR_STATUS_LABELS,
  authorCreateSchema,
  authorPasswordSchema,
  authorUpdateSchema,
} from '@shared/authors/manage-schema';
import type { StaffAuthorView } from '../../../functions/src/domain/authors/manage-authors';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { CheckField, CheckGroup, DataTable, fmtDate, FormDialog, numberFormat, StatCards, TextField, useDialogFor, useListQuery, type Column } from '../ui';
import { specializationLabels, specializationOptions } from '@shared/identity/specializations';

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
      const r = await api.call((r) => r.authors[':id'].status.$put({ param: { id: a.id } }), { body: { status: a.status === 'active' ? 'inactive' : 'active' } });
      toast.success(r.message ?? 'Yazar durumu güncellendi.');
      await load();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  async function remove(a: AuthorRow) {
    if (!window.confirm(`${a.displayName} adlı yazarı silmek istediğinize emin misiniz? Yazar panele giriş yapamaz; makaleleri yerinde kalır.`)) return;
    try {
      const r = await api.call((r) => r.authors[':id'].$delete({ param: { id: a.id } }));
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
      <DataTable columns={columns} rows={rows} error={list.error} onRetry={() => void load()} rowKey={(a) => a.id} rowProps={() => ({ 'data-testid': 'author-row' })} empty="Henüz yazar yok." />
      {editing && <AuthorDialog author={editing === 'new' ? null : editing} onClose={close} onSaved={done} />}
      {passwordFor && <PasswordDialog author={passwordFor} onClose={() => setPasswordFor(null)} />}
    </div>
  );
}

/** The author forms show their first problem above the fields, in the order the fields are checked. */
function FirstError({ errors }: { errors: FieldErrors }) {
  const first = Object.values(errors).find((e) => e && typeof e.message === 'string' && e.message)?.message;
  return first ? (
    <p className="a-alert a-alert-error" role="alert">
      {String(first)}
    </p>
  ) : null;
}

function authorDefaults(author: AuthorRow | null): FormIn {
  if (!author) return { firstName: '', lastName: '', username: '', email: '', displayName: '', bio: '', specializations: [], socialMedia: {}, isActive: true, password: '' };
  return {
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
  };
}

function AuthorDialog({ author, onClose, onSaved }: { author: AuthorRow | null; onClose: () => void; onSaved: () => void }) {
  // A new author's rules are the stricter ones (a password is required); their values fit the edit form's types.
  const schema: z.ZodType<FormOut, FormIn> = author ? authorUpdateSchema : authorCreateSchema;
  return (
    <FormDialog
      label={author ? 'Yazarı Düzenle' : 'Yeni Yazar'}
      wide
      schema={schema}
      defaultValues={authorDefaults(author)}
      send={(values) => {
        const body = { ...values };
        if (author && !body.password) delete body.password;
        return author ? api.call((r) => r.authors[':id'].$put({ param: { id: author.id } }), { body }) : api.call((r) => r.authors.$post(), { body });
      }}
      success={author ? 'Yazar güncellendi.' : 'Yazar oluşturuldu.'}
      failureAs="toast"
      failure={(e) => e.message || (author ? 'Yazar güncellenirken bir hata oluştu' : 'Yazar oluşturulurken bir hata oluştu')}
      onClose={onClose}
      onDone={onSaved}
      submitLabel={author ? 'Kaydet' : 'Yazarı Oluştur'}
      busyLabel="Kaydediliyor…"
    >
      {({ register, formState: { errors }, watch }) => (
        <>
          <FirstError errors={errors} />
          <div className="a-row-2">
            <TextField label="Ad *" field={register('firstName')} invalid={!!errors.firstName} />
            <TextField label="Soyad *" field={register('lastName')} invalid={!!errors.lastName} />
            <TextField label="Kullanıcı adı *" field={register('username')} invalid={!!errors.username} />
            <TextField label="E-posta *" field={register('email')} type="email" invalid={!!errors.email} />
            <TextField label="Görünen ad" field={register('displayName')} placeholder={`${watch('firstName') ?? ''} ${watch('lastName') ?? ''}`.trim() || 'Ad Soyad'} />
            <TextField label={author ? 'Yeni şifre (boş bırakılırsa değişmez)' : 'Şifre *'} field={register('password')} type="password" autoComplete="new-password" invalid={!!errors.password} />
          </div>
          <TextField label="Biyografi" field={register('bio')} rows={3} />
          <CheckGroup legend="Uzmanlık alanları" options={specializationOptions(AUTHOR_FORM_SPECIALIZATIONS)} field={register('specializations')} />
          <div className="a-row-3">
            <TextField label="Twitter" field={register('socialMedia.twitter')} placeholder="@kullanici" />
            <TextField label="Instagram" field={register('socialMedia.instagram')} />
            <TextField label="LinkedIn (URL)" field={register('socialMedia.linkedin')} type="url" />
          </div>
          <CheckField label="Aktif (panele giriş yapabilir)" field={register('isActive')} />
        </>
      )}
    </FormDialog>
  );
}

function PasswordDialog({ author, onClose }: { author: AuthorRow; onClose: () => void }) {
  return (
    <FormDialog
      label="Şifre Belirle"
      schema={authorPasswordSchema}
      defaultValues={{ password: '' }}
      send={(values) => api.call((r) => r.authors[':id'].password.$put({ param: { id: author.id } }), { body: values })}
      success="Şifre güncellendi."
      onClose={onClose}
      onDone={onClose}
      submitLabel="Kaydet"
    >
      {({ register, formState: { errors } }) => (
        <>
          <p className="a-sub">{author.displayName} için yeni şifre. Açık oturumları kapanır.</p>
          <FirstError errors={errors} />
          <TextField label="Yeni şifre" field={register('password')} type="password" autoComplete="new-password" invalid={!!errors.password} />
        </>
      )}
    </FormDialog>
  );
}
