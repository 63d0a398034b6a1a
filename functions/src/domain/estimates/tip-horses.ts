import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { ArticleRecord } from '../articles/index.js';
import { getRacesById, racesOn, type Entry, type Race } from '../races/index.js';
import { foldTurkish } from '../text/index.js';
import type { EstimateRace, RaceEstimate } from './estimate.js';

/**
 * Issue 49's rule: a tip is about the races of its estimates, so its text (title, subtitle,
 * excerpt, body) may name only horses declared in those races. A horse running elsewhere that day
 * is the classic slip (a tip on race 1 praising race 3's favourite); it is refused on every save.
 */

export const tipNamesUndeclaredMessage = (names: string[], races: number[]) =>
  `Tahmin metni, tahmin edilen ${races.join(', ')}. koşuda yazılı olmayan ${names.length > 1 ? 'atları' : 'atı'} anıyor: ${names.join(', ')}. Metinde yalnızca bu koşularda yazılı atların adı geçebilir.`;

const words = (text: string) => ` ${foldTurkish(text.replace(/<[^>]+>/g, ' ')).replace(/[^a-z0-9]+/g, ' ')} `;

type TipText = Pick<ArticleRecord, 'title' | 'subtitle' | 'excerpt' | 'content'>;
type Covered = Pick<RaceEstimate, 'races'>;

/** Names of horses running on the day (`dayRaces`) that the text mentions but the tip's races do not declare. */
export function undeclaredHorses(text: TipText, estimates: Covered[], dayRaces: Pick<Race, 'id' | 'entries'>[]): string[] {
  const covered = new Set(estimates.flatMap((e) => e.races.map((r) => r.id)));
  const declared = new Set(dayRaces.filter((r) => covered.has(r.id)).flatMap((r) => r.entries.map((e) => foldTurkish(e.name).trim())));
  const haystack = words([text.title, text.subtitle ?? '', text.excerpt, text.content].join(' '));
  const found = new Set<string>();
  for (const race of dayRaces) {
    if (covered.has(race.id)) continue;
    for (const entry of race.entries) {
      const folded = foldTurkish(entry.name).replace(/[^a-z0-9]+/g, ' ').trim();
      if (folded && !declared.has(foldTurkish(entry.name).trim()) && haystack.includes(` ${folded} `)) found.add(entry.name);
    }
  }
  return [...found].sort((a, b) => a.localeCompare(b, 'tr'));
}

/** Every race run on the days the estimates cover (all hippodromes): the horses a tip could confuse. */
async function racesOfDays(deps: Pick<AppDeps, 'store'>, estimates: Pick<RaceEstimate, 'raceData'>[]): Promise<Race[]> {
  const dates = [...new Set(estimates.map((e) => e.raceData.date))];
  return (await Promise.all(dates.map((date) => racesOn(deps, date)))).flat();
}

/** Refuses (400) a tip whose text names a horse that is not declared in its races. */
export async function assertTipNamesDeclared(deps: Pick<AppDeps, 'store'>, text: TipText, estimates: (Covered & Pick<RaceEstimate, 'raceData'>)[]): Promise<void> {
  if (estimates.length === 0) return;
  const names = undeclaredHorses(text, estimates, await racesOfDays(deps, estimates));
  if (names.length === 0) return;
  const numbers = [...new Set(estimates.flatMap((e) => e.races.map((r) => r.raceNumber)))].sort((a, b) => a - b);
  throw new AppError('VALIDATION', tipNamesUndeclaredMessage(names, numbers));
}

/** The estimates with each race's declared runners attached, for the teaser check of single-race tips. */
export async function withRunners<E extends Pick<RaceEstimate, 'races'>>(deps: Pick<AppDeps, 'store'>, estimates: E[]): Promise<E[]> {
  const ids = [...new Set(estimates.filter((e) => e.races.length === 1).map((e) => e.races[0]!.id))];
  if (ids.length === 0) return estimates;
  const races = await getRacesById(deps, ids);
  return estimates.map((e) => (e.races.length === 1 ? { ...e, races: e.races.map((r) => ({ ...r, runners: races.get(r.id)?.entries ?? [] })) } : e));
}

/**
 * The same rule at the lock. A pick is saved as a declared runner (number, name, horse id); if the
 * programme changes before the race starts (a corrected import drops the horse, or gives its number
 * to another horse, or moves it to another race), the tip would lock naming a horse that is not
 * declared in its race, and settling by number would credit whatever horse now carries it. Such a
 * pick is refused at the lock: it is no runner of the tip. It counts as a horse that did not run,
 * so TJK's rules apply as to a scratching (an altılı leg takes the AGF favourite, a single-race line
 * is refunded), the tip stays in the record, and the settlement says why. A horse scratched after
 * the save (KOŞMAZ) is still declared: the same entry, marked non-runner.
 */
export interface UndeclaredPick {
  raceId: string;
  raceNumber: number;
  number: number;
  name: string;
}

export const pickUndeclaredAtLockNote = (pick: UndeclaredPick) =>
  `${pick.raceNumber}. koşu: ${pick.number} numaralı ${pick.name} kilit anında bu koşuda yazılı değildi (program değişti); tahmine koşmayan at olarak sayıldı.`;

/** The picks of `races` that the programme (`entries` per race id) no longer declares under their number. */
export function picksUndeclaredAtLock(races: Pick<EstimateRace, 'id' | 'raceNumber' | 'selectedHorses'>[], entries: Map<string, Pick<Entry, 'number' | 'horseId'>[]>): UndeclaredPick[] {
  return races.flatMap((race) => {
    const declared = entries.get(race.id);
    // Without the race's programme there is nothing to compare with: the save already checked it.
    if (!declared) return [];
    return race.selectedHorses
      .filter((h) => !declared.some((e) => e.number === h.number && e.horseId === h.horseId))
      .map((h) => ({ raceId: race.id, raceNumber: race.raceNumber, number: h.number, name: h.name }));
  });
}
