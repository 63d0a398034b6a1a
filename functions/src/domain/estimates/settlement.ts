import { createHash } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { getArticleIn, updateArticleIn } from '../articles/index.js';
import { getRaceDayIn, getRacesIn, getResultsIn, type Entry, type RaceDay, type RaceResult } from '../races/index.js';
import { betHorses, settleBet, type Bet } from './bet.js';
import { nonRunnersByRace } from './race-amendment.js';
import { pickUndeclaredAtLockNote, picksUndeclaredAtLock } from './tip-horses.js';
import { settledResult } from './article-result.js';
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
  /** Dividends matter only to a single-race bet (a coupon pays from the altılı pool). */
  results: Map<string, Pick<RaceResult, 'finishers'> & Partial<Pick<RaceResult, 'ganyanDividend' | 'payouts'>>>;
  sixPools: RaceDay['sixPools'];
  unitStake: number;
  /** A single-race tip's pool and places; null for a coupon. */
  bet?: Bet | null;
  /** Declared non-runners per race (staff desk, race-amendments.ts). */
  nonRunners?: Map<string, number[]>;
  /** The programme's runners per race, for the AGF favourite that replaces a non-runner. */
  entries?: Map<string, Pick<Entry, 'number' | 'agf' | 'odds'>[]>;
}

/** Round money to kuruş, so sums of floats do not leave 0.30000000000000004 in the store. */
const money = (n: number) => Math.round(n * 100) / 100;

/**
 * TJK's rule for a multi-leg coupon: a picked horse that does not run is replaced by the leg's AGF
 * favourite (the runner most played in the altılı pool); without AGF figures, the ganyan favourite.
 */
export function agfFavourite(entries: Pick<Entry, 'number' | 'agf' | 'odds'>[], nonRunners: number[]): number | null {
  const runners = entries.filter((e) => !nonRunners.includes(e.number));
  const byAgf = runners.filter((e) => e.agf !== null).sort((a, b) => b.agf! - a.agf! || a.number - b.number)[0];
  if (byAgf) return byAgf.number;
  return runners.filter((e) => e.odds !== null).sort((a, b) => a.odds! - b.odds! || a.number - b.number)[0]?.number ?? null;
}

type Computed = Omit<Settlement, 'resultsHash'> & { resultsHash: string };

/** Pure computation: the settlement of the legs that have selections, or null while a result (or a won line's dividend) is missing. */
export function computeSettlement(input: SettlementInput, settledAt: Date): Computed | null {
  const legsRaces = input.races.filter((r) => r.selectedHorses.length > 0).sort((a, b) => a.raceNumber - b.raceNumber);
  if (legsRaces.length === 0) return null;
  if (input.bet) return computeBet(input, input.bet, legsRaces[0]!, settledAt);
  const legs: SettledLeg[] = [];
  const notes: string[] = [];
  for (const race of legsRaces) {
    const result = input.results.get(race.id);
    if (!result) return null;
    const picked = [...new Set(race.selectedHorses.map((h) => h.number))].sort((a, b) => a - b);
    const scratched = input.nonRunners?.get(race.id) ?? [];
    const substitutions: SettledLeg['substitutions'] = [];
    let counted = picked;
    // Only a coupon of several legs follows the AGF rule; a one-race pick has nothing to carry over.
    if (legsRaces.length > 1 && picked.some((n) => scratched.includes(n))) {
      const favourite = agfFavourite(input.entries?.get(race.id) ?? [], scratched);
      const out = picked.filter((n) => scratched.includes(n));
      counted = picked.filter((n) => !scratched.includes(n));
      if (favourite !== null) {
        if (!counted.includes(favourite)) counted = [...counted, favourite].sort((a, b) => a - b);
        out.forEach((n) => substitutions.push({ out: n, in: favourite }));
        notes.push(`${race.raceNumber}. koşu: ${out.join(', ')} numaralı at koşmadı; TJK kuralı gereği yerine ayağın AGF favorisi ${favourite} numara sayıldı.`);
      }
    }
    const winners = result.finishers.filter((f) => f.position === 1).map((f) => f.number).sort((a, b) => a - b);
    legs.push({ raceId: race.id, raceNumber: race.raceNumber, selected: picked, winners, hit: winners.some((w) => counted.includes(w)), banko: picked.length === 1, substitutions });
  }
  const legsHit = legs.filter((l) => l.hit).length;
  const allHit = legsHit === legs.length;
  const couponSize = legs.reduce((n, l) => n * l.selected.length, 1);
  const numbers = legs.map((l) => l.raceNumber);
  const consecutive = legs.length === 6 && numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  const pool = consecutive ? input.sixPools.find((p) => p.firstRace === numbers[0]) ?? null : null;
  const payout = pool && allHit ? money(pool.payout * input.unitStake) : 0;
  const resultsHash = hashOf({ legs: legs.map((l) => [l.raceId, l.winners, l.substitutions.map((x) => [x.out, x.in])]), pool: pool ? [pool.firstRace, pool.payout] : null, stake: input.unitStake });
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
    void: false,
    refundedLines: 0,
    notes,
  };
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A single-race tip: its lines at the source's dividends, lines with a non-runner refunded. */
function computeBet(input: SettlementInput, bet: Bet, race: SettlementInput['races'][number], settledAt: Date): Computed | null {
  const result = input.results.get(race.id);
  if (!result) return null;
  const scratched = input.nonRunners?.get(race.id) ?? [];
  const outcome = settleBet(bet, { finishers: result.finishers, ganyanDividend: result.ganyanDividend ?? null, payouts: result.payouts ?? [] }, scratched);
  // A line that won without its dividend in the source yet waits for it: a payout is never guessed.
  if (outcome.dividend === null) return null;
  const live = outcome.lines - outcome.refundedLines;
  const hit = outcome.winningLines > 0;
  const selected = betHorses(bet);
  const winners = result.finishers.filter((f) => f.position === 1).map((f) => f.number).sort((a, b) => a - b);
  const notes: string[] = [];
  if (outcome.refundedLines > 0) {
    const out = selected.filter((n) => scratched.includes(n));
    notes.push(
      live === 0
        ? `${race.raceNumber}. koşu: ${out.join(', ')} numaralı at koşmadı; bahsin bütün kombinasyonları iade edildi, bu tahmin kayda girmez.`
        : `${race.raceNumber}. koşu: ${out.join(', ')} numaralı at koşmadı; bu atı içeren ${outcome.refundedLines} kombinasyon iade edildi (maliyete katılmadı).`,
    );
  }
  const payout = money(outcome.dividend * input.unitStake);
  return {
    legs: [{ raceId: race.id, raceNumber: race.raceNumber, selected, winners, hit, banko: selected.length === 1, substitutions: [] }],
    legsTotal: 1,
    legsHit: hit ? 1 : 0,
    bankoLegs: selected.length === 1 ? 1 : 0,
    bankoHits: selected.length === 1 && hit ? 1 : 0,
    allHit: hit,
    couponSize: live,
    unitStake: input.unitStake,
    cost: money(live * input.unitStake),
    payout,
    sixPoolFirstRace: null,
    resultsHash: hashOf({ bet, finish: result.finishers.map((f) => [f.number, f.position]), payout, refunded: outcome.refundedLines, stake: input.unitStake }),
    settledAt,
    void: live === 0,
    refundedLines: outcome.refundedLines,
    notes,
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
    const results = await getResultsIn(tx, ids);
    const sixPools = (await getRaceDayIn(tx, estimate.raceDayId))?.sixPools ?? [];
    const nonRunners = await nonRunnersByRace(tx, ids);
    const entries = new Map<string, Entry[]>();
    for (const race of await getRacesIn(tx, ids)) if (race) entries.set(race.id, race.entries);
    // A pick the programme no longer declares at the lock is no runner of the tip (tip-horses.ts).
    const undeclared = picksUndeclaredAtLock(estimate.races, entries);
    for (const pick of undeclared) nonRunners.set(pick.raceId, [...new Set([...(nonRunners.get(pick.raceId) ?? []), pick.number])]);
    const computed = computeSettlement({ races: estimate.races, results, sixPools, unitStake: deps.config.unitStake, bet: estimate.bet, nonRunners, entries }, deps.now());
    if (!computed) return { outcome: 'waiting' as const, rebuild: false };
    const settlement = undeclared.length ? { ...computed, notes: [...undeclared.map(pickUndeclaredAtLockNote), ...computed.notes] } : computed;
    if (estimate.settlement && estimate.settlement.resultsHash === settlement.resultsHash) return { outcome: 'unchanged' as const, rebuild: false };

    // The article's result follows its estimates: won when any settled estimate hit every leg,
    // lost when all are settled and none did. A settled estimate wins over a hand-set result
    // (docs/records.md). (All reads come before the writes, as Firestore transactions require.)
    const article = await getArticleIn(tx, estimate.articleId);
    const siblings = article
      ? (await tx.query(deps.store.collection('raceEstimates').where('articleId', '==', article.id)))
          .map(parseRaceEstimate)
          .map((e) => (e.id === estimate.id ? { ...e, settlement } : e))
      : [];
    tx.update('raceEstimates', estimate.id, { settlement, updatedAt: deps.now() });
    if (!article) return { outcome: 'settled' as const, rebuild: false };
    const raceResult = settledResult(siblings) ?? article.raceResult;
    if (raceResult !== article.raceResult || (raceResult !== null && article.raceResultSource !== 'settlement')) {
      updateArticleIn(tx, article.id, { raceResult, raceResultSource: raceResult === null ? null : 'settlement', updatedAt: deps.now() });
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
