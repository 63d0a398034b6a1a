import { Hono } from 'hono';
import { bankAccountInputSchema } from '../domain/membership/bank-account.js';
import { generalSettingInputSchema } from '../domain/membership/general-setting.js';
import {
  createBankAccount,
  createSetting,
  createVipPackage,
  deleteBankAccount,
  deleteSetting,
  deleteVipPackage,
  settingUpdateSchema,
  updateBankAccount,
  updateSetting,
  updateVipPackage,
  vipPackageUpdateSchema,
} from '../domain/membership/manage-settings.js';
import { vipPackageInputSchema } from '../domain/membership/vip-package.js';
import { requireAdmin } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody } from './validation.js';

/** Staff writes of system settings (spec 002 §7 'Settings'); the reads are in settings.ts. */
export const adminSettingsRoutes = new Hono<ApiEnv>()
  .post('/admin/settings/bank-account', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, bankAccountInputSchema);
    return ok(c, await createBankAccount(c.get('deps'), viewer, input), { message: 'Banka hesabı oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/bank-account/:id', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, bankAccountInputSchema);
    return ok(c, await updateBankAccount(c.get('deps'), viewer, c.req.param('id'), input), { message: 'Banka hesabı güncellendi!' });
  })
  .delete('/admin/settings/bank-account/:id', async (c) => {
    await deleteBankAccount(c.get('deps'), requireAdmin(c), c.req.param('id'));
    return ok(c, null, { message: 'Banka hesabı silindi!' });
  })
  .post('/admin/settings/general-settings', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, generalSettingInputSchema);
    return ok(c, await createSetting(c.get('deps'), viewer, input), { message: 'Ayar oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/general-settings/:key', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, settingUpdateSchema);
    return ok(c, await updateSetting(c.get('deps'), viewer, c.req.param('key'), input), { message: 'Ayar güncellendi!' });
  })
  .delete('/admin/settings/general-settings/:key', async (c) => {
    await deleteSetting(c.get('deps'), requireAdmin(c), c.req.param('key'));
    return ok(c, null, { message: 'Ayar silindi!' });
  })
  .post('/admin/settings/vip-packages', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, vipPackageInputSchema);
    return ok(c, await createVipPackage(c.get('deps'), viewer, input), { message: 'VIP paketi oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/vip-packages/:id', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, vipPackageUpdateSchema);
    const data = await updateVipPackage(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, data, { message: 'name' in input ? 'VIP paketi güncellendi!' : 'Paket durumu güncellendi!' });
  })
  .delete('/admin/settings/vip-packages/:id', async (c) => {
    await deleteVipPackage(c.get('deps'), requireAdmin(c), c.req.param('id'));
    return ok(c, null, { message: 'VIP paketi silindi!' });
  });
