import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { bankAccountInputSchema } from '../../../functions/src/domain/membership/bank-account';
import { generalSettingInputSchema, SETTING_PRESETS } from '../../../functions/src/domain/membership/general-setting';
import { vipPackageInputSchema } from '../../../functions/src/domain/membership/vip-package';
import { formatTL } from '../../../functions/src/domain/text/money';
import { AccessDenied } from '../Shell';
import { api, type StaffUser } from '../session';
import { Dialog, DialogActions, Field, fmtDateTime, LoadError, Tabs, useListQuery } from '../ui';
import './ops.css';
import { AdsTab } from './settings/AdsTab';

/** Settings texts of spec 002 §8. */
const M = {
  failed: 'İşlem başarısız!',
  deleteFailed: 'Silme işlemi başarısız!',
  updateFailed: 'Güncelleme başarısız!',
  generic: 'Bir hata oluştu!',
};
const loadError = (e: Error) => e.message || M.generic;
/** One settings resource (not paged): loaded on open, again after each change. */
function useSettings<T>(path: string) {
  const query = useListQuery(async () => ({ value: (await api.get<T | null>(path)).data ?? null }), { filters: {}, errorText: loadError });
  // undefined until the first answer; null when the resource does not exist.
  return { value: query.data ? query.data.value : undefined, error: query.error, reload: query.reload };
}
const errorText = (e: unknown, fallback: string) => ((e as { status?: number }).status && (e as { status: number }).status < 500 && (e as Error).message) || fallback;

// ---------------------------------------------------------------- bank account

interface BankAccount {
  id: string;
  bankName: string;
  accountOwner: string;
  branchName: string;
  branchCode: string;
  accountNumber: string;
  ibanNumber: string;
}
type BankIn = z.input<typeof bankAccountInputSchema>;
type BankOut = z.output<typeof bankAccountInputSchema>;

const formatIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

function BankTab() {
  const { value: account, error, reload: load } = useSettings<BankAccount>('/settings/bank-account');
  const [editing, setEditing] = useState(false);

  async function remove() {
    if (!account || !window.confirm('Banka hesabı silinsin mi? Üyeler ödeme sayfasında hesap bilgisi göremez.')) return;
    try {
      await api.del(`/admin/settings/bank-account/${account.id}`);
      toast.success('Banka hesabı silindi!');
      await load();
    } catch (e) {
      toast.error(errorText(e, M.deleteFailed));
    }
  }

  if (error) return <LoadError message={error} onRetry={() => void load()} />;
  if (account === undefined) return <div className="a-card a-muted">Yükleniyor…</div>;
  if (editing || account === null) {
    return (
      <div className="a-card">
        {account === null && !editing ? (
          <div className="a-empty">
            <p>Banka hesabı bulunamadı</p>
            <button type="button" className="a-btn a-btn-primary" onClick={() => setEditing(true)}>
              + Banka Hesabı Ekle
            </button>
          </div>
        ) : (
          <BankForm
            account={account}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void load();
            }}
          />
        )}
      </div>
    );
  }
  return (
    <div className="a-card" data-testid="bank-account">
      <div className="o-setting-head">
        <h2 className="a-h2">{account.bankName}</h2>
        <div className="a-head-actions">
          <button type="button" className="a-btn a-btn-ghost" onClick={() => setEditing(true)}>
            Düzenle
          </button>
          <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => void remove()}>
            Sil
          </button>
        </div>
      </div>
      <dl className="o-bank">
        {(
          [
            ['Hesap Sahibi', account.accountOwner],
            ['Şube', account.branchName],
            ['Şube Kodu', account.branchCode || '—'],
            ['Hesap Numarası', account.accountNumber || '—'],
          ] as const
        ).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div style={{ gridColumn: '1 / -1' }}>
          <dt>IBAN</dt>
          <dd className="o-mono" style={{ fontSize: '1.05rem' }}>
            {formatIban(account.ibanNumber)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function BankForm({ account, onCancel, onSaved }: { account: BankAccount | null; onCancel: () => void; onSaved: () => void }) {
  const { register, handleSubmit, formState } = useForm<BankIn, unknown, BankOut>({
    resolver: zodResolver(bankAccountInputSchema),
    defaultValues: account
      ? { bankName: account.bankName, accountOwner: account.accountOwner, branchName: account.branchName, branchCode: account.branchCode, accountNumber: account.accountNumber, ibanNumber: formatIban(account.ibanNumber) }
      : { bankName: '', accountOwner: '', branchName: '', branchCode: '', accountNumber: '', ibanNumber: '' },
  });
  const e = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      if (account) await api.put(`/admin/settings/bank-account/${account.id}`, values);
      else await api.post('/admin/settings/bank-account', values);
      toast.success(account ? 'Banka hesabı güncellendi!' : 'Banka hesabı oluşturuldu!');
      onSaved();
    } catch (err) {
      toast.error(errorText(err, account ? M.updateFailed : M.failed));
    }
  });
  const field = (name: keyof BankIn, label: string, required: boolean, placeholder?: string) => (
    <label className="a-field">
      <span>
        {label}
        {required ? ' *' : ''}
      </span>
      <input {...register(name)} placeholder={placeholder} aria-invalid={!!e[name]} />
      {e[name] && <span className="a-error">{e[name]?.message}</span>}
    </label>
  );
  return (
    <form className="a-form" onSubmit={submit} noValidate>
      <h2 className="a-h2">{account ? 'Banka Hesabını Düzenle' : 'Yeni Banka Hesabı'}</h2>
      <div className="a-row-2">
        {field('bankName', 'Banka Adı', true)}
        {field('accountOwner', 'Hesap Sahibi', true)}
      </div>
      <div className="a-row-3">
        {field('branchName', 'Şube Adı', true)}
        {field('branchCode', 'Şube Kodu', false)}
        {field('accountNumber', 'Hesap Numarası', false)}
      </div>
      {field('ibanNumber', 'IBAN', true, 'TR00 0000 0000 0000 0000 0000 00')}
      <div className="a-modal-actions">
        {account && (
          <button type="button" className="a-btn a-btn-ghost" onClick={onCancel}>
            Vazgeç
          </button>
        )}
        <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
          {account ? 'Güncelle' : 'Kaydet'}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- general settings

interface Setting {
  id: string;
  key: string;
  title: string;
  content: string;
  isActive: boolean;
  updatedAt: string;
}
type SettingIn = z.input<typeof generalSettingInputSchema>;
type SettingOut = z.output<typeof generalSettingInputSchema>;

const PRESET_TEMPLATES: Record<(typeof SETTING_PRESETS)[number], { label: string; title: string; content: string }> = {
  payment_bottom_description: {
    label: 'Ödeme sayfası alt açıklaması',
    title: 'Ödeme Sayfası Alt Açıklaması',
    content: 'Havale/EFT açıklamasına kullanıcı adınızı yazmayı unutmayınız. Ödemeniz onaylandıktan sonra VIP üyeliğiniz en geç 24 saat içinde aktif edilir.',
  },
  contact_phone: { label: 'İletişim telefonu', title: 'İletişim Telefonu', content: '0 (212) 000 00 00' },
  site_maintenance: {
    label: 'Site bakım mesajı',
    title: 'Site Bakım Mesajı',
    content: 'Sitemizde kısa süreli bir bakım çalışması yapılmaktadır. Anlayışınız için teşekkür ederiz.',
  },
};

/** The frame of a settings list: intro and add button, load error, loading and empty states. */
function SettingsSection({ intro, addLabel, onAdd, error, onRetry, rows, emptyText, children }: { intro: string; addLabel: string; onAdd: () => void; error: string | null; onRetry: () => void; rows: unknown[] | null; emptyText: string; children: ReactNode }) {
  return (
    <div className="a-page">
      <div className="o-toolbar">
        <p className="a-muted">{intro}</p>
        <button type="button" className="a-btn a-btn-primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      {error && <LoadError message={error} onRetry={onRetry} />}
      {rows === null && !error && <div className="a-card a-muted">Yükleniyor…</div>}
      {rows?.length === 0 && <div className="a-card a-empty">{emptyText}</div>}
      {children}
    </div>
  );
}

function GeneralTab() {
  const { value, error, reload: load } = useSettings<Setting[]>('/admin/settings/general-settings');
  const rows = value ?? null;
  const [editing, setEditing] = useState<Setting | 'new' | null>(null);

  async function remove(s: Setting) {
    if (!window.confirm(`"${s.title}" ayarı silinsin mi?`)) return;
    try {
      await api.del(`/admin/settings/general-settings/${encodeURIComponent(s.key)}`);
      toast.success('Ayar silindi!');
      await load();
    } catch (e) {
      toast.error(errorText(e, M.deleteFailed));
    }
  }

  return (
    <SettingsSection intro="Sitede gösterilen anahtar/başlık/içerik ayarları." addLabel="+ Yeni Ayar" onAdd={() => setEditing('new')} error={error} onRetry={() => void load()} rows={rows} emptyText="Henüz ayar bulunmuyor">
      <div className="o-list">
        {rows?.map((s) => (
          <div key={s.key} className="a-card o-setting" data-testid="setting-row">
            <div className="o-setting-head">
              <div>
                <strong>{s.title}</strong> <span className="o-mono a-muted">{s.key}</span>
              </div>
              <div className="a-head-actions">
                <span className={`a-status ${s.isActive ? 'a-status-active' : 'a-status-inactive'}`}>{s.isActive ? 'Aktif' : 'Pasif'}</span>
                <button type="button" className="a-icon-btn" onClick={() => setEditing(s)}>
                  Düzenle
                </button>
                <button type="button" className="a-icon-btn a-danger" onClick={() => void remove(s)}>
                  Sil
                </button>
              </div>
            </div>
            <p className="o-quote">{s.content}</p>
            <span className="a-muted">Son güncelleme: {fmtDateTime(s.updatedAt)}</span>
          </div>
        ))}
      </div>
      {editing && (
        <SettingDialog
          setting={editing === 'new' ? null : editing}
          taken={rows?.map((r) => r.key) ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </SettingsSection>
  );
}

/** The 'Aktif' box and Vazgeç / Kaydet (Güncelle when editing) at the foot of both settings dialogs. */
function ActiveAndSave({ checkbox, editing, busy, onCancel }: { checkbox: ReactNode; editing: boolean; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <label className="a-check">
        {checkbox} Aktif
      </label>
      <DialogActions onCancel={onCancel}>
        <button type="submit" className="a-btn a-btn-primary" disabled={busy}>
          {editing ? 'Güncelle' : 'Kaydet'}
        </button>
      </DialogActions>
    </>
  );
}

function SettingDialog({ setting, taken, onClose, onSaved }: { setting: Setting | null; taken: string[]; onClose: () => void; onSaved: () => void }) {
  const { register, handleSubmit, formState, setValue } = useForm<SettingIn, unknown, SettingOut>({
    resolver: zodResolver(generalSettingInputSchema),
    defaultValues: setting ? { key: setting.key, title: setting.title, content: setting.content, isActive: setting.isActive } : { key: '', title: '', content: '', isActive: true },
  });
  const e = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      if (setting) {
        // The key names the document; it never changes once the setting exists.
        const { key: _key, ...rest } = values;
        await api.put(`/admin/settings/general-settings/${encodeURIComponent(setting.key)}`, rest);
        toast.success('Ayar güncellendi!');
      } else {
        await api.post('/admin/settings/general-settings', values);
        toast.success('Ayar oluşturuldu!');
      }
      onSaved();
    } catch (err) {
      toast.error(errorText(err, setting ? M.updateFailed : M.failed));
    }
  });
  return (
    <Dialog label={setting ? 'Ayarı Düzenle' : 'Yeni Ayar'} wide onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        {!setting && (
          <label className="a-field">
            <span>Hazır şablon</span>
            <select
              defaultValue=""
              onChange={(ev) => {
                const key = ev.target.value as (typeof SETTING_PRESETS)[number];
                const preset = PRESET_TEMPLATES[key];
                if (!preset) return;
                setValue('key', key, { shouldValidate: true });
                setValue('title', preset.title, { shouldValidate: true });
                setValue('content', preset.content, { shouldValidate: true });
              }}
            >
              <option value="">Şablon seçin…</option>
              {SETTING_PRESETS.map((k) => (
                <option key={k} value={k} disabled={taken.includes(k)}>
                  {PRESET_TEMPLATES[k].label} ({k}){taken.includes(k) ? ' — mevcut' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="a-field">
          <span>Anahtar *</span>
          <input {...register('key')} readOnly={!!setting} className={setting ? 'o-locked' : undefined} aria-invalid={!!e.key} placeholder="ornek_anahtar" />
          {setting && <span className="a-muted">Anahtar oluşturulduktan sonra değiştirilemez.</span>}
          {e.key && <span className="a-error">{e.key.message}</span>}
        </label>
        <Field label="Başlık *" error={e.title?.message}>
          <input {...register('title')} aria-invalid={!!e.title} />
        </Field>
        <Field label="İçerik *" error={e.content?.message}>
          <textarea rows={5} {...register('content')} aria-invalid={!!e.content} />
        </Field>
        <ActiveAndSave checkbox={<input type="checkbox" {...register('isActive')} />} editing={!!setting} busy={formState.isSubmitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

// ---------------------------------------------------------------- VIP packages

interface VipPackage {
  id: string;
  name: string;
  price: number;
  durationDays: number;
  description: string;
  sortOrder: number;
  isActive: boolean;
}
type PackageIn = z.input<typeof vipPackageInputSchema>;
type PackageOut = z.output<typeof vipPackageInputSchema>;

function PackagesTab() {
  const { value, error, reload: load } = useSettings<VipPackage[]>('/admin/settings/vip-packages');
  const rows = value ?? null;
  const [editing, setEditing] = useState<VipPackage | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(p: VipPackage) {
    setBusy(p.id);
    try {
      await api.put(`/admin/settings/vip-packages/${p.id}`, { isActive: !p.isActive });
      toast.success('Paket durumu güncellendi!');
      await load();
    } catch (e) {
      toast.error(errorText(e, M.updateFailed));
    } finally {
      setBusy(null);
    }
  }
  async function remove(p: VipPackage) {
    if (!window.confirm(`"${p.name}" paketi silinsin mi?`)) return;
    setBusy(p.id);
    try {
      await api.del(`/admin/settings/vip-packages/${p.id}`);
      toast.success('VIP paketi silindi!');
      await load();
    } catch (e) {
      toast.error(errorText(e, M.deleteFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsSection intro="Üyelerin VIP sayfasında seçtiği paketler (sıralamaya göre)." addLabel="+ Yeni Paket" onAdd={() => setEditing('new')} error={error} onRetry={() => void load()} rows={rows} emptyText="Henüz VIP paketi bulunmuyor">
      <div className="o-cards">
        {rows?.map((p) => (
          <div key={p.id} className={`a-card o-pkg ${p.isActive ? '' : 'is-passive'}`} data-testid="package-card">
            <div className="o-setting-head">
              <strong>{p.name}</strong>
              <span className={`a-status ${p.isActive ? 'a-status-active' : 'a-status-inactive'}`}>{p.isActive ? 'Aktif' : 'Pasif'}</span>
            </div>
            <div className="o-pkg-price">{formatTL(p.price)}</div>
            <div className="o-pkg-meta">
              <span className="a-pill">{p.durationDays} gün</span>
              <span className="a-pill">Sıra: {p.sortOrder}</span>
            </div>
            <p className="a-muted" style={{ margin: 0 }}>
              {p.description}
            </p>
            <div className="a-actions" style={{ justifyContent: 'flex-start' }}>
              <button type="button" className="a-icon-btn" disabled={busy === p.id} onClick={() => setEditing(p)}>
                Düzenle
              </button>
              <button type="button" className="a-icon-btn" disabled={busy === p.id} onClick={() => void toggle(p)}>
                {p.isActive ? 'Pasif yap' : 'Aktif yap'}
              </button>
              <button type="button" className="a-icon-btn a-danger" disabled={busy === p.id} onClick={() => void remove(p)}>
                Sil
              </button>
            </div>
          </div>
        ))}
      </div>
      {editing && (
        <PackageDialog
          pkg={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </SettingsSection>
  );
}

function PackageDialog({ pkg, onClose, onSaved }: { pkg: VipPackage | null; onClose: () => void; onSaved: () => void }) {
  const { register, handleSubmit, formState } = useForm<PackageIn, unknown, PackageOut>({
    resolver: zodResolver(vipPackageInputSchema),
    defaultValues: pkg
      ? { name: pkg.name, price: pkg.price, durationDays: pkg.durationDays, description: pkg.description, sortOrder: pkg.sortOrder, isActive: pkg.isActive }
      : { name: '', description: '', sortOrder: 1, isActive: true },
  });
  const e = formState.errors;
  const submit = handleSubmit(async (values) => {
    try {
      if (pkg) await api.put(`/admin/settings/vip-packages/${pkg.id}`, values);
      else await api.post('/admin/settings/vip-packages', values);
      toast.success(pkg ? 'VIP paketi güncellendi!' : 'VIP paketi oluşturuldu!');
      onSaved();
    } catch (err) {
      toast.error(errorText(err, pkg ? M.updateFailed : M.failed));
    }
  });
  const num = (name: 'price' | 'durationDays' | 'sortOrder', label: string) => (
    <Field label={label} error={e[name]?.message}>
      <input type="number" min={1} step={1} {...register(name, { valueAsNumber: true })} aria-invalid={!!e[name]} />
    </Field>
  );
  return (
    <Dialog label={pkg ? 'Paketi Düzenle' : 'Yeni VIP Paketi'} wide onClose={onClose}>
      <form className="a-form" onSubmit={submit} noValidate>
        <Field label="Paket adı *" error={e.name?.message}>
          <input {...register('name')} aria-invalid={!!e.name} />
        </Field>
        <div className="a-row-3">
          {num('price', 'Fiyat (TL) *')}
          {num('durationDays', 'Süre (gün) *')}
          {num('sortOrder', 'Sıralama')}
        </div>
        <Field label="Açıklama *" error={e.description?.message}>
          <textarea rows={3} {...register('description')} aria-invalid={!!e.description} />
        </Field>
        <ActiveAndSave checkbox={<input type="checkbox" {...register('isActive')} />} editing={!!pkg} busy={formState.isSubmitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

const TABS = [
  ['bank', 'Banka Hesabı'],
  ['general', 'Genel Ayarlar'],
  ['packages', 'VIP Paketleri'],
  ['ads', 'Reklamlar'],
] as const;

/** System settings (spec 002 §2 'Settings'): bank account, general settings, VIP packages. */
export function SettingsScreen({ user }: { user: StaffUser }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('bank');
  if (user.role !== 'admin') return <AccessDenied />;
  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">Sistem Ayarları</h1>
        <p className="a-sub">Ödeme hesabı, site metinleri ve VIP paketleri</p>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} />
      {tab === 'bank' && <BankTab />}
      {tab === 'general' && <GeneralTab />}
      {tab === 'packages' && <PackagesTab />}
      {tab === 'ads' && <AdsTab />}
    </div>
  );
}
