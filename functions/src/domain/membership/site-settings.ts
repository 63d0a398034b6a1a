import type { AppDeps } from '../../platform/deps.js';
import { formatTurkishPhone } from '../text/index.js';
import { parseGeneralSetting, PUBLIC_SETTING_KEYS } from './general-setting.js';

/**
 * The settings that change the public site (spec 002 §3 presets): `site_maintenance` shows its
 * text as a notice on every public page, read at page load so no rebuild is needed;
 * `contact_phone` is printed on /iletisim and in the footer (built into the pages, so saving it
 * asks for a rebuild). A preset only counts while it is active.
 */
export const SITE_SETTING_KEYS = ['site_maintenance', 'contact_phone'] as const;
/**
 * Keys whose text is built into static pages: saving them rebuilds the site. The payment texts are
 * built into /vip-uyelik with its packages and bank account, so the page needs no redraw on load.
 */
export const BUILT_SETTING_KEYS: readonly string[] = ['contact_phone', ...PUBLIC_SETTING_KEYS];

export interface SiteSettings {
  maintenance: { title: string; content: string } | null;
  /** As people read it: 0850 480 26 26. */
  contactPhone: string | null;
}

export async function siteSettings(deps: Pick<AppDeps, 'store'>): Promise<SiteSettings> {
  const [maintenance, phone] = (await deps.store.getAll('settings', [...SITE_SETTING_KEYS])).map((raw) => (raw ? parseGeneralSetting(raw) : null)).map((s) => (s?.isActive ? s : null));
  return {
    maintenance: maintenance ? { title: maintenance.title, content: maintenance.content } : null,
    contactPhone: phone ? formatTurkishPhone(phone.content) : null,
  };
}
