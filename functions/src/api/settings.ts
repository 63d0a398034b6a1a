import type { Context } from 'hono';
import { Hono } from 'hono';
import { getSetting, listSettings, listVipPackages, paymentBankAccount, siteSettings, companyIdentity } from '../domain/membership/index.js';
import { optionalViewer } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';

/** Admin staff session: sees every package and setting; everyone else only what the VIP page needs. */
function isAdmin(c: Context<ApiEnv>): boolean {
  const viewer = optionalViewer(c);
  return viewer?.audience === 'staff' && viewer.user.role === 'admin';
}

/** Public settings, under /settings. */
export const settingsRoutes = new Hono<ApiEnv>()
  .get('/site', async (c) => {
    // Every public page asks on load (the maintenance notice): api/http/cache-policy.ts lets the CDN answer visitors.
    return ok(c, await siteSettings(c.get('deps')));
  })
  // Who takes the money, for the payment card of /vip-siparislerim (the public pages build it in).
  .get('/company', async (c) => ok(c, await companyIdentity(c.get('deps'))))
  .get('/bank-account', async (c) => {
    const account = await paymentBankAccount(c.get('deps'));
    return account ? ok(c, account) : ok(c, null, { message: 'Banka hesabı bulunamadı' });
  });

/** The settings tables' reads, under /admin: an admin sees every row, anyone else the active ones. */
export const settingsReadRoutes = new Hono<ApiEnv>()
  .get('/settings/vip-packages', async (c) => ok(c, await listVipPackages(c.get('deps'), isAdmin(c))))
  .get('/settings/general-settings', async (c) => ok(c, await listSettings(c.get('deps'), isAdmin(c))))
  .get('/settings/general-settings/:key', async (c) => ok(c, await getSetting(c.get('deps'), c.req.param('key'), isAdmin(c))));
