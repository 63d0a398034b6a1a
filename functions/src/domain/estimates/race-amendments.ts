import { z } from 'zod';
import type { Transaction } from '../../ports/document-store.js';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../audit/index.js';
import { recordJockeyRides } from '../jockeys/index.js';
import { recordTrainerRuns } from '../trainers/index.js';
import { getRaceIn, getResultIn, invalidateRaceReads, RACE_ID, setResultFinishersIn, writeResultIn, type Finisher, type Race, type RaceResult } from '../races/index.js';
import { settleEstimatesForRaces, type SettleOutcome } from './settlement.js';
import { parseRaceAmendment, type RaceAmendment } from './race-amendment.js';

export { nonRunnersByRace, parseRaceAmendment, raceAmendmentSchema, type RaceAmendment } from './race-amendment.js';

/**
 * What staff change about a race by hand on the race-day desk (issue 49): the result (entered when
 * the source is late, or corrected after a stewards' inquiry, with disqualifications) and the
 * non-runners. Each change is one transaction with its audit entry; every tip on the race then
 * re-settles (idempotent: the same change twice settles once and writes one audit entry).
 *
 * Non-runners live in `raceAmendments` (one document per race), not in the imported race, so a
 * later programme import cannot silently drop what staff declared.
 */


export const AMENDMENT_MESSAGES = {
  raceNotFound: 'Koşu bulunamadı.',
  reason: 'Lütfen değişikliğin sebebini yazın (en az 3 karakter).',
  needOrder: 'Sonuç için en az birinci gelen atı yazın.',
  notInRace: (n: number, race: number) => `${race}. koşuda ${n} numaralı at yok.`,
  twice: (n: number) => `${n} numaralı at sonuçta iki kez yazılmış.`,
  nonRunnerPlaced: (n: number) => `${n} numaralı at koşmadı olarak işaretli; sonuca yazılamaz. Önce koşmayan atlardan çıkarın.`,
  nonRunnerHasResult: (n: number) => `${n} numaralı at sonuçta derece almış; koşmadı olarak işaretlemek için önce sonucu düzeltin.`,
  notStarted: 'Koşu henüz başlamadı: sonuç, koşunun başlama saatinden sonra girilebilir.',
  resultSaved: 'Sonuç kaydedildi; bu koşudaki tahminler yeniden sonuçlandırıldı.',
  resultUnchanged: 'Sonuç zaten böyle kayıtlı; değişiklik yapılmadı.',
  nonRunnersSaved: 'Koşmayan atlar kaydedildi; bu koşudaki tahminler yeniden sonuçlandırıldı.',
  nonRunnersUnchanged: 'Koşmayan atlar zaten böyle kayıtlı; değişiklik yapılmadı.',
} as const;

const horseNumber = z.number('At numarası gerekli').int('At numarası tam sayı olmalıdır.').min(1, 'At numarası 1 ile 30 arasında olmalıdır.').max(30, 'At numarası 1 ile 30 arasında olmalıdır.');
const reason = z.string(AMENDMENT_MESSAGES.reason).trim().min(3, AMENDMENT_MESSAGES.reason).max(500, 'Sebep en fazla 500 karakter olabilir.');

/** PUT /api/admin/races/{raceId}/result */
export const manualResultSchema = z.strictObject({
  /** Horse numbers in official finishing order (after any disqualification). */
  order: z.array(horseNumber, AMENDMENT_MESSAGES.needOrder).min(1, AMENDMENT_MESSAGES.needOrder).max(30),
  /** Horses disqualified by the stewards: no place. */
  disqualified: z.array(horseNumber).max(30).default([]),
  ganyanDividend: z.number('Ganyan ikramiyesi sayı olmalıdır.').min(1, 'Ganyan ikramiyesi en az 1,00 TL olmalıdır.').max(99_999).nullable().optional(),
  payouts: z
    .array(
      z.strictObject({
        kind: z.string('Bahis türü gerekli').trim().min(1, 'Bahis türü gerekli').max(40),
        combination: z.string('Kazanan kombinasyon gerekli').trim().regex(/^\d{1,2}([-/]\d{1,2}){0,5}$/, "Kazanan kombinasyon '3-7' biçiminde olmalıdır."),
        payout: z.number('İkramiye sayı olmalıdır.').min(0).max(1_000_000_000),
      }),
    )
    .max(20)
    .optional(),
  reason,
});
export type ManualResultInput = z.output<typeof manualResultSchema>;

/** PUT /api/admin/races/{raceId}/non-runners: the whole list (empty clears it). */
export const nonRunnersSchema = z.strictObject({ numbers: z.array(horseNumber).max(30), reason });
export type NonRunnersInput = z.output<typeof nonRunnersSchema>;

type Deps = AppDeps;

async function txRace(tx: Transaction, raceId: string): Promise<Race> {
  const race = RACE_ID.test(raceId) ? await getRaceIn(tx, raceId) : null;
  if (!race) throw new AppError('NOT_FOUND', AMENDMENT_MESSAGES.raceNotFound);
  return race;
}

function emptyAmendment(race: Race, now: Date): RaceAmendment {
  return { id: race.id, raceId: race.id, raceDayId: race.raceDayId, date: race.date, nonRunners: [], disqualified: [], resultBy: null, updatedAt: now };
}

export interface AmendOutcome {
  changed: boolean;
  settlements: Record<string, SettleOutcome>;
}

const sorted = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

/** Enters or corrects a race's result by hand (with disqualifications), then re-settles the race's tips. */
export async function setManualResult(deps: Deps, actor: Actor, raceId: string, input: ManualResultInput): Promise<AmendOutcome> {
  const now = deps.now();
  const written = await deps.store.runTransaction(async (tx) => {
    const race = await txRace(tx, raceId);
    if (now.getTime() < race.startsAt.getTime()) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.notStarted);
    const before = await getResultIn(tx, race.id);
    const amendRaw = await tx.get('raceAmendments', race.id);
    const amendment = amendRaw ? parseRaceAmendment(amendRaw) : emptyAmendment(race, now);
    const seen = new Set<number>();
    for (const n of [...input.order, ...input.disqualified]) {
      if (!race.entries.some((e) => e.number === n)) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.notInRace(n, race.number));
      if (seen.has(n)) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.twice(n));
      if (amendment.nonRunners.includes(n)) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.nonRunnerPlaced(n));
      seen.add(n);
    }
    const ganyanDividend = input.ganyanDividend === undefined ? (before?.ganyanDividend ?? null) : input.ganyanDividend;
    // Runners the order does not name finished without a place (düştü, derecesiz); non-runners are not in a result.
    const finishers: Finisher[] = race.entries
      .filter((e) => !amendment.nonRunners.includes(e.number))
      .map((entry) => {
        const old = before?.finishers.find((f) => f.number === entry.number);
        const place = input.order.indexOf(entry.number);
        return {
          position: place >= 0 ? place + 1 : null,
          number: entry.number,
          horseId: entry.horseId,
          name: entry.name,
          jockey: old?.jockey ?? entry.jockey,
          time: old?.time ?? null,
          // The winner's ganyan is the dividend (what a ganyan tip is paid at); the others keep their odds.
          odds: place === 0 && ganyanDividend !== null ? ganyanDividend : (old?.odds ?? entry.odds),
          earnings: place >= 0 ? (old?.earnings ?? 0) : 0,
          margin: place >= 0 ? (old?.margin ?? null) : null,
        };
      })
      .sort((a, b) => (a.position ?? 99) - (b.position ?? 99) || a.number - b.number);
    const { id, raceDayId, date, venueId, number } = race;
    const result: RaceResult = {
      ...{ id, raceId: id, raceDayId, date, venueId, number },
      ganyanDividend,
      payouts: input.payouts ? input.payouts.map((p) => ({ legs: null, ...p })) : (before?.payouts ?? []),
      finishers,
      updatedAt: now,
    };
    const disqualified = sorted(input.disqualified);
    const sameResult =
      before !== null &&
      JSON.stringify(before.finishers.map((f) => [f.number, f.position])) === JSON.stringify(finishers.map((f) => [f.number, f.position])) &&
      before.ganyanDividend === result.ganyanDividend &&
      JSON.stringify(before.payouts) === JSON.stringify(result.payouts) &&
      JSON.stringify(amendment.disqualified) === JSON.stringify(disqualified);
    if (sameResult) return { changed: false, race, result: before };
    writeResultIn(tx, result, now);
    tx.set('raceAmendments', race.id, { ...amendment, disqualified, resultBy: actor.user.id, updatedAt: now });
    const summary = (r: RaceResult | null, dq: number[]) =>
      r ? { order: r.finishers.filter((f) => f.position !== null).map((f) => f.number), disqualified: dq, ganyanDividend: r.ganyanDividend, payouts: r.payouts.length } : null;
    writeAudit(tx, deps.store.newId(), {
      action: before ? 'race.result.correct' : 'race.result.enter',
      by: actor.user,
      entity: { collection: 'results', id: race.id },
      before: summary(before, amendment.disqualified),
      after: summary(result, disqualified),
      notes: input.reason,
      at: now,
    });
    return { changed: true, race, result };
  });
  if (written.changed) {
    invalidateRaceReads(deps.store);
    try {
      await recordJockeyRides(deps, [{ race: written.race, result: written.result }]);
      await recordTrainerRuns(deps, [{ race: written.race, result: written.result }]);
    } catch (error) {
      deps.log.error('jockey and trainer records after a manual result failed', { raceId, error: String(error) });
    }
    deps.requestRebuild(`race result by staff: ${raceId}`);
  }
  return { changed: written.changed, settlements: await settleEstimatesForRaces(deps, [raceId]) };
}

/** Declares a race's non-runners (the whole list); tips on the race re-settle when it has a result. */
export async function setNonRunners(deps: Deps, actor: Actor, raceId: string, input: NonRunnersInput): Promise<AmendOutcome> {
  const now = deps.now();
  const numbers = sorted(input.numbers);
  const changed = await deps.store.runTransaction(async (tx) => {
    const race = await txRace(tx, raceId);
    const amendRaw = await tx.get('raceAmendments', race.id);
    const amendment = amendRaw ? parseRaceAmendment(amendRaw) : emptyAmendment(race, now);
    const result = await getResultIn(tx, race.id);
    for (const n of numbers) {
      if (!race.entries.some((e) => e.number === n)) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.notInRace(n, race.number));
      if (result?.finishers.some((f) => f.number === n && f.position !== null)) throw new AppError('VALIDATION', AMENDMENT_MESSAGES.nonRunnerHasResult(n));
    }
    if (JSON.stringify(amendment.nonRunners) === JSON.stringify(numbers)) return false;
    tx.set('raceAmendments', race.id, { ...amendment, nonRunners: numbers, updatedAt: now });
    // A non-runner has no line in the result: one listed without a place is taken out of it.
    if (result) setResultFinishersIn(tx, race.id, result.finishers.filter((f) => !numbers.includes(f.number)), now);
    writeAudit(tx, deps.store.newId(), {
      action: 'race.nonRunners.set',
      by: actor.user,
      entity: { collection: 'raceAmendments', id: race.id },
      before: { nonRunners: amendment.nonRunners },
      after: { nonRunners: numbers },
      notes: input.reason,
      at: now,
    });
    return true;
  });
  if (changed) {
    invalidateRaceReads(deps.store);
    deps.requestRebuild(`non-runners by staff: ${raceId}`);
  }
  return { changed, settlements: await settleEstimatesForRaces(deps, [raceId]) };
}
