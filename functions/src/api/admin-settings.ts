import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Transaction } from '../ports/document-store.js';
import { bankAccountInputSchema, bankAccountView, parseBankAccount } from '../domain/membership/bank-account.js';
import { writeAudit } from '../domain/membership/audit.js';
import { generalSettingInputSchema, parseGeneralSetting, settingView } from '../domain/membership/general-setting.js';
import { BUILT_SETTING_KEYS } from '../domain/membership/site-settings.js';
import { packageView, parseVipPackage, vipPackageInputSchema } from '../domain/membership/vip-package.js';
import { AppError } from '../platform/errors.js';
import { requireAdmin, type Viewer } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody } from './validation.js';
import { VIP_PROOF_SETTING } from '../domain/records/vip-proof.js';

/** Staff writes of system settings (spec 002 §7 'Settings'); the reads are in settings.ts. */

const settingUpdateSchema = generalSettingInputSchema.omit({ key: true }).extend({ key: z.string().optional() });
const packageToggleSchema = z.strictObject({ isActive: z.boolean('Durum gerekli') });

function audit(c: Context<ApiEnv>, tx: Transaction, viewer: Viewer, action: string, collection: string, id: string, before: unknown, after: unknown) {
  const deps = c.get('deps');
  writeAudit(tx, deps.store.newId(), { action, actorId: viewer.user.id, actorEmail: viewer.user.email, targetUserId: null, entity: { collection, id }, before, after, at: deps.now() });
}

const safeId = (id: string) => id.length > 0 && id.length <= 128 && !id.includes('/');

/** Creates, replaces or deletes one document with its audit entry, in one transaction. */
export async function write<T>(
  c: Context<ApiEnv>,
  collection: string,
  id: string,
  notFound: string,
  build: (current: Record<string, unknown> | null, tx: Transaction) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null,
  mode: 'create' | 'update' | 'delete',
  view: (doc: Record<string, unknown>) => T,
): Promise<T | null> {
  const viewer = requireAdmin(c);
  const deps = c.get('deps');
  const written = await deps.store.runTransaction(async (tx) => {
    const current = safeId(id) ? await tx.get(collection, id) : null;
    if (mode !== 'create' && !current) throw new AppError('NOT_FOUND', notFound);
    const next = await build(current, tx);
    if (mode === 'delete') tx.delete(collection, id);
    else if (next) tx.set(collection, id, next);
    audit(c, tx, viewer, `${collection}.${mode}`, collection, id, current, next);
    return next ? view({ id, ...next }) : null;
  });
  // /basari-kayitlari is prebuilt: switching past VIP picks public or private must rebuild it.
  if (collection === 'settings' && (id === VIP_PROOF_SETTING || BUILT_SETTING_KEYS.includes(id))) deps.requestRebuild(`setting: ${id}`);
  return written;
}

export const adminSettingsRoutes = new Hono<ApiEnv>()
  .post('/admin/settings/bank-account', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, bankAccountInputSchema);
    const deps = c.get('deps');
    const id = deps.store.newId();
    const data = await write(c, 'bankAccounts', id, 'Banka hesabı bulunamadı', async (_cur, tx) => {
      // One account only: the page shows a single account to pay into.
      if ((await tx.query(deps.store.collection('bankAccounts').limit(1))).length) throw new AppError('CONFLICT', 'Zaten bir banka hesabı var; mevcut hesabı düzenleyin.');
      const now = deps.now();
      return { ...input, createdAt: now, updatedAt: now };
    }, 'create', (d) => bankAccountView(parseBankAccount(d)));
    return ok(c, data, { message: 'Banka hesabı oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/bank-account/:id', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, bankAccountInputSchema);
    const data = await write(c, 'bankAccounts', c.req.param('id'), 'Banka hesabı bulunamadı', (cur) => ({ ...input, createdAt: cur!.createdAt, updatedAt: c.get('deps').now() }), 'update', (d) => bankAccountView(parseBankAccount(d)));
    return ok(c, data, { message: 'Banka hesabı güncellendi!' });
  })
  .delete('/admin/settings/bank-account/:id', async (c) => {
    await write(c, 'bankAccounts', c.req.param('id'), 'Banka hesabı bulunamadı', () => null, 'delete', (d) => d);
    return ok(c, null, { message: 'Banka hesabı silindi!' });
  })
  .post('/admin/settings/general-settings', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, generalSettingInputSchema);
    const data = await write(c, 'settings', input.key, 'Ayar bulunamadı', (cur) => {
      if (cur) throw new AppError('CONFLICT', 'Bu anahtarla bir ayar zaten var.');
      const now = c.get('deps').now();
      return { ...input, createdAt: now, updatedAt: now };
    }, 'create', (d) => settingView(parseGeneralSetting(d)));
    return ok(c, data, { message: 'Ayar oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/general-settings/:key', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, settingUpdateSchema);
    const key = c.req.param('key');
    if (input.key !== undefined && input.key !== key) throw new AppError('VALIDATION', 'Mevcut bir ayarın anahtarı değiştirilemez.');
    const data = await write(c, 'settings', key, 'Ayar bulunamadı', (cur) => ({ key, title: input.title, content: input.content, isActive: input.isActive, createdAt: cur!.createdAt, updatedAt: c.get('deps').now() }), 'update', (d) => settingView(parseGeneralSetting(d)));
    return ok(c, data, { message: 'Ayar güncellendi!' });
  })
  .delete('/admin/settings/general-settings/:key', async (c) => {
    await write(c, 'settings', c.req.param('key'), 'Ayar bulunamadı', () => null, 'delete', (d) => d);
    return ok(c, null, { message: 'Ayar silindi!' });
  })
  .post('/admin/settings/vip-packages', async (c) => {
    requireAdmin(c);
    const input = await parseBody(c, vipPackageInputSchema);
    const now = c.get('deps').now();
    const data = await write(c, 'vipPackages', c.get('deps').store.newId(), 'VIP paketi bulunamadı', () => ({ ...input, createdAt: now, updatedAt: now }), 'create', (d) => packageView(parseVipPackage(d)));
    return ok(c, data, { message: 'VIP paketi oluşturuldu!', status: 201 });
  })
  .put('/admin/settings/vip-packages/:id', async (c) => {
    requireAdmin(c);
    const raw = await c.req.raw.clone().json().catch(() => null);
    // The cards' toggle sends only { isActive }; the form sends the whole package.
    const toggle = raw && typeof raw === 'object' && Object.keys(raw).length === 1 && 'isActive' in raw;
    const input = toggle ? await parseBody(c, packageToggleSchema) : await parseBody(c, vipPackageInputSchema);
    const data = await write(c, 'vipPackages', c.req.param('id'), 'VIP paketi bulunamadı', (cur) => {
      const { id: _id, ...current } = parseVipPackage(cur);
      return { ...current, ...input, updatedAt: c.get('deps').now() };
    }, 'update', (d) => packageView(parseVipPackage(d)));
    return ok(c, data, { message: toggle ? 'Paket durumu güncellendi!' : 'VIP paketi güncellendi!' });
  })
  .delete('/admin/settings/vip-packages/:id', async (c) => {
    await write(c, 'vipPackages', c.req.param('id'), 'VIP paketi bulunamadı', () => null, 'delete', (d) => d);
    return ok(c, null, { message: 'VIP paketi silindi!' });
  });
