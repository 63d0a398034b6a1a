import { vipPackageInputSchema, type PackageView } from '@shared/membership/vip-package';
import type { Wire } from '@shared/wire';
import { api } from '../session';
import { Field, TextField } from '../ui';
import { ActiveCheck, SettingsFormDialog } from './shared';

/** Create or edit one VIP package (spec 002 §2 'Settings'). */
export function PackageDialog({ pkg, onClose, onSaved }: { pkg: Wire<PackageView> | null; onClose: () => void; onSaved: () => void }) {
  return (
    <SettingsFormDialog
      editing={!!pkg}
      texts={{ create: 'Yeni VIP Paketi', edit: 'Paketi Düzenle', created: 'VIP paketi oluşturuldu!', updated: 'VIP paketi güncellendi!' }}
      schema={vipPackageInputSchema}
      defaultValues={pkg ? { name: pkg.name, price: pkg.price, durationDays: pkg.durationDays, description: pkg.description, sortOrder: pkg.sortOrder, isActive: pkg.isActive } : { name: '', description: '', sortOrder: 1, isActive: true }}
      send={async (values) => {
        if (pkg) await api.call((r) => r.admin.settings['vip-packages'][':id'].$put({ param: { id: pkg.id } }), { body: values });
        else await api.call((r) => r.admin.settings['vip-packages'].$post(), { body: values });
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
            <TextField label="Paket adı *" field={register('name')} error={e.name} />
            <div className="a-row-3">
              {num('price', 'Fiyat (TL) *')}
              {num('durationDays', 'Süre (gün) *')}
              {num('sortOrder', 'Sıralama')}
            </div>
            <TextField label="Açıklama *" field={register('description')} rows={3} error={e.description} />
            <ActiveCheck field={register('isActive')} />
          </>
        );
      }}
    </SettingsFormDialog>
  );
}
