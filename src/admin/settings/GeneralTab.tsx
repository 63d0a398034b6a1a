import type { SettingView } from '@shared/membership/general-setting';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { fmtDateTime, useDialogFor } from '../ui';
import { SettingDialog } from './SettingDialog';
import { SettingsSection, useSettings, useSettingsActions } from './shared';

export type Setting = Wire<SettingView>;

export function GeneralTab() {
  const { value, error, reload: load } = useSettings(() => api.call((r) => r.admin.settings['general-settings'].$get()));
  const rows = value ?? null;
  const { open: editing, setOpen: setEditing, close, done } = useDialogFor<Setting | 'new'>(load);

  const { remove: removeRow } = useSettingsActions(load);
  const remove = (s: Setting) => removeRow(s.key, `"${s.title}" ayarı silinsin mi?`, () => api.call((r) => r.admin.settings['general-settings'][':key'].$delete({ param: { key: encodeURIComponent(s.key) } })), 'Ayar silindi!');

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
                <button type="button" className="a-icon-btn a-danger" onClick={() => remove(s)}>
                  Sil
                </button>
              </div>
            </div>
            <p className="o-quote">{s.content}</p>
            <span className="a-muted">Son güncelleme: {fmtDateTime(s.updatedAt)}</span>
          </div>
        ))}
      </div>
      {editing && <SettingDialog setting={editing === 'new' ? null : editing} taken={rows?.map((r) => r.key) ?? []} onClose={close} onSaved={done} />}
    </SettingsSection>
  );
}
