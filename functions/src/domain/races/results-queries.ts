import type { AppDeps } from '../../platform/deps.js';
import { slugify } from '../text/index.js';
import { cachedProgramme, type BuiltProgramme, type CachedProgramme } from './programme-cache.js';
import { parseRace, parseRaceDay, parseResult, type RaceDay, type RaceResult } from './race.js';
import { assertDate, raceStatus, resolveLocation, type RaceStatus } from './race-queries.js';

/** Results as readers see them: the programme's "after the race" side (spec 000 §7.4). */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export type FinisherView = RaceResult['finishers'][number];
export interface RaceResultView {
  ganyanDividend: number | null;
  payouts: RaceResult['payouts'];
  finishers: FinisherView[];
}
export interface ResultRaceView {
  id: string;
  number: number;
  time: string;
  distance: number;
  surface: string;
  category: string | null;
  status: RaceStatus;
  /** Null while the race has no imported result. */
  result: RaceResultView | null;
}
export interface ResultCardView {
  id: string;
  venueId: string;
  hippodrome: string;
  location: string;
  opening: string;
  /** Altılı ganyan pools of the card: first leg, payout per 1 TL, winners per leg. */
  sixPools: RaceDay['sixPools'];
  races: ResultRaceView[];
}
export interface ResultsDay {
  date: string;
  /** Races of the day, and how many of them have a result. */
  raceCount: number;
  finishedCount: number;
  cards: ResultCardView[];
}

export function toResultView(result: RaceResult): RaceResultView {
  return { ganyanDividend: result.ganyanDividend, payouts: result.payouts, finishers: result.finishers };
}

/**
 * The results of a day, card by card, every race listed (those without a result carry `result: null`,
 * so a day still running reads as one). Kept like the programme (programme-cache.ts), dropped by the
 * same importer signal.
 */
export async function cachedResultsForDate(deps: Deps, date: string, location?: string): Promise<CachedProgramme<ResultsDay>> {
  assertDate(date);
  const key = `results|${date}|${location === undefined || location.trim() === '' ? '' : slugify(location)}`;
  return cachedProgramme(deps.store, key, deps.now().getTime(), () => buildResults(deps, date, location));
}

export async function resultsForDate(deps: Deps, date: string, location?: string): Promise<ResultsDay> {
  return (await buildResults(deps, date, location)).data;
}

async function buildResults(deps: Deps, date: string, location?: string): Promise<BuiltProgramme<ResultsDay>> {
  assertDate(date);
  const venueId = await resolveLocation(deps, location);
  let days = deps.store.collection('raceDays').where('date', '==', date);
  let races = deps.store.collection('races').where('date', '==', date);
  let results = deps.store.collection('results').where('date', '==', date);
  if (venueId) {
    days = days.where('venueId', '==', venueId);
    races = races.where('venueId', '==', venueId);
    results = results.where('venueId', '==', venueId);
  }
  const [dayDocs, raceDocs, resultDocs] = await Promise.all([days.get(), races.get(), results.get()]);
  const now = deps.now();
  const resultById = new Map(resultDocs.map((doc) => [doc.id, parseResult(doc)]));
  let validUntil = Number.POSITIVE_INFINITY;
  let finishedCount = 0;
  const byDay = new Map<string, ResultRaceView[]>();
  for (const doc of raceDocs) {
    const race = parseRace(doc);
    const starts = race.startsAt.getTime();
    if (!race.hasResult && starts > now.getTime() && starts < validUntil) validUntil = starts;
    const result = resultById.get(race.id);
    if (result) finishedCount += 1;
    const view: ResultRaceView = {
      id: race.id,
      number: race.number,
      time: race.time,
      distance: race.distance,
      surface: race.surface,
      category: race.category,
      status: raceStatus(race, now),
      result: result ? toResultView(result) : null,
    };
    if (!byDay.has(race.raceDayId)) byDay.set(race.raceDayId, []);
    byDay.get(race.raceDayId)!.push(view);
  }
  const cards = dayDocs
    .map(parseRaceDay)
    .map((day) => ({
      id: day.id,
      venueId: day.venueId,
      hippodrome: day.hippodrome,
      location: day.location,
      opening: day.opening,
      sixPools: day.sixPools,
      races: (byDay.get(day.id) ?? []).sort((a, b) => a.number - b.number),
    }))
    .sort((a, b) => a.opening.localeCompare(b.opening) || a.hippodrome.localeCompare(b.hippodrome, 'tr'));
  const data: ResultsDay = { date, raceCount: raceDocs.length, finishedCount, cards };
  return { data, json: JSON.stringify(data), validUntil };
}
