import type { AppDeps } from '../../platform/deps.js';
import { listAuthorArticles } from '../articles/index.js';
import { istanbulDate } from '../../platform/time.js';
import { estimatesOfAuthor, type RaceEstimate, type Settlement } from '../estimates/index.js';

/**
 * An author's record (issue 8), computed from SETTLED estimates only: an estimate counts once
 * results for every race it picks in were imported, never before and never by hand. Windows are
 * calendar days in Istanbul by the date of the estimate's races (not by when it was written), so
 * an estimate enters the 30-day window on the day its races are run. Every figure travels with
 * its sample size: a rate over three estimates must never look like a rate over three hundred.
 *
 * Estimates stay in the record whatever happens to their article afterwards (unpublished,
 * deleted, estimate deactivated): a losing pick must not be able to leave the record.
 */

export const RECORD_WINDOWS = ['30', '90', '365', 'all'] as const;
export type RecordWindow = (typeof RECORD_WINDOWS)[number];

/**
 * Tipsters need this many settled tips in a window to be ranked in it (stated on the page): below
 * it one lucky altılı decides the order (docs/records.md, "How tipsters are ranked").
 */
export const RANKING_WINDOW: RecordWindow = '90';
export const MIN_RANKED_SAMPLE = 20;

export interface RecordStats {
  /** Settled estimates in the window: the sample size of every figure below. */
  estimates: number;
  /** Six-leg estimates (an altılı's shape) that hit all six / exactly five legs. */
  sixOfSix: number;
  fiveOfSix: number;
  /** Estimates of any size that hit every leg. */
  allLegsHit: number;
  legs: number;
  legsHit: number;
  /** legsHit / legs, 0..1, null without legs. */
  legHitRate: number | null;
  bankoLegs: number;
  bankoHits: number;
  /** bankoHits / bankoLegs, null when the author played no banko. */
  bankoHitRate: number | null;
  /** Coupon cost and altılı payout at the unit stake, TL. */
  cost: number;
  payout: number;
  /** (payout - cost) / cost: -1 is every lira lost, 0 break-even; null without cost. */
  returnOnCost: number | null;
  /** payout - cost, TL: what playing every tip at the unit stake won or lost (the ranking figure). */
  net: number;
  /** Most consecutive tips (by race date, then lock time) that returned less than they cost. */
  longestLosingRun: number;
  /** Istanbul calendar months with a settled tip, and those of them that ended in profit (net > 0). */
  months: number;
  profitableMonths: number;
}

/** Results staff set by hand on articles without a locked estimate ("yazar beyanı"): never in the verified figures. */
export interface DeclaredStats {
  won: number;
  lost: number;
}

export interface AuthorRecord {
  /** Istanbul date the windows end on (inclusive). */
  asOf: string;
  windows: Record<RecordWindow, RecordStats>;
  declared: Record<RecordWindow, DeclaredStats>;
}

/** A declared result: the article's Istanbul publication date and its hand-set result. */
export interface DeclaredSample {
  date: string;
  result: 'won' | 'lost';
}

/** What the arithmetic needs from an estimate: its race date and settlement. */
export interface SettledSample {
  raceDate: string;
  /** Orders tips of one race day (the losing run and the profit line follow play order). */
  lockAt?: Date;
  /** The tip's article (one coupon per article): orders tips locked at the same moment, so every store gives the same run. */
  articleId?: string;
  settlement: Pick<Settlement, 'legsTotal' | 'legsHit' | 'allHit' | 'bankoLegs' | 'bankoHits' | 'cost' | 'payout'>;
}

const ratio = (part: number, whole: number, digits = 4) => (whole === 0 ? null : Math.round((part / whole) * 10 ** digits) / 10 ** digits);
const money = (n: number) => Math.round(n * 100) / 100;

export function emptyStats(): RecordStats {
  return {
    estimates: 0, sixOfSix: 0, fiveOfSix: 0, allLegsHit: 0, legs: 0, legsHit: 0, legHitRate: null, bankoLegs: 0, bankoHits: 0, bankoHitRate: null,
    cost: 0, payout: 0, returnOnCost: null, net: 0, longestLosingRun: 0, months: 0, profitableMonths: 0,
  };
}

/** Play order: race date, then lock time, then article (samples without them keep their given order). */
export function inPlayOrder(samples: SettledSample[]): SettledSample[] {
  const key = (x: SettledSample): [string, number, string] => [x.raceDate, x.lockAt?.getTime() ?? 0, x.articleId ?? ''];
  return [...samples].sort((a, b) => {
    const [ad, al, ai] = key(a);
    const [bd, bl, bi] = key(b);
    return ad !== bd ? (ad < bd ? -1 : 1) : al !== bl ? al - bl : ai < bi ? -1 : ai > bi ? 1 : 0;
  });
}

/** Pure: the figures of a set of settled estimates. */
export function recordStats(samples: SettledSample[]): RecordStats {
  const s = emptyStats();
  let run = 0;
  const monthNet = new Map<string, number>();
  for (const { raceDate, settlement: x } of inPlayOrder(samples)) {
    run = x.payout < x.cost ? run + 1 : 0;
    s.longestLosingRun = Math.max(s.longestLosingRun, run);
    const month = raceDate.slice(0, 7);
    monthNet.set(month, (monthNet.get(month) ?? 0) + x.payout - x.cost);
    s.estimates += 1;
    if (x.legsTotal === 6 && x.legsHit === 6) s.sixOfSix += 1;
    if (x.legsTotal === 6 && x.legsHit === 5) s.fiveOfSix += 1;
    if (x.allHit) s.allLegsHit += 1;
    s.legs += x.legsTotal;
    s.legsHit += x.legsHit;
    s.bankoLegs += x.bankoLegs;
    s.bankoHits += x.bankoHits;
    s.cost += x.cost;
    s.payout += x.payout;
  }
  s.cost = money(s.cost);
  s.payout = money(s.payout);
  s.legHitRate = ratio(s.legsHit, s.legs);
  s.bankoHitRate = ratio(s.bankoHits, s.bankoLegs);
  s.returnOnCost = ratio(s.payout - s.cost, s.cost);
  s.net = money(s.payout - s.cost);
  s.months = monthNet.size;
  // Rounded per month, so a month of float dust (0.1 + 0.2 - 0.3) never counts as profitable.
  s.profitableMonths = [...monthNet.values()].filter((net) => money(net) > 0).length;
  return s;
}

/** One point of a profit line: the running net (TL) after the tips of `date`. */
export interface ProfitPoint {
  date: string;
  net: number;
}

/**
 * Pure: the cumulative net result, one point per race day with tips, from `from` (inclusive) to
 * `today`: the line a follower's balance would have drawn playing every tip at the unit stake.
 */
export function profitLine(samples: SettledSample[], today: string, from = ''): ProfitPoint[] {
  const points: ProfitPoint[] = [];
  let net = 0;
  for (const { raceDate, settlement } of inPlayOrder(samples.filter((x) => x.raceDate >= from && x.raceDate <= today))) {
    net += settlement.payout - settlement.cost;
    const point = { date: raceDate, net: money(net) };
    if (points.at(-1)?.date === raceDate) points[points.length - 1] = point;
    else points.push(point);
  }
  return points;
}

/** First date of a window ending on `today` ('' for all time). */
export const windowFrom = (today: string, window: RecordWindow): string => (window === 'all' ? '' : windowStart(today, Number(window)));

/** First Istanbul date inside an N-day window ending on `today` (today counts as day 1). */
export function windowStart(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** Pure: the record over all windows; races dated after `now` (cannot be settled anyway) are left out. */
export function computeRecord(samples: SettledSample[], now: Date, declaredSamples: DeclaredSample[] = []): AuthorRecord {
  const today = istanbulDate(now);
  const past = samples.filter((s) => s.raceDate <= today);
  const within = (days: number) => past.filter((s) => s.raceDate >= windowStart(today, days));
  const declared = (days: number | null) => {
    const inWindow = declaredSamples.filter((d) => d.date <= today && (days === null || d.date >= windowStart(today, days)));
    return { won: inWindow.filter((d) => d.result === 'won').length, lost: inWindow.filter((d) => d.result === 'lost').length };
  };
  return {
    asOf: today,
    windows: { '30': recordStats(within(30)), '90': recordStats(within(90)), '365': recordStats(within(365)), all: recordStats(past) },
    declared: { '30': declared(30), '90': declared(90), '365': declared(365), all: declared(null) },
  };
}

/** An author's published articles whose result staff declared by hand (one equality query). */
export async function declaredResultsOf(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<DeclaredSample[]> {
  return (await listAuthorArticles(deps, authorId, { withDeleted: true }))
    .filter((a) => a.status === 'published' && !a.isDeleted && a.publishedAt && a.raceResultSource === 'manual' && (a.raceResult === 'won' || a.raceResult === 'lost'))
    .map((a) => ({ date: istanbulDate(a.publishedAt!), result: a.raceResult as 'won' | 'lost' }));
}

/** A void bet (every line refunded for a non-runner) was never played: it is no sample. */
export const toSample = (e: RaceEstimate): SettledSample | null => (e.settlement && !e.settlement.void ? { raceDate: e.raceData.date, lockAt: e.lockAt, articleId: e.articleId, settlement: e.settlement } : null);

/** An author's settled estimates, newest race first (one equality query; settled is filtered here). */
export async function settledEstimatesOf(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<RaceEstimate[]> {
  return (await estimatesOfAuthor(deps, authorId))
    .filter((e) => e.settlement !== null)
    .sort((a, b) => (a.raceData.date === b.raceData.date ? b.lockAt.getTime() - a.lockAt.getTime() : a.raceData.date < b.raceData.date ? 1 : -1));
}

export async function authorRecord(deps: Pick<AppDeps, 'store' | 'now'>, authorId: string): Promise<AuthorRecord> {
  const estimates = await settledEstimatesOf(deps, authorId);
  return computeRecord(estimates.map(toSample).filter((s): s is SettledSample => s !== null), deps.now(), await declaredResultsOf(deps, authorId));
}
