import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { bankAccountInputSchema, companyIdentityInputSchema, saveCompanyIdentity, generalSettingInputSchema, createBankAccount, createSetting, createVipPackage, deleteBankAccount, deleteSetting, deleteVipPackage, settingUpdateSchema, updateBankAccount, updateSetting, updateVipPackage, vipPackageUpdateSchema, vipPackageInputSchema } from '../../domain/membership/index.js';
import { requireAdmin } from '../http/auth-context.js';
import type { ApiEnv, Viewer } from '../http/env.js';
import { bodyRoute, serviceRoute } from '../http/route-handlers.js';

type Service<A extends unknown[], R = unknown> = (deps: AppDeps, actor: Viewer, ...args: A) => Promise<R>;

/** The texts of the three writes are the collection's name with the same endings ('Ayar oluşturuldu!'). */
const saved = (noun: string) => ({ created: `${noun} oluşturuldu!`, updated: `${noun} güncellendi!`, deleted: `${noun} silindi!` });

/**
 * One settings collection's three writes: POST `path` creates (201), PUT and DELETE `path/:idParam`
 * change and remove one entry. `updated` replaces the update text where it depends on what was sent.
 */
// Generic in the path, the id's name and the answers so each route keeps its type for the typed client.
function settingsRoutes<P extends string, K extends 'id' | 'key', C extends z.ZodType, U extends z.ZodType, RC, RU>(
  path: P,
  idParam: K,
  noun: string,
  [createSchema, create]: [C, Service<[z.output<C>], RC>],
  [updateSchema, update]: [U, Service<[string, z.output<U>], RU>],
  remove: Service<[string]>,
  updated: (input: z.output<U>) => string = () => saved(noun).updated,
) {
  const texts = saved(noun);
  const one = `${path}/:${idParam}` as const;
  return new Hono<ApiEnv>()
    .post(path, bodyRoute(requireAdmin, createSchema, ({ deps, viewer, input }) => create(deps, viewer, input), { message: texts.created, status: 201 }))
    .put(one, bodyRoute(requireAdmin, updateSchema, ({ deps, viewer, input, param }) => update(deps, viewer, param(idParam), input), { message: updated }))
    .delete(
      one,
      serviceRoute(
        requireAdmin,
        async ({ deps, viewer, param }) => {
          await remove(deps, viewer, param(idParam));
          return null;
        },
        { message: texts.deleted },
      ),
    );
}

/** A package toggle (`{ isActive }` alone) is told apart from an edit of the whole package. */
const packageUpdated = (input: z.output<typeof vipPackageUpdateSchema>) => ('name' in input ? 'VIP paketi güncellendi!' : 'Paket durumu güncellendi!');

/** Staff writes of system settings (spec 002 §7 'Settings'); the reads are in settings.ts. */
export const adminSettingsRoutes = new Hono<ApiEnv>()
  .route('/', settingsRoutes('/settings/bank-account', 'id', 'Banka hesabı', [bankAccountInputSchema, createBankAccount], [bankAccountInputSchema, updateBankAccount], deleteBankAccount))
  .route('/', settingsRoutes('/settings/general-settings', 'key', 'Ayar', [generalSettingInputSchema, createSetting], [settingUpdateSchema, updateSetting], deleteSetting))
  .put('/settings/company', bodyRoute(requireAdmin, companyIdentityInputSchema, ({ deps, viewer, input }) => saveCompanyIdentity(deps, viewer, input), { message: 'Şirket bilgileri güncellendi!' }))
  .route('/', settingsRoutes('/settings/vip-packages', 'id', 'VIP paketi', [vipPackageInputSchema, createVipPackage], [vipPackageUpdateSchema, updateVipPackage], deleteVipPackage, packageUpdated));
