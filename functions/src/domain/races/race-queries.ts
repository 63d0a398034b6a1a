import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { slugify, sortTurkish } from '../text/index.js';
import { cachedProgramme, type BuiltProgramme, type CachedProgramme } from './programme-cache.js';
import { todayInIstanbul } from '../../platform/time.js';
import { ISO_DATE, RACE_ID, parseRace, parseRaceDay, parseResult, parseVenue, type Entry, type Race, type RaceDay, type RaceResult, type Venue } from './race.js';

/** Read side of the race programme: what the public pages and the staff estimate tool ask for. */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export const RACE_MESSAGES = {
  invalidDate: 'Geçersiz tarih. Tarih YYYY-AA-GG biçiminde olmalıdır.',
  invalidRaceId: 'Geçersiz koşu kimliği.',
  raceNotFound: 'Koşu bulunamadı.',
  venueNotFound: 'Hipodrom bulunamadı.',
} as const;

/**
 * An entry as the programme shows it. The horse's TJK code and colour stay on the horse
 * (GET /horses/{id}): no programme table or estimate tool shows them, and at 300 entries a day
 * every field is paid for on each read. Sex stays: the card shows it beside the age, as TJK's does.
 */
export type EntryView = Omit<Entry, 'tjkId' | 'color'>;
export type RaceView = Omit<Race, 'updatedAt' | 'startsAt' | 'entries'> & { startsAt: string; status: RaceStatus; entries: EntryView[] };
/** The altılı pools and race id list of a card are for settlement and the importer, not for readers. */
export type CardView = Omit<RaceDay, 'updatedAt' | 'sixPools' | 'raceIds'> & { races: RaceView[] };
/** A venue of `GET /races/locations`. */
export type VenueView = Omit<Venue, 'updatedAt'>;
export interface Programme {
  date: string;
  cards: CardView[];
}
export type RaceStatus = 'Beklemede' | 'Sonuç bekleniyor' | 'Tamamlandı';

export function raceStatus(race: Pick<Race, 'hasResult' | 'startsAt'>, now: Date): RaceStatus {
  if (race.hasResult) return 'Tamamlandı';
  return now.getTime() < race.startsAt.getTime() ? 'Beklemede' : 'Sonuç bekleniyor';
}

export function toEntryView(entry: Entry): EntryView {
  const { tjkId: _t, color: _c, ...rest } = entry;
  return rest;
}

export function toRaceView(race: Race, now: Date): RaceView {
  const { updatedAt: _u, startsAt, entries, ...rest } = race;
  return { ...rest, startsAt: startsAt.toISOString(), status: raceStatus(race, now), entries: entries.map(toEntryView) };
}

export function assertDate(date: string): string {
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new AppError('BAD_REQUEST', RACE_MESSAGES.invalidDate);
  }
  return date;
}

export function assertRaceId(id: string): string {
  if (!RACE_ID.test(id)) throw new AppError('BAD_REQUEST', RACE_MESSAGES.invalidRaceId);
  return id;
}

export async function listLocations(deps: Deps): Promise<VenueView[]> {
  const venues = (await deps.store.collection('venues').get()).map(parseVenue);
  return sortTurkish(venues, (v) => v.city).map(({ updatedAt: _u, ...v }) => v);
}

/** A location filter is a venue id or a city name in any case or spelling ('İzmir', 'izmir', 'IZMIR'). */
export async function resolveLocation(deps: Deps, location: string | undefined): Promise<string | undefined> {
  if (location === undefined || location.trim() === '') return undefined;
  const venueId = slugify(location);
  const venue = venueId ? await deps.store.get('venues', venueId) : null;
  if (!venue) throw new AppError('NOT_FOUND', RACE_MESSAGES.venueNotFound);
  return venueId;
}

/** Every card of a day with its races and entries, ordered by opening time then hippodrome. Straight from the store. */
export async function programmeForDate(deps: Deps, date: string, location?: string): Promise<Programme> {
  return (await buildProgramme(deps, date, location)).data;
}

/**
 * The same answer as `programmeForDate`, kept for a few seconds (programme-cache.ts says when it
 * is thrown away), with its JSON: the API sends that text as it is.
 */
export async function cachedProgrammeForDate(deps: Deps, date: string, location?: string): Promise<CachedProgramme<Programme>> {
  assertDate(date);
  const key = `${date}|${location === undefined || location.trim() === '' ? '' : slugify(location)}`;
  return cachedProgramme(deps.store, key, deps.now().getTime(), () => buildProgramme(deps, date, location));
}

async function buildProgramme(deps: Deps, date: string, location?: string): Promise<BuiltProgramme<Programme>> {
  assertDate(date);
  const venueId = await resolveLocation(deps, location);
  let dayQuery = deps.store.collection('raceDays').where('date', '==', date);
  let raceQuery = deps.store.collection('races').where('date', '==', date);
  if (venueId) {
    dayQuery = dayQuery.where('venueId', '==', venueId);
    raceQuery = raceQuery.where('venueId', '==', venueId);
  }
  const [days, races] = await Promise.all([dayQuery.get(), raceQuery.get()]);
  const now = deps.now();
  let validUntil = Number.POSITIVE_INFINITY;
  const byDay = new Map<string, RaceView[]>();
  for (const doc of races) {
    const race = parseRace(doc);
    const starts = race.startsAt.getTime();
    if (!race.hasResult && starts > now.getTime() && starts < validUntil) validUntil = starts;
    if (!byDay.has(race.raceDayId)) byDay.set(race.raceDayId, []);
    byDay.get(race.raceDayId)!.push(toRaceView(race, now));
  }
  const cards = days
    .map(parseRaceDay)
    .map(({ updatedAt: _u, sixPools: _p, raceIds: _r, ...day }) => ({ ...day, races: (byDay.get(day.id) ?? []).sort((a, b) => a.number - b.number) }))
    .sort((a, b) => a.opening.localeCompare(b.opening) || a.hippodrome.localeCompare(b.hippodrome, 'tr'));
  const data = { date, cards };
  return { data, json: JSON.stringify(data), validUntil };
}

// Kept here for the programme page, which takes it from this file.
export { todayInIstanbul };

export async function getRace(deps: Deps, id: string): Promise<RaceView & { card: Omit<RaceDay, 'updatedAt' | 'raceIds'> | null }> {
  assertRaceId(id);
  const doc = await deps.store.get('races', id);
  if (!doc) throw new AppError('NOT_FOUND', RACE_MESSAGES.raceNotFound);
  const race = parseRace(doc);
  const dayDoc = await deps.store.get('raceDays', race.raceDayId);
  const card = dayDoc ? (({ updatedAt: _u, raceIds: _r, ...rest }) => rest)(parseRaceDay(dayDoc)) : null;
  return { ...toRaceView(race, deps.now()), card };
}

export async function getRaceResults(
  deps: Deps,
  id: string,
): Promise<{ raceId: string; status: RaceStatus; available: boolean; ganyanDividend: number | null; payouts: RaceResult['payouts']; finishers: RaceResult['finishers'] }> {
  return (await loadRaceWithResult(deps, id)).results;
}

async function loadRaceWithResult(deps: Deps, id: string) {
  assertRaceId(id);
  const [raceDoc, resultDoc] = await Promise.all([deps.store.get('races', id), deps.store.get('results', id)]);
  if (!raceDoc) throw new AppError('NOT_FOUND', RACE_MESSAGES.raceNotFound);
  const race = parseRace(raceDoc);
  const result = resultDoc ? parseResult(resultDoc) : null;
  return { race, results: { raceId: id, status: raceStatus(race, deps.now()), available: Boolean(result), ganyanDividend: result?.ganyanDividend ?? null, payouts: result?.payouts ?? [], finishers: result?.finishers ?? [] } };
}

/** Live state as our data knows it: no running commentary feed exists, so this is the status and time to post. */
export async function getLiveRace(deps: Deps, id: string) {
  const { race, results } = await loadRaceWithResult(deps, id);
  const now = deps.now();
  return {
    raceId: id,
    status: results.status,
    startsAt: race.startsAt.toISOString(),
    minutesToStart: Math.max(0, Math.ceil((race.startsAt.getTime() - now.getTime()) / 60_000)),
    winner: results.finishers.find((f) => f.position === 1) ?? null,
    updatedAt: race.updatedAt.toISOString(),
    checkedAt: now.toISOString(),
  };
}

/** Races not yet run, soonest first. */
export async function upcomingRaces(deps: Deps, limit: number): Promise<RaceView[]> {
  const now = deps.now();
  const docs = await deps.store.collection('races').where('startsAt', '>=', now).orderBy('startsAt', 'asc').limit(limit).get();
  return docs.map(parseRace).map((r) => toRaceView(r, now));
}

export async function listRaces(deps: Deps, input: { page: number; limit: number; date?: string; location?: string }): Promise<{ races: RaceView[]; total: number }> {
  const now = deps.now();
  if (input.date) {
    const { cards } = (await cachedProgrammeForDate(deps, input.date, input.location)).data;
    const all = cards.flatMap((c) => c.races);
    return { races: all.slice((input.page - 1) * input.limit, input.page * input.limit), total: all.length };
  }
  const venueId = await resolveLocation(deps, input.location);
  let query = deps.store.collection('races');
  if (venueId) query = query.where('venueId', '==', venueId);
  query = query.orderBy('startsAt', 'desc');
  const [docs, total] = await Promise.all([query.offset((input.page - 1) * input.limit).limit(input.limit).get(), query.count()]);
  return { races: docs.map(parseRace).map((r) => toRaceView(r, now)), total };
}

/**
 * What a built programme page compares with the store (issue 53): the day's cards and races, which
 * have a result, and when each was last written. Unchanged while nothing is imported, whatever the
 * clock (no status in it), so the page loads React only when an import came after its build.
 */
export async function programmeStamp(deps: Deps, date: string): Promise<{ date: string; cards: string[]; races: string[] }> {
  assertDate(date);
  const [days, races] = await Promise.all([deps.store.collection('raceDays').where('date', '==', date).get(), deps.store.collection('races').where('date', '==', date).get()]);
  const cards = days.map(parseRaceDay).map((d) => `${d.id}:${d.updatedAt.getTime()}`).sort();
  const raceMarks = races.map(parseRace).map((r) => `${r.id}:${r.hasResult ? 1 : 0}:${r.updatedAt.getTime()}`).sort();
  return { date, cards, races: raceMarks };
}
