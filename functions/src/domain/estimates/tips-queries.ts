import type { AppDeps } from '../../platform/deps.js';
import { getArticlesById, type ArticleRecord } from '../articles/index.js';
import { parseRaceEstimate, type RaceEstimate } from './estimate.js';
import { assertDate, raceDaysOn } from '../races/index.js';

/**
 * "Our tips on the card" (issue 53): which of the site's published tips cover each race of a day.
 * A public tip gives its picks and its coupon (size and cost before the race); a VIP or members'
 * tip says only that it exists, with its link: nothing in this answer reveals its horses, so it is
 * the same for every reader and may be cached publicly.
 */

type Deps = Pick<AppDeps, 'store' | 'config'>;

export type TipAccess = 'public' | 'members' | 'vip';

interface TipBase {
  articleId: string;
  title: string;
  href: string;
  /** The legs' race numbers, in order ('1. Altılı Ganyan' covers 1–6). */
  raceNumbers: number[];
}
export interface PublicTip extends TipBase {
  access: 'public';
  /** Picked horse numbers per race id. */
  picks: Record<string, number[]>;
  /** Horses per leg, in race order: 4×5×1×5×2×5. */
  legSizes: number[];
  couponSize: number;
  unitStake: number;
  cost: number;
}
export interface ClosedTip extends TipBase {
  access: 'members' | 'vip';
}
export type RaceTip = PublicTip | ClosedTip;

export interface DayTips {
  date: string;
  /** Race id -> the tips covering it. */
  byRace: Record<string, RaceTip[]>;
}

const accessOf = (article: ArticleRecord): TipAccess => (article.visibility === 'public' ? 'public' : article.visibility === 'members-only' ? 'members' : 'vip');

function toTip(estimate: RaceEstimate, article: ArticleRecord, unitStake: number): RaceTip {
  const races = [...estimate.races].sort((a, b) => a.raceNumber - b.raceNumber);
  const base: TipBase = {
    articleId: article.id,
    title: article.title,
    href: `/makale/${encodeURIComponent(article.slug || article.id)}`,
    raceNumbers: races.map((r) => r.raceNumber),
  };
  const access = accessOf(article);
  if (access !== 'public') return { ...base, access };
  const legSizes = races.map((r) => r.selectedHorses.length);
  const couponSize = legSizes.reduce((product, n) => product * n, 1);
  return {
    ...base,
    access,
    picks: Object.fromEntries(races.map((r) => [r.id, r.selectedHorses.map((h) => h.number).sort((a, b) => a - b)])),
    legSizes,
    couponSize,
    unitStake,
    cost: Math.round(couponSize * unitStake * 100) / 100,
  };
}

export async function tipsForDate(deps: Deps, date: string): Promise<DayTips> {
  assertDate(date);
  const days = await raceDaysOn(deps, date);
  const estimates = (await Promise.all(days.map((day) => deps.store.collection('raceEstimates').where('raceDayId', '==', day.id).get())))
    .flat()
    .map(parseRaceEstimate)
    .filter((e) => e.isActive);
  const articleIds = [...new Set(estimates.map((e) => e.articleId))];
  const articles = new Map([...(await getArticlesById(deps, articleIds))].filter(([, article]) => article.status === 'published' && !article.isDeleted));
  const byRace: Record<string, RaceTip[]> = {};
  for (const estimate of estimates.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const article = articles.get(estimate.articleId);
    if (!article) continue;
    const tip = toTip(estimate, article, deps.config.unitStake);
    for (const race of estimate.races) (byRace[race.id] ??= []).push(tip);
  }
  return { date, byRace };
}
