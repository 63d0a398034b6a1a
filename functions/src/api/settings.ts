import type { Context } from 'hono';
import { Hono } from 'hono';
import { bankAccountView, parseBankAccount } from '../domain/membership/bank-account.js';
import { parseGeneralSetting, PUBLIC_SETTING_KEYS, settingView } from '../domain/membership/general-setting.js';
import { siteSettings } from '../domain/membership/site-settings.js';
import { packageView, parseVipPackage } from '../domain/membership/vip-package.js';
import { AppError, MESSAGES } from '../platform/errors.js';
import { optionalViewer } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';

/** Admin staff session: sees every package and setting; everyone else only what the VIP page needs. */
function isAdmin(c: Context<ApiEnv>): boolean {
  const viewer = optionalViewer(c);
  return viewer?.audience === 'staff' && viewer.user.role === 'admin';
}

export const settingsRoutes = new Hono<ApiEnv>()
  .get('/settings/site', async (c) => {
    // Every public page asks on load (the maintenance notice): a short shared cache keeps that cheap.
    c.header('Cache-Control', 'public, max-age=30');
    return ok(c, await siteSettings(c.get('deps')));
  })
  .get('/settings/bank-account', async (c) => {
    const { store } = c.get('deps');
    const [row] = await store.collection('bankAccounts').orderBy('createdAt', 'asc').limit(1).get();
    if (!row) return ok(c, null, { message: 'Banka hesabı bulunamadı' });
    return ok(c, bankAccountView(parseBankAccount(row)));
  })
  .get('/admin/settings/vip-packages', async (c) => {
    const { store } = c.get('deps');
    const query = isAdmin(c)
      ? store.collection('vipPackages').orderBy('sortOrder', 'asc')
      : store.collection('vipPackages').where('isActive', '==', true).orderBy('sortOrder', 'asc');
    const rows = await query.get();
    return ok(c, rows.map((row) => packageView(parseVipPackage(row))));
  })
  .get('/admin/settings/general-settings', async (c) => {
    const { store } = c.get('deps');
    if (isAdmin(c)) {
      const rows = await store.collection('settings').orderBy('key', 'asc').get();
      return ok(c, rows.map((row) => settingView(parseGeneralSetting(row))));
    }
    const rows = await store.getAll('settings', [...PUBLIC_SETTING_KEYS]);
    const visible = rows.filter((row) => row !== null).map(parseGeneralSetting).filter((s) => s.isActive);
    return ok(c, visible.map(settingView));
  })
  .get('/admin/settings/general-settings/:key', async (c) => {
    const key = c.req.param('key');
    const admin = isAdmin(c);
    if (!admin && !PUBLIC_SETTING_KEYS.includes(key)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    if (!/^[a-z0-9_]{1,64}$/.test(key)) throw new AppError('NOT_FOUND', 'Ayar bulunamadı');
    const row = await c.get('deps').store.get('settings', key);
    const setting = row ? parseGeneralSetting(row) : null;
    if (!setting || (!admin && !setting.isActive)) throw new AppError('NOT_FOUND', 'Ayar bulunamadı');
    return ok(c, settingView(setting));
  });
