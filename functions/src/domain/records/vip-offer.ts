import type { AppDeps } from '../../platform/deps.js';
import { listPublishedArticleRecords } from '../articles/index.js';
import { dailyHour } from '../notifications/index.js';
import { listVipPackages } from '../membership/index.js';

/**
 * What VIP sells, in figures a visitor can weigh before signing up (issue 50): the active packages
 * with price and days, and what the benefits amounted to lately, counted from the published
 * articles themselves (never a typed-in promise) and the daily notice hour staff set.
 */
export const OFFER_WINDOW_DAYS = 28;
const DAY = 86_400_000;
/** Far more VIP articles than four weeks ever hold; the listing is newest first, so the window is complete. */
const SCAN = 400;

export interface VipOffer {
  packages: Awaited<ReturnType<typeof listVipPackages>>;
  /** VIP-only articles (premium or private) published in the last OFFER_WINDOW_DAYS days. */
  vipArticles: number;
  /** The same per week, one decimal. */
  vipArticlesPerWeek: number;
  windowDays: number;
  /** 'HH:mm' of the daily VIP package notice. */
  dailyHour: string;
}

export async function vipOffer(deps: Pick<AppDeps, 'store' | 'now'>): Promise<VipOffer> {
  const now = deps.now().getTime();
  const since = now - OFFER_WINDOW_DAYS * DAY;
  const [packages, { records }, hour] = await Promise.all([listVipPackages(deps, false), listPublishedArticleRecords(deps, { page: 1, limit: SCAN }), dailyHour(deps)]);
  const vipArticles = records.filter((a) => a.visibility !== 'public' && a.visibility !== 'members-only' && a.publishedAt && a.publishedAt.getTime() >= since && a.publishedAt.getTime() <= now).length;
  return { packages, vipArticles, vipArticlesPerWeek: Math.round((vipArticles / OFFER_WINDOW_DAYS) * 7 * 10) / 10, windowDays: OFFER_WINDOW_DAYS, dailyHour: hour };
}
