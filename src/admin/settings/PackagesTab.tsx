import type { PackageView } from '@shared/membership/vip-package';
import { formatTL } from '@shared/text/money';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { useDialogFor } from '../ui';
import { PackageDialog } from './PackageDialog';
import { M, SettingsSection, useSettings, useSettingsActions } from './shared';

export type VipPackage = Wire<PackageView>;

export function PackagesTab() {
  const { value, error, reload: load } = useSettings(() => api.call((r) => r.admin.settings['vip-packages'].$get()));
  const rows = value ?? null;
  const { open: editing, setOpen: setEditing, close, done } = useDialogFor<VipPackage | 'new'>(load);
  const { busy, act, remove: removeRow } = useSettingsActions(load);
  const toggle = (p: VipPackage) => act(p.id, () => api.call((r) => r.admin.settings['vip-packages'][':id'].$put({ param: { id: p.id } }), { body: { isActive: !p.isActive } }), 'Paket durumu güncellendi!', M.updateFailed);
  const remove = (p: VipPackage) => removeRow(p.id, `"${p.name}" paketi silinsin mi?`, () => api.call((r) => r.admin.settings['vip-packages'][':id'].$delete({ param: { id: p.id } })), 'VIP paketi silindi!');

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
              <button type="button" className="a-icon-btn" disabled={busy === p.id} onClick={() => toggle(p)}>
                {p.isActive ? 'Pasif yap' : 'Aktif yap'}
              </button>
              <button type="button" className="a-icon-btn a-danger" disabled={busy === p.id} onClick={() => remove(p)}>
                Sil
              </button>
            </div>
          </div>
        ))}
      </div>
      {editing && <PackageDialog pkg={editing === 'new' ? null : editing} onClose={close} onSaved={done} />}
    </SettingsSection>
  );
}
