import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { writeAudit } from '../audit/index.js';
import { COMPANY_IDENTITY, companyIdentityInputSchema, type CompanyIdentity } from '../../shared/membership/company-identity.js';

/** The schema, labels and lines are in the browser-safe shared folder (the staff form and pages use them). */
export * from '../../shared/membership/company-identity.js';

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
