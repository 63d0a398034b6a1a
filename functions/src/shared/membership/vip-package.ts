import { z } from 'zod';

/** VIP package (spec 002 §3, §5): integer TL price and days, sort order from 1. */
export const vipPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  durationDays: z.number().int(),
  description: z.string().default(''),
  sortOrder: z.number().int().default(1),
  isActive: z.boolean().default(true),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type VipPackage = z.infer<typeof vipPackageSchema>;
export const parseVipPackage = (raw: unknown): VipPackage => vipPackageSchema.parse(raw);

const positiveInt = (label: string) =>
  z.number(`${label} gerekli`).int(`${label} tam sayı olmalıdır`).min(1, `${label} en az 1 olmalıdır`);

/** The admin form's body (create/edit); toggling sends only { isActive }. */
export const vipPackageInputSchema = z.strictObject({
  name: z.string('Paket adı gerekli').trim().min(1, 'Paket adı gerekli').max(100),
  price: positiveInt('Fiyat'),
  durationDays: positiveInt('Süre').max(365, 'Süre en fazla 365 gün olabilir'),
  description: z.string('Açıklama gerekli').trim().min(1, 'Açıklama gerekli').max(1000),
  sortOrder: positiveInt('Sıralama').default(1),
  isActive: z.boolean().default(true),
});

export function packageView(pkg: VipPackage) {
  return {
    id: pkg.id,
    _id: pkg.id,
    name: pkg.name,
    price: pkg.price,
    durationDays: pkg.durationDays,
    description: pkg.description,
    sortOrder: pkg.sortOrder,
    isActive: pkg.isActive,
  };
}
export type PackageView = ReturnType<typeof packageView>;
