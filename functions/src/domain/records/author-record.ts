import type { AppDeps } from '../../platform/deps.js';
import { parseArticle } from '../articles/article.js';
import { istanbulDate } from '../races/race.js';
import { parseRaceEstimate, type RaceEstimate, type Settlement } from '../estimates/estimate.js';

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

/** Authors need this many settled estimates in the ranking window to be ranked (stated on the page). */
export const RANKING_WINDOW: RecordWindow = '90';
export const MIN_RANKED_SAMPLE = 5;

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
  settlement: Pick<Settlement, 'legsTotal' | 'legsHit' | 'allHit' | 'bankoLegs' | 'bankoHits' | 'cost' | 'payout'>;
}

const ratio = (part: number, whole: number, digits = 4) => (whole === 0 ? null : Math.round((part / whole) * 10 ** digits) / 10 ** digits);
const money = (n: number) => Math.round(n * 100) / 100;

export function emptyStats(): RecordStats {
  return { estimates: 0, sixOfSix: 0, fiveOfSix: 0, allLegsHit: 0, legs: 0, legsHit: 0, legHitRate: null, bankoLegs: 0, bankoHits: 0, bankoHitRate: null, cost: 0, payout: 0, returnOnCost: null };
}

/** Pure: the figures of a set of settled estimates. */
export function recordStats(samples: SettledSample[]): RecordStats {
  const s = emptyStats();
  for (const { settlement: x } of samples) {
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
  return s;
}

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
  const docs = await deps.store.collection('articles').where('authorId', '==', authorId).get();
  return docs
    .map(parseArticle)
    .filter((a) => a.status === 'published' && !a.isDeleted && a.publishedAt && a.raceResultSource === 'manual' && (a.raceResult === 'won' || a.raceResult === 'lost'))
    .map((a) => ({ date: istanbulDate(a.publishedAt!), result: a.raceResult as 'won' | 'lost' }));
}

/** A void bet (every line refunded for a non-runner) was never played: it is no sample. */
export const toSample = (e: RaceEstimate): SettledSample | null => (e.settlement && !e.settlement.void ? { raceDate: e.raceData.date, settlement: e.settlement } : null);

/** An author's settled estimates, newest race first (one equality query; settled is filtered here). */
export async function settledEstimatesOf(deps: Pick<AppDeps, 'store'>, authorId: string): Promise<RaceEstimate[]> {
  const docs = await deps.store.collection('raceEstimates').where('authorId', '==', authorId).get();
  return docs
    .map(parseRaceEstimate)
    .filter((e) => e.settlement !== null)
    .sort((a, b) => (a.raceData.date === b.raceData.date ? b.lockAt.getTime() - a.lockAt.getTime() : a.raceData.date < b.raceData.date ? 1 : -1));
}

export async function authorRecord(deps: Pick<AppDeps, 'store' | 'now'>, authorId: string): Promise<AuthorRecord> {
  const estimates = await settledEstimatesOf(deps, authorId);
  return computeRecord(estimates.map(toSample).filter((s): s is SettledSample => s !== null), deps.now(), await declaredResultsOf(deps, authorId));
}
