import { vipPackageInputSchema, type PackageView } from '../../../../functions/src/domain/membership/vip-package';
import type { Wire } from '../../../../functions/src/platform/wire';
import { api } from '../../session';
import { Field } from '../../ui';
import { ActiveCheck, SettingsFormDialog } from './shared';

/** Create or edit one VIP package (spec 002 §2 'Settings'). */
export function PackageDialog({ pkg, onClose, onSaved }: { pkg: Wire<PackageView> | null; onClose: () => void; onSaved: () => void }) {
  return (
    <SettingsFormDialog
      label={pkg ? 'Paketi Düzenle' : 'Yeni VIP Paketi'}
      editing={!!pkg}
      saved={{ created: 'VIP paketi oluşturuldu!', updated: 'VIP paketi güncellendi!' }}
      schema={vipPackageInputSchema}
      defaultValues={pkg ? { name: pkg.name, price: pkg.price, durationDays: pkg.durationDays, description: pkg.description, sortOrder: pkg.sortOrder, isActive: pkg.isActive } : { name: '', description: '', sortOrder: 1, isActive: true }}
      send={async (values) => {
        if (pkg) await api.put(`/admin/settings/vip-packages/${pkg.id}`, values);
        else await api.post('/admin/settings/vip-packages', values);
      }}
      onClose={onClose}
      onDone={onSaved}
    >
      {({ register, formState: { errors: e } }) => {
        const num = (name: 'price' | 'durationDays' | 'sortOrder', label: string) => (
          <Field label={label} error={e[name]?.message}>
            <input type="number" min={1} step={1} {...register(name, { valueAsNumber: true })} aria-invalid={!!e[name]} />
          </Field>
        );
        return (
          <>
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
            <ActiveCheck>
              <input type="checkbox" {...register('isActive')} />
            </ActiveCheck>
          </>
        );
      }}
    </SettingsFormDialog>
  );
}
