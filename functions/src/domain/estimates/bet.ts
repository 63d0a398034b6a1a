import { z } from 'zod';
import type { Entry, RaceResult } from '../races/index.js';
import { foldTurkish } from '../text/index.js';
import { BET_KINDS, BET_LABELS, BET_PLACES, type BetKind } from './bet-text.js';

/**
 * The structured pick of a single-race tip (issue 49): which TJK pool it plays and the runners per
 * place. A bet is settled from the race's result at the source's dividends (`ganyanDividend`, the
 * finisher's ganyan, `payouts` = BAHISLER), one unit stake per line:
 * - ganyan: each runner is a line; it pays when the runner wins.
 * - plase: each runner is a line; it pays when the runner finishes first or second.
 * - ikili: the runners form a box; each pair is a line; it pays when the first two are the pair, in either order.
 * - sıralı ikili: runners for first and for second; a line per (first, second) pair of two runners.
 * - üçlü: runners for first, second and third; a line per ordered triple of three runners.
 * A line naming a non-runner is refunded (TJK): it costs nothing and pays nothing.
 */

export { BET_KINDS, BET_LABELS, BET_PLACES, betText, type BetKind } from './bet-text.js';

/** The fewest runners the one list of a kind needs (an ikili box needs two). */
const MIN_RUNNERS: Record<BetKind, number> = { ganyan: 1, plase: 1, ikili: 2, 'sirali-ikili': 1, uclu: 1 };

export const BET_MESSAGES = {
  kind: 'Bahis türü ganyan, plase, ikili, sıralı ikili veya üçlü olmalıdır.',
  places: (kind: BetKind, n: number) => `${BET_LABELS[kind]} için ${n === 1 ? 'bir at listesi' : `${n} sıra için ayrı at listeleri`} gerekir.`,
  emptyPlace: (place: number) => `${place}. sıra için en az bir at seçin.`,
  boxTooSmall: 'İkili için en az iki at seçin.',
  noLine: 'Bu seçimlerle oynanabilecek bir kombinasyon yok: her sırada farklı atlar olmalıdır.',
  oneRace: 'Tek koşu bahsi (ganyan, plase, ikili…) yalnızca bir koşu için verilebilir.',
  horseNotInRace: (n: number, race: number) => `${race}. koşuda ${n} numaralı at yok.`,
  duplicate: (n: number, place: number) => `${place}. sırada ${n} numaralı at iki kez seçilmiş.`,
} as const;

export const betSchema = z.object({
  kind: z.enum(BET_KINDS),
  /** Horse numbers per place, each list sorted: [[…]] for ganyan/plase/ikili, [[1st…],[2nd…]] for sıralı ikili. */
  places: z.array(z.array(z.number().int())),
});
export type Bet = z.infer<typeof betSchema>;

/**
 * The bet as stored: Firestore keeps no array inside an array, so each place is a map holding its
 * runners. Reads give the domain's `Bet`; writes go through `toStoredBet`.
 */
export const storedBetSchema = z
  .object({ kind: z.enum(BET_KINDS), places: z.array(z.object({ runners: z.array(z.number().int()) })) })
  .transform((stored): Bet => ({ kind: stored.kind, places: stored.places.map((place) => place.runners) }));
export type StoredBet = z.input<typeof storedBetSchema>;
export const toStoredBet = (bet: Bet): StoredBet => ({ kind: bet.kind, places: bet.places.map((runners) => ({ runners })) });

/** The request's bet (the staff tool's "Bahis" fields). */
export const betInputSchema = z.strictObject({
  kind: z.enum(BET_KINDS, BET_MESSAGES.kind),
  places: z.array(z.array(z.number('At numarası gerekli').int().min(1).max(30)).max(30)).min(1).max(3),
});
export type BetInput = z.output<typeof betInputSchema>;

/** Checks a requested bet against the race's runners; returns the stored bet (sorted lists). */
export function normalizeBet(input: BetInput, race: { number: number; entries: Pick<Entry, 'number'>[] }): Bet {
  const places = BET_PLACES[input.kind];
  if (input.places.length !== places) throw new Error(BET_MESSAGES.places(input.kind, places));
  const sorted = input.places.map((list, i) => {
    if (list.length === 0) throw new Error(BET_MESSAGES.emptyPlace(i + 1));
    for (const n of list) {
      if (list.indexOf(n) !== list.lastIndexOf(n)) throw new Error(BET_MESSAGES.duplicate(n, i + 1));
      if (!race.entries.some((e) => e.number === n)) throw new Error(BET_MESSAGES.horseNotInRace(n, race.number));
    }
    return [...list].sort((a, b) => a - b);
  });
  if (sorted[0]!.length < MIN_RUNNERS[input.kind]) throw new Error(BET_MESSAGES.boxTooSmall);
  const bet = { kind: input.kind, places: sorted };
  if (betLines(bet).length === 0) throw new Error(BET_MESSAGES.noLine);
  return bet;
}

/** Every horse the bet names, once, sorted: the estimate's `selectedHorses` of its one race. */
export const betHorses = (bet: Bet): number[] => [...new Set(bet.places.flat())].sort((a, b) => a - b);

/** The lines (combinations) of a bet; a line is the horse numbers in place order (a box pair sorted). */
export function betLines(bet: Bet): number[][] {
  const [a = [], b = [], c = []] = bet.places;
  switch (bet.kind) {
    case 'ganyan':
    case 'plase':
      return a.map((n) => [n]);
    case 'ikili':
      return a.flatMap((x, i) => a.slice(i + 1).map((y) => [x, y]));
    case 'sirali-ikili':
      return a.flatMap((x) => b.filter((y) => y !== x).map((y) => [x, y]));
    case 'uclu':
      return a.flatMap((x) => b.filter((y) => y !== x).flatMap((y) => c.filter((z) => z !== x && z !== y).map((z) => [x, y, z])));
  }
}

/** A pool's name as the source writes it ('SIRALI İKİLİ', 'Sıralı İkili Bahis') folded to one key. */
function poolKey(kind: string): string {
  return foldTurkish(kind).replace(/bahis|bahsi/g, '').replace(/[^a-z0-9]/g, '');
}
const POOL_KEYS: Record<BetKind, string[]> = { ganyan: ['ganyan'], plase: ['plase'], ikili: ['ikili'], 'sirali-ikili': ['siraliikili'], uclu: ['uclu', 'siraliuclu'] };
const numbersOf = (combination: string) => combination.split(/[^0-9]+/).filter(Boolean).map(Number);

export interface BetOutcome {
  lines: number;
  refundedLines: number;
  winningLines: number;
  /** Total dividend of the winning lines per 1 TL, or null when a line won but the source gave no dividend for it yet. */
  dividend: number | null;
}

/**
 * Settles a bet on a result. Places come from the finishing order (a dead heat for first place
 * counts every horse sharing it as a winner); dividends from the source, never estimated.
 */
export function settleBet(bet: Bet, result: Pick<RaceResult, 'finishers' | 'ganyanDividend' | 'payouts'>, nonRunners: number[]): BetOutcome {
  const ranked = result.finishers.filter((f) => f.position !== null).sort((x, y) => x.position! - y.position!);
  const firsts = ranked.filter((f) => f.position === 1).map((f) => f.number);
  const order = ranked.map((f) => f.number);
  const all = betLines(bet);
  const live = all.filter((line) => !line.some((n) => nonRunners.includes(n)));
  const won = live.filter((line) => {
    switch (bet.kind) {
      case 'ganyan':
        return firsts.includes(line[0]!);
      case 'plase':
        return order.slice(0, Math.max(2, firsts.length)).includes(line[0]!);
      case 'ikili':
        return line.every((n) => order.slice(0, 2).includes(n));
      case 'sirali-ikili':
        return line[0] === order[0] && line[1] === order[1];
      case 'uclu':
        return line.every((n, i) => order[i] === n);
    }
  });
  let dividend: number | null = 0;
  for (const line of won) {
    const paid = lineDividend(bet.kind, line, result);
    if (paid === null) {
      dividend = null;
      break;
    }
    dividend += paid;
  }
  return { lines: all.length, refundedLines: all.length - live.length, winningLines: won.length, dividend };
}

function lineDividend(kind: BetKind, line: number[], result: Pick<RaceResult, 'finishers' | 'ganyanDividend' | 'payouts'>): number | null {
  const sameLine = (combination: string) => {
    const numbers = numbersOf(combination);
    if (kind === 'ikili') return numbers.length === 2 && line.every((n) => numbers.includes(n));
    return numbers.length === line.length && numbers.every((n, i) => n === line[i]);
  };
  const paid = result.payouts.find((p) => POOL_KEYS[kind].includes(poolKey(p.kind)) && sameLine(p.combination));
  if (paid) return paid.payout;
  if (kind === 'ganyan') {
    // The finisher's own ganyan first: on a dead heat each winner pays its own dividend.
    const own = result.finishers.find((f) => f.number === line[0] && f.position === 1)?.odds ?? null;
    return own ?? result.ganyanDividend;
  }
  return null;
}
