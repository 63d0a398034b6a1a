import { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { writeAudit } from '../audit/index.js';
import { requiredText } from '../text/index.js';

/**
 * Who sells the VIP membership and takes the money (issue 50): the company's legal identity, as the
 * law asks a seller to show it (Ticari unvan, adres, MERSİS no, vergi dairesi ve numarası) and the
 * KVKK data controller with the address requests go to. One staff-edited document; the public
 * pages build it in (saving rebuilds), and the payment card and payment mails read it.
 */
export const COMPANY_IDENTITY = { collection: 'companyIdentity', id: 'main' } as const;

const required = (label: string, max: number) => requiredText(max, `${label} gerekli`, `${label} en fazla ${max} karakter olabilir`);

export const companyIdentityInputSchema = z.strictObject({
  legalName: required('Ticari unvan', 200),
  address: required('Adres', 400),
  mersisNo: z.string('MERSİS numarası gerekli').trim().regex(/^\d{16}$/, 'MERSİS numarası 16 haneli olmalıdır'),
  taxOffice: required('Vergi dairesi', 100),
  taxNumber: z.string('Vergi numarası gerekli').trim().regex(/^\d{10}$/, 'Vergi numarası 10 haneli olmalıdır'),
  kvkkController: required('Veri sorumlusu', 200),
  kvkkContact: required('KVKK başvuru adresi', 254),
});
export type CompanyIdentity = z.output<typeof companyIdentityInputSchema>;

/** The labels every page and mail prints the fields under, in this order. */
export const COMPANY_FIELD_LABELS: Record<keyof CompanyIdentity, string> = {
  legalName: 'Ticari unvan',
  address: 'Adres',
  mersisNo: 'MERSİS no',
  taxOffice: 'Vergi dairesi',
  taxNumber: 'Vergi no',
  kvkkController: 'KVKK veri sorumlusu',
  kvkkContact: 'KVKK başvuru',
};

/** The fields as label/value lines, the same on every page and in every mail. */
export function companyLines(company: CompanyIdentity): { label: string; value: string }[] {
  return (Object.keys(COMPANY_FIELD_LABELS) as (keyof CompanyIdentity)[]).map((key) => ({ label: COMPANY_FIELD_LABELS[key], value: company[key] }));
}

/** The identity, or null while staff have not entered it (a stored one that no longer parses counts as missing). */
export async function companyIdentity(deps: Pick<AppDeps, 'store'>): Promise<CompanyIdentity | null> {
  const raw = await deps.store.get(COMPANY_IDENTITY.collection, COMPANY_IDENTITY.id);
  if (!raw) return null;
  const parsed = companyIdentityInputSchema.safeParse({
    legalName: raw.legalName,
    address: raw.address,
    mersisNo: raw.mersisNo,
    taxOffice: raw.taxOffice,
    taxNumber: raw.taxNumber,
    kvkkController: raw.kvkkController,
    kvkkContact: raw.kvkkContact,
  });
  return parsed.success ? parsed.data : null;
}

/** Replaces the identity with its audit entry; the pages that print it are rebuilt. */
export async function saveCompanyIdentity(deps: AppDeps, actor: Actor, input: CompanyIdentity): Promise<CompanyIdentity> {
  const { collection, id } = COMPANY_IDENTITY;
  await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const current = await tx.get(collection, id);
    const after = { ...input, createdAt: current?.createdAt ?? now, updatedAt: now };
    tx.set(collection, id, after);
    writeAudit(tx, deps.store.newId(), { action: `${collection}.${current ? 'update' : 'create'}`, by: actor.user, entity: { collection, id }, before: current, after, at: now });
  });
  deps.requestRebuild('company identity');
  return input;
}
