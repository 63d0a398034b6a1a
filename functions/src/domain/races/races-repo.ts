import type { AppDeps } from '../../platform/deps.js';
import type { DocumentData, Transaction, WithId } from '../../ports/document-store.js';
import type { Finisher } from './race.js';
import { parseHorse, parseRace, parseRaceDay, parseResult, parseVenue, type Horse, type Race, type RaceDay, type RaceResult, type Venue } from './race.js';

/**
 * How other areas read the racing data (estimates, follows, trainers, jockeys) and how the
 * race-day desk writes a result by hand: through these functions in races' index.ts, never by
 * the collections' names. A writer must call `invalidateRaceReads(store)` after its commit.
 */

type Store = Pick<AppDeps, 'store'>;

function byId<T extends { id: string }>(docs: (WithId<DocumentData> | null)[], parse: (raw: unknown) => T): Map<string, T> {
  const out = new Map<string, T>();
  for (const doc of docs) if (doc) out.set(doc.id, parse(doc));
  return out;
}

/** Firestore reads at most 100 documents per getAll. */
async function getAllChunked(deps: Store, collection: string, ids: string[]): Promise<(WithId<DocumentData> | null)[]> {
  const unique = [...new Set(ids)];
  const docs: (WithId<DocumentData> | null)[] = [];
  for (let i = 0; i < unique.length; i += 100) docs.push(...(await deps.store.getAll(collection, unique.slice(i, i + 100))));
  return docs;
}

export async function getRacesById(deps: Store, ids: string[]): Promise<Map<string, Race>> {
  return byId(await getAllChunked(deps, 'races', ids), parseRace);
}

export async function getResultsById(deps: Store, ids: string[]): Promise<Map<string, RaceResult>> {
  return byId(await getAllChunked(deps, 'results', ids), parseResult);
}

export async function getHorsesById(deps: Store, ids: string[]): Promise<Map<string, Horse>> {
  return byId(await getAllChunked(deps, 'horses', ids), parseHorse);
}

/** Every race day (card) of a date, all venues. */
export async function raceDaysOn(deps: Store, date: string): Promise<RaceDay[]> {
  return (await deps.store.collection('raceDays').where('date', '==', date).get()).map(parseRaceDay);
}

/** Every race of a date, all venues. */
export async function racesOn(deps: Store, date: string): Promise<Race[]> {
  return (await deps.store.collection('races').where('date', '==', date).get()).map(parseRace);
}

/** Every race starting at or after `from` (results included: the caller filters). */
export async function racesStartingFrom(deps: Store, from: Date): Promise<Race[]> {
  return (await deps.store.collection('races').where('startsAt', '>=', from).get()).map(parseRace);
}

export async function listVenues(deps: Store): Promise<Venue[]> {
  return (await deps.store.collection('venues').get()).map(parseVenue);
}

/** The races of `ids` as the caller's transaction reads them, in order; null where none is stored. */
export async function getRacesIn(tx: Transaction, ids: string[]): Promise<(Race | null)[]> {
  return ids.length ? (await tx.getAll('races', ids)).map((doc) => (doc ? parseRace(doc) : null)) : [];
}

export async function getRaceIn(tx: Transaction, id: string): Promise<Race | null> {
  const [race] = await getRacesIn(tx, [id]);
  return race ?? null;
}

export async function getRaceDayIn(tx: Transaction, id: string): Promise<RaceDay | null> {
  const raw = await tx.get('raceDays', id);
  return raw ? parseRaceDay(raw) : null;
}

export async function getResultsIn(tx: Transaction, ids: string[]): Promise<Map<string, RaceResult>> {
  return ids.length ? byId(await tx.getAll('results', ids), parseResult) : new Map();
}

export async function getResultIn(tx: Transaction, id: string): Promise<RaceResult | null> {
  return (await getResultsIn(tx, [id])).get(id) ?? null;
}

/** Stores a result entered by hand and marks its race as having one, in the caller's transaction. */
export function writeResultIn(tx: Transaction, result: RaceResult, now: Date): void {
  tx.set('results', result.id, result);
  tx.update('races', result.id, { hasResult: true, updatedAt: now });
}

/** Replaces a stored result's finishers (a non-runner taken out of it), in the caller's transaction. */
export function setResultFinishersIn(tx: Transaction, id: string, finishers: Finisher[], now: Date): void {
  tx.update('results', id, { finishers, updatedAt: now });
}
