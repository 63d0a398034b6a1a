import { z } from 'zod';
import { storedRecord } from '../stored-record.js';

/** Key/title/content settings (spec 002 §3); the document id is the key. */
export const generalSettingSchema = storedRecord({
  key: z.string(),
  title: z.string(),
  content: z.string(),
  isActive: z.boolean().default(true),
});
export type GeneralSetting = z.infer<typeof generalSettingSchema>;
export const parseGeneralSetting = (raw: unknown): GeneralSetting => generalSettingSchema.parse(raw);

/** The only settings visitors and members may read: the payment texts of the VIP page. */
/** The switch that opens settled VIP estimates to everyone (records/vip-proof.ts reads it). */
export const VIP_PROOF_SETTING = 'vip_estimates_public_after_races';
export const PUBLIC_SETTING_KEYS: readonly string[] = ['payment_description', 'payment_bottom_description'];
export const SETTING_PRESETS = ['payment_bottom_description', 'contact_phone', 'site_maintenance'] as const;

export const generalSettingInputSchema = z.strictObject({
  key: z
    .string('Anahtar gerekli')
    .trim()
    .min(1, 'Anahtar gerekli')
    .max(64)
    .regex(/^[a-z0-9_]+$/, 'Anahtar yalnızca küçük harf, rakam ve alt çizgi içerebilir'),
  title: z.string('Başlık gerekli').trim().min(1, 'Başlık gerekli').max(200),
  content: z.string('İçerik gerekli').trim().min(1, 'İçerik gerekli').max(10_000),
  isActive: z.boolean().default(true),
});

export function settingView(setting: GeneralSetting) {
  return { id: setting.id, _id: setting.id, key: setting.key, title: setting.title, content: setting.content, isActive: setting.isActive, updatedAt: setting.updatedAt };
}
export type SettingView = ReturnType<typeof settingView>;
