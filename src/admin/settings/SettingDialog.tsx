import { generalSettingInputSchema, SETTING_PRESETS, type SettingView } from '@shared/membership/general-setting';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { TextField } from '../ui';
import { ActiveCheck, SettingsFormDialog } from './shared';

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

/** Create or edit one general setting; a new one can start from a preset (spec 002 §2 'Settings'). */
export function SettingDialog({ setting, taken, onClose, onSaved }: { setting: Wire<SettingView> | null; taken: string[]; onClose: () => void; onSaved: () => void }) {
  return (
    <SettingsFormDialog
      editing={!!setting}
      texts={{ create: 'Yeni Ayar', edit: 'Ayarı Düzenle', created: 'Ayar oluşturuldu!', updated: 'Ayar güncellendi!' }}
      schema={generalSettingInputSchema}
      defaultValues={setting ? { key: setting.key, title: setting.title, content: setting.content, isActive: setting.isActive } : { key: '', title: '', content: '', isActive: true }}
      send={async (values) => {
        if (setting) {
          // The key names the document; it never changes once the setting exists.
          const { key: _key, ...rest } = values;
          await api.call((r) => r.admin.settings['general-settings'][':key'].$put({ param: { key: encodeURIComponent(setting.key) } }), { body: rest });
        } else await api.call((r) => r.admin.settings['general-settings'].$post(), { body: values });
      }}
      onClose={onClose}
      onDone={onSaved}
    >
      {({ register, formState: { errors: e }, setValue }) => (
        <>
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
          <TextField label="Başlık *" field={register('title')} error={e.title} />
          <TextField label="İçerik *" field={register('content')} rows={5} error={e.content} />
          <ActiveCheck field={register('isActive')} />
        </>
      )}
    </SettingsFormDialog>
  );
}
