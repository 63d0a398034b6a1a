import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { foldTurkish, turkishCollator } from '../text/index.js';
import { computeHorseStatistics, type HorseStatistics } from './horse-stats.js';
import { istanbulDate } from '../../platform/time.js';
import { nextDeclaredRace, type RaceRef } from './next-race.js';
import { HORSE_ID, TJK_ID, horseIdFromCode, parseHorse, type Horse } from './race.js';

/** Read side of horses: detail, statistics, pedigree, siblings, search. */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export const HORSE_MESSAGES = {
  invalidId: 'Geçersiz at kimliği.',
  notFound: 'At bulunamadı',
  shortQuery: 'Arama için en az 2 karakter girin.',
} as const;

export type HorseSummary = Pick<Horse, 'id' | 'tjkId' | 'name' | 'age' | 'sex' | 'father' | 'mother' | 'mothersFather' | 'jockey' | 'trainer' | 'owner' | 'lastSix'> & { runs: number; wins: number };

export function toSummary(horse: Horse): HorseSummary {
  return {
    id: horse.id,
    tjkId: horse.tjkId,
    name: horse.name,
    age: horse.age,
    sex: horse.sex,
    father: horse.father,
    mother: horse.mother,
    mothersFather: horse.mothersFather,
    jockey: horse.jockey,
    trainer: horse.trainer,
    owner: horse.owner,
    lastSix: horse.lastSix,
    runs: horse.raceHistory.length,
    wins: horse.raceHistory.filter((r) => r.finishPos === 1).length,
  };
}

export async function loadHorse(deps: Deps, id: string): Promise<Horse> {
  if (!HORSE_ID.test(id)) throw new AppError('BAD_REQUEST', HORSE_MESSAGES.invalidId);
  const doc = await deps.store.get('horses', id);
  if (!doc) throw new AppError('NOT_FOUND', HORSE_MESSAGES.notFound);
  return parseHorse(doc);
}

export function pedigreeOf(horse: Horse) {
  const p = horse.pedigree;
  return {
    self: { name: horse.name, birthYear: horse.birthYear, gender: horse.sex },
    sire: p.sire,
    dam: p.dam,
    paternalGrandsire: p.paternalGrandsire,
    paternalGranddam: p.paternalGranddam,
    maternalGrandsire: p.maternalGrandsire,
    maternalGranddam: p.maternalGranddam,
    generations: 3,
    updatedAt: horse.updatedAt.toISOString(),
    /** A pedigree without sire and dam tells a reader nothing; the page shows its empty text. */
    isValid: Boolean(p.sire.name || p.dam.name),
  };
}

export type HorseDetail = Omit<Horse, 'updatedAt' | 'searchPrefixes' | 'nameKey' | 'damKey' | 'pedigree'> &
  HorseStatistics & {
    displayName: string;
    handicapRating: number | null;
    pedigree: ReturnType<typeof pedigreeOf>;
    updatedAt: string;
    /** Its race today, or its next declared one (issue 53); null when it is declared for none. */
    nextRace: RaceRef | null;
  };

export function toDetail(horse: Horse, nextRace: RaceRef | null = null): HorseDetail {
  const { updatedAt, searchPrefixes: _s, nameKey: _n, damKey: _d, pedigree: _p, ...rest } = horse;
  return {
    ...rest,
    displayName: horse.name.toLocaleUpperCase('tr-TR'),
    // The source feed carries no handicap rating; null rather than an invented figure.
    handicapRating: null,
    ...computeHorseStatistics(horse.raceHistory),
    pedigree: pedigreeOf(horse),
    updatedAt: updatedAt.toISOString(),
    nextRace,
  };
}

export async function getHorse(deps: Deps, id: string): Promise<HorseDetail> {
  const horse = await loadHorse(deps, id);
  return toDetail(horse, await nextDeclaredRace(deps, horse.id, horse.programmeDate));
}

export async function getHorseByTjkId(deps: Deps, tjkId: string): Promise<HorseDetail> {
  if (!TJK_ID.test(tjkId)) throw new AppError('BAD_REQUEST', HORSE_MESSAGES.invalidId);
  return getHorse(deps, horseIdFromCode(tjkId));
}

export async function listHorses(deps: Deps, page: number, limit: number): Promise<{ horses: HorseSummary[]; total: number }> {
  const query = deps.store.collection('horses').orderBy('nameKey', 'asc');
  const [docs, total] = await Promise.all([query.offset((page - 1) * limit).limit(limit).get(), query.count()]);
  return { horses: docs.map(parseHorse).map(toSummary), total };
}

/** Every word of the query must start a word of the name, folded the Turkish way ('sahin' finds 'ŞAHİN'). */
export async function searchHorses(deps: Deps, q: string, limit: number): Promise<HorseSummary[]> {
  const words = foldTurkish(q).split(/[^a-z0-9]+/).filter(Boolean);
  const first = words.sort((a, b) => b.length - a.length)[0];
  if (!first || first.length < 2) throw new AppError('BAD_REQUEST', HORSE_MESSAGES.shortQuery);
  const docs = await deps.store.collection('horses').where('searchPrefixes', 'array-contains', first.slice(0, 40)).orderBy('nameKey', 'asc').limit(200).get();
  return docs
    .map(parseHorse)
    .filter((h) => words.every((w) => h.searchPrefixes.includes(w) || h.nameKey.includes(w)))
    .slice(0, limit)
    .map(toSummary);
}

export async function getSiblings(deps: Deps, id: string): Promise<HorseSummary[]> {
  const horse = await loadHorse(deps, id);
  if (!horse.damKey) return [];
  const docs = await deps.store.collection('horses').where('damKey', '==', horse.damKey).limit(100).get();
  return docs
    .map(parseHorse)
    .filter((h) => h.id !== horse.id)
    .sort((a, b) => (b.birthYear ?? 0) - (a.birthYear ?? 0) || turkishCollator.compare(a.name, b.name))
    .map(toSummary);
}

/**
 * Horses whose page the static build writes: those in a programme of the last 30 days or the next
 * 7 (the horses readers reach from the programme, results and tips). A site a few years old holds
 * tens of thousands of horses; the others are rendered on demand and cached by the CDN
 * (docs/capacity.md, "Horse and jockey pages at scale").
 */
export const PREBUILT_HORSE_DAYS = { past: 30, ahead: 7 } as const;

export async function listPrebuiltHorseIds(deps: Deps): Promise<string[]> {
  const today = Date.parse(`${istanbulDate(deps.now())}T00:00:00Z`);
  const days = Array.from({ length: PREBUILT_HORSE_DAYS.past + PREBUILT_HORSE_DAYS.ahead + 1 }, (_, i) => new Date(today + (i - PREBUILT_HORSE_DAYS.past) * 86_400_000).toISOString().slice(0, 10));
  // One equality query per day: a day's programmes name a few hundred horses at most.
  const perDay = await Promise.all(days.map((day) => deps.store.collection('horses').where('programmeDate', '==', day).get()));
  return perDay.flat().map((doc) => doc.id);
}
