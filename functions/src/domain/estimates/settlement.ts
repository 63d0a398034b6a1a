import { createHash } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { parseArticle } from '../articles/article.js';
import { parseRaceDay, parseResult, type RaceDay, type RaceResult } from '../races/race.js';
import { settledResult } from '../records/article-result.js';
import { parseRaceEstimate, type RaceEstimate, type Settlement, type SettledLeg } from './estimate.js';

/**
 * Automatic settlement (issue 8). An estimate is settled once results exist for every race it
 * selects horses in. A leg hits when a winner (position 1; several on a dead heat) is among the
 * selected horses. The coupon is the product of selections per leg, its cost that many units.
 * The altılı payout counts only when the legs are exactly the six legs of a pool of that card
 * and every one hit: the pool pays `payout` per 1 TL unit, so the coupon's one winning line
 * pays payout × unit stake.
 */

type Deps = Pick<AppDeps, 'store' | 'now' | 'config' | 'requestRebuild' | 'log'>;

export interface SettlementInput {
  races: Pick<RaceEstimate['races'][number], 'id' | 'raceNumber' | 'selectedHorses'>[];
  results: Map<string, Pick<RaceResult, 'finishers'>>;
  sixPools: RaceDay['sixPools'];
  unitStake: number;
}

/** Round money to kuruş, so sums of floats do not leave 0.30000000000000004 in the store. */
const money = (n: number) => Math.round(n * 100) / 100;

/** Pure computation: the settlement of the legs that have selections, or null while a result is missing. */
export function computeSettlement(input: SettlementInput, settledAt: Date): Omit<Settlement, 'resultsHash'> & { resultsHash: string } | null {
  const legsRaces = input.races.filter((r) => r.selectedHorses.length > 0).sort((a, b) => a.raceNumber - b.raceNumber);
  if (legsRaces.length === 0) return null;
  const legs: SettledLeg[] = [];
  for (const race of legsRaces) {
    const result = input.results.get(race.id);
    if (!result) return null;
    const selected = [...new Set(race.selectedHorses.map((h) => h.number))].sort((a, b) => a - b);
    const winners = result.finishers.filter((f) => f.position === 1).map((f) => f.number).sort((a, b) => a - b);
    legs.push({ raceId: race.id, raceNumber: race.raceNumber, selected, winners, hit: winners.some((w) => selected.includes(w)), banko: selected.length === 1 });
  }
  const legsHit = legs.filter((l) => l.hit).length;
  const allHit = legsHit === legs.length;
  const couponSize = legs.reduce((n, l) => n * l.selected.length, 1);
  const numbers = legs.map((l) => l.raceNumber);
  const consecutive = legs.length === 6 && numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  const pool = consecutive ? input.sixPools.find((p) => p.firstRace === numbers[0]) ?? null : null;
  const payout = pool && allHit ? money(pool.payout * input.unitStake) : 0;
  const resultsHash = createHash('sha256')
    .update(JSON.stringify({ legs: legs.map((l) => [l.raceId, l.winners]), pool: pool ? [pool.firstRace, pool.payout] : null, stake: input.unitStake }))
    .digest('hex');
  return {
    legs,
    legsTotal: legs.length,
    legsHit,
    bankoLegs: legs.filter((l) => l.banko).length,
    bankoHits: legs.filter((l) => l.banko && l.hit).length,
    allHit,
    couponSize,
    unitStake: input.unitStake,
    cost: money(couponSize * input.unitStake),
    payout,
    sixPoolFirstRace: pool ? pool.firstRace : null,
    resultsHash,
    settledAt,
  };
}

export type SettleOutcome = 'settled' | 'unchanged' | 'waiting' | 'missing';

/**
 * Settles one estimate from the stored results, in one transaction with the article's
 * raceResult. Re-running with the same results changes nothing; corrected results (a different
 * results hash) re-settle it.
 */
export async function settleEstimate(deps: Deps, estimateId: string): Promise<SettleOutcome> {
  const outcome = await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('raceEstimates', estimateId);
    if (!raw) return { outcome: 'missing' as const, rebuild: false };
    const estimate = parseRaceEstimate(raw);
    const ids = estimate.races.filter((r) => r.selectedHorses.length > 0).map((r) => r.id);
    const resultDocs = await tx.getAll('results', ids);
    const results = new Map<string, RaceResult>();
    resultDocs.forEach((doc) => {
      if (doc) results.set(doc.id, parseResult(doc));
    });
    const dayRaw = await tx.get('raceDays', estimate.raceDayId);
    const sixPools = dayRaw ? parseRaceDay(dayRaw).sixPools : [];
    const settlement = computeSettlement({ races: estimate.races, results, sixPools, unitStake: deps.config.unitStake }, deps.now());
    if (!settlement) return { outcome: 'waiting' as const, rebuild: false };
    if (estimate.settlement && estimate.settlement.resultsHash === settlement.resultsHash) return { outcome: 'unchanged' as const, rebuild: false };

    // The article's result follows its estimates: won when any settled estimate hit every leg,
    // lost when all are settled and none did. A settled estimate wins over a hand-set result
    // (docs/records.md). (All reads come before the writes, as Firestore transactions require.)
    const articleRaw = await tx.get('articles', estimate.articleId);
    const article = articleRaw ? parseArticle(articleRaw) : null;
    const siblings = article
      ? (await tx.query(deps.store.collection('raceEstimates').where('articleId', '==', article.id)))
          .map(parseRaceEstimate)
          .map((e) => (e.id === estimate.id ? { ...e, settlement } : e))
      : [];
    tx.update('raceEstimates', estimate.id, { settlement, updatedAt: deps.now() });
    if (!article) return { outcome: 'settled' as const, rebuild: false };
    const raceResult = settledResult(siblings) ?? article.raceResult;
    if (raceResult !== article.raceResult || (raceResult !== null && article.raceResultSource !== 'settlement')) {
      tx.update('articles', article.id, { raceResult, raceResultSource: raceResult === null ? null : 'settlement', updatedAt: deps.now() });
      return { outcome: 'settled' as const, rebuild: article.status === 'published' && !article.isDeleted, slug: article.slug };
    }
    return { outcome: 'settled' as const, rebuild: false };
  });
  if (outcome.rebuild) deps.requestRebuild(`estimate settled: ${'slug' in outcome ? outcome.slug : estimateId}`);
  return outcome.outcome;
}

/**
 * For the races importer: after results for `raceIds` were written, settles (or re-settles)
 * every estimate that covers one of them. Returns how each estimate ended.
 */
export async function settleEstimatesForRaces(deps: Deps, raceIds: string[]): Promise<Record<string, SettleOutcome>> {
  const ids = new Set<string>();
  for (const raceId of new Set(raceIds)) {
    const docs = await deps.store.collection('raceEstimates').where('raceIds', 'array-contains', raceId).get();
    docs.forEach((d) => ids.add(d.id));
  }
  const outcomes: Record<string, SettleOutcome> = {};
  for (const id of ids) {
    try {
      outcomes[id] = await settleEstimate(deps, id);
    } catch (error) {
      // One broken estimate must not stop the others from settling; it is retried on the next import.
      deps.log.error('estimate settlement failed', { estimateId: id, error: (error as Error).message });
    }
  }
  return outcomes;
}
