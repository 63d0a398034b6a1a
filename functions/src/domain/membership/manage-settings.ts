import { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { writeAudited, type AuditTarget as Target } from '../audit/index.js';
import { bankAccountView, parseBankAccount, type bankAccountInputSchema } from './bank-account.js';
import { generalSettingInputSchema, parseGeneralSetting, settingView, VIP_PROOF_SETTING } from './general-setting.js';
import { BUILT_SETTING_KEYS } from './site-settings.js';
import { packageView, parseVipPackage, vipPackageInputSchema } from './vip-package.js';

/**
 * Admin writes of system settings (spec 002 §7 'Settings'): the bank account, key/title/content
 * settings and VIP packages. Each change and its audit entry commit in one transaction; the reads
 * are in public-settings.ts.
 */

/** The key travels in the path; a body may repeat it but never change it. */
export const settingUpdateSchema = generalSettingInputSchema.omit({ key: true }).extend({ key: z.string().optional() });

/** The package cards' switch sends only `{ isActive }`; the form sends the whole package. */
export const packageToggleSchema = z.strictObject({ isActive: z.boolean('Durum gerekli') });
export const vipPackageUpdateSchema = z.union([packageToggleSchema, vipPackageInputSchema]);

type BankAccountInput = z.output<typeof bankAccountInputSchema>;
type SettingInput = z.output<typeof generalSettingInputSchema>;
type SettingUpdate = z.output<typeof settingUpdateSchema>;
type PackageInput = z.output<typeof vipPackageInputSchema>;
type Doc = Record<string, unknown>;

const BANK_ACCOUNT = (id: string): Target => ({ collection: 'bankAccounts', id, notFound: 'Banka hesabı bulunamadı', rebuild: 'bank account' });
const SETTING = (id: string): Target => ({ collection: 'settings', id, notFound: 'Ayar bulunamadı', rebuild: settingRebuild(id) });
const PACKAGE = (id: string): Target => ({ collection: 'vipPackages', id, notFound: 'VIP paketi bulunamadı', rebuild: 'vip packages' });

/**
 * /basari-kayitlari, the contact phone and all of /vip-uyelik (its packages, bank account and
 * payment texts, issue 21) are prebuilt: changing what they show rebuilds the site.
 */
function settingRebuild(id: string): string | null {
  return id === VIP_PROOF_SETTING || BUILT_SETTING_KEYS.includes(id) ? `setting: ${id}` : null;
}

const stamped = (deps: AppDeps, input: object, createdAt?: unknown): Doc => {
  const now = deps.now();
  return { ...input, createdAt: createdAt ?? now, updatedAt: now };
};

export async function createBankAccount(deps: AppDeps, actor: Actor, input: BankAccountInput) {
  const doc = await writeAudited(
    deps,
    actor,
    BANK_ACCOUNT(deps.store.newId()),
    async (_current, tx) => {
      // One account only: the VIP page shows a single account to pay into.
      if ((await tx.query(deps.store.collection('bankAccounts').limit(1))).length) throw new AppError('CONFLICT', 'Zaten bir banka hesabı var; mevcut hesabı düzenleyin.');
      return stamped(deps, input);
    },
    true,
  );
  return bankAccountView(parseBankAccount(doc));
}

export async function updateBankAccount(deps: AppDeps, actor: Actor, id: string, input: BankAccountInput) {
  const doc = await writeAudited(deps, actor, BANK_ACCOUNT(id), (current) => stamped(deps, input, current!.createdAt));
  return bankAccountView(parseBankAccount(doc));
}

export async function createSetting(deps: AppDeps, actor: Actor, input: SettingInput) {
  const doc = await writeAudited(
    deps,
    actor,
    SETTING(input.key),
    (current) => {
      if (current) throw new AppError('CONFLICT', 'Bu anahtarla bir ayar zaten var.');
      return stamped(deps, input);
    },
    true,
  );
  return settingView(parseGeneralSetting(doc));
}

export async function updateSetting(deps: AppDeps, actor: Actor, key: string, input: SettingUpdate) {
  if (input.key !== undefined && input.key !== key) throw new AppError('VALIDATION', 'Mevcut bir ayarın anahtarı değiştirilemez.');
  const { title, content, isActive } = input;
  const doc = await writeAudited(deps, actor, SETTING(key), (current) => stamped(deps, { key, title, content, isActive }, current!.createdAt));
  return settingView(parseGeneralSetting(doc));
}

export async function createVipPackage(deps: AppDeps, actor: Actor, input: PackageInput) {
  const doc = await writeAudited(deps, actor, PACKAGE(deps.store.newId()), () => stamped(deps, input), true);
  return packageView(parseVipPackage(doc));
}

/** A toggle keeps every other field of the package; the form replaces them. */
export async function updateVipPackage(deps: AppDeps, actor: Actor, id: string, input: z.output<typeof vipPackageUpdateSchema>) {
  const doc = await writeAudited(deps, actor, PACKAGE(id), (current) => {
    const { id: _id, ...stored } = parseVipPackage(current);
    return { ...stored, ...input, updatedAt: deps.now() };
  });
  return packageView(parseVipPackage(doc));
}

export const deleteBankAccount = (deps: AppDeps, actor: Actor, id: string) => writeAudited(deps, actor, BANK_ACCOUNT(id), () => null);
export const deleteSetting = (deps: AppDeps, actor: Actor, key: string) => writeAudited(deps, actor, SETTING(key), () => null);
export async function deleteVipPackage(deps: AppDeps, actor: Actor, id: string) {
  await writeAudited(deps, actor, PACKAGE(id), () => null);
}
