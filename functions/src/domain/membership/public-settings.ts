import type { AppDeps } from '../../platform/deps.js';
import { AppError, MESSAGES } from '../../platform/errors.js';
import { bankAccountView, parseBankAccount } from './bank-account.js';
import { parseGeneralSetting, PUBLIC_SETTING_KEYS, settingView, type GeneralSetting } from './general-setting.js';
import { packageView, parseVipPackage } from './vip-package.js';

/**
 * Reads of the settings the VIP page shows (spec 000 §3.6, spec 002 §7). `admin` is an admin staff
 * session: it sees every package and setting; everyone else only the active packages and the
 * payment texts. Writes are in manage-settings.ts.
 */
type StoreDeps = Pick<AppDeps, 'store'>;

const SETTING_NOT_FOUND = 'Ayar bulunamadı';

/** The account to pay into, or null while none is set up. */
export async function paymentBankAccount({ store }: StoreDeps) {
  const [row] = await store.collection('bankAccounts').orderBy('createdAt', 'asc').limit(1).get();
  return row ? bankAccountView(parseBankAccount(row)) : null;
}

export async function listVipPackages({ store }: StoreDeps, admin: boolean) {
  const packages = store.collection('vipPackages');
  const rows = await (admin ? packages : packages.where('isActive', '==', true)).orderBy('sortOrder', 'asc').get();
  return rows.map((row) => packageView(parseVipPackage(row)));
}

export async function listSettings({ store }: StoreDeps, admin: boolean) {
  if (admin) {
    const rows = await store.collection('settings').orderBy('key', 'asc').get();
    return rows.map((row) => settingView(parseGeneralSetting(row)));
  }
  const rows = await store.getAll('settings', [...PUBLIC_SETTING_KEYS]);
  return rows.filter((row) => row !== null).map(parseGeneralSetting).filter((s) => s.isActive).map(settingView);
}

export async function getSetting({ store }: StoreDeps, key: string, admin: boolean) {
  if (!admin && !PUBLIC_SETTING_KEYS.includes(key)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  if (!/^[a-z0-9_]{1,64}$/.test(key)) throw new AppError('NOT_FOUND', SETTING_NOT_FOUND);
  const row = await store.get('settings', key);
  const setting = row ? parseGeneralSetting(row) : null;
  if (!setting || (!admin && !setting.isActive)) throw new AppError('NOT_FOUND', SETTING_NOT_FOUND);
  return settingView(setting);
}

/** One general setting as stored (active or not), or null; areas that read a setting ask here. */
export async function findGeneralSetting({ store }: StoreDeps, key: string): Promise<GeneralSetting | null> {
  const row = await store.get('settings', key);
  return row ? parseGeneralSetting(row) : null;
}
