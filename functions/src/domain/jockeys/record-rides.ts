import type { AppDeps } from '../../platform/deps.js';
import { DISTANCE_BUCKETS, distanceBucket, type Race, type RaceResult } from '../races/index.js';
import { foldTurkish } from '../text/index.js';
import { jockeyIdFromName } from './jockey-id.js';
import {
  PLACED_UP_TO,
  parseJockey,
  parseJockeyHorse,
  parseJockeyRide,
  partnershipId,
  rideId,
  type Jockey,
  type JockeyHorse,
  type JockeyRide,
  type StatGroup,
} from './jockey.js';

/**
 * Keeps the jockey records in step with imported results. Each ride document is the truth for
 * its finisher; a changed ride moves the aggregates by the difference between its old and new
 * version, in ONE transaction with the ride itself. So a repeated import changes nothing, a
 * corrected result (another place, another jockey) moves the figures once, a crash leaves each
 * chunk either applied or not, and two imports at once cannot count a ride twice (the
 * transaction re-reads what it read before committing).
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

/** Rides per transaction: each may also delete an old ride and touch two partnerships and two jockeys (< 500 writes). */
const RIDES_PER_CHUNK = 100;
/** Firestore's limit on an 'in' filter. */
const IN_LIMIT = 30;

type Ride = Omit<JockeyRide, 'id'>;
type Plain<T> = Omit<T, 'id' | 'updatedAt'>;

export const DISTANCE_LABELS: Record<(typeof DISTANCE_BUCKETS)[number], string> = {
  '1000-1200': '1200 m ve altı',
  '1201-1400': '1201–1400 m',
  '1401-1600': '1401–1600 m',
  '1601-1800': '1601–1800 m',
  '1801-2000': '1801–2000 m',
  '2001+': '2001 m ve üzeri',
};

/** The rides of one result: every finisher whose programme named a jockey. */
export type RideRace = Pick<Race, 'id' | 'date' | 'startsAt' | 'venueId' | 'location' | 'hippodrome' | 'number' | 'distance' | 'surface'>;

export function ridesOf(race: RideRace, result: Pick<RaceResult, 'finishers'>): JockeyRide[] {
  const rides: JockeyRide[] = [];
  for (const f of result.finishers) {
    const jockeyId = jockeyIdFromName(f.jockey);
    if (!jockeyId || !f.jockey) continue;
    rides.push({
      id: rideId(race.id, f.horseId),
      jockeyId,
      jockeyName: f.jockey.trim(),
      raceId: race.id,
      date: race.date,
      startsAt: race.startsAt,
      venueId: race.venueId,
      city: race.location,
      hippodrome: race.hippodrome,
      raceNumber: race.number,
      distance: race.distance,
      surface: race.surface,
      horseId: f.horseId,
      horseName: f.name,
      number: f.number,
      position: f.position,
      time: f.time,
      odds: f.odds,
      runners: result.finishers.length,
    });
  }
  return rides;
}

export function emptyJockey(name: string): Plain<Jockey> {
  return { name, nameKey: foldTurkish(name), totals: { rides: 0, wins: 0, places: 0 }, stats: { venue: {}, surface: {}, distance: {}, year: {} }, lastRideDate: null };
}

const isWin = (ride: Ride) => ride.position === 1;
const isPlaced = (ride: Ride) => ride.position !== null && ride.position >= 1 && ride.position <= PLACED_UP_TO;

function groupKeys(ride: Ride): [StatGroup, string, string][] {
  const bucket = distanceBucket(ride.distance);
  return [
    ['venue', ride.venueId, ride.city],
    ['surface', ride.surface, ride.surface],
    ['distance', bucket, DISTANCE_LABELS[bucket]],
    ['year', ride.date.slice(0, 4), ride.date.slice(0, 4)],
  ];
}

/** Adds (sign 1) or takes away (sign -1) one ride's share of a jockey's aggregates. */
export function applyRide(jockey: Plain<Jockey>, ride: Ride, sign: 1 | -1): void {
  const win = isWin(ride) ? sign : 0;
  const placed = isPlaced(ride) ? sign : 0;
  jockey.totals = { rides: jockey.totals.rides + sign, wins: jockey.totals.wins + win, places: jockey.totals.places + placed };
  for (const [group, key, label] of groupKeys(ride)) {
    const current = jockey.stats[group][key] ?? { label, rides: 0, wins: 0, places: 0 };
    const next = { label: sign > 0 ? label : current.label, rides: current.rides + sign, wins: current.wins + win, places: current.places + placed };
    if (next.rides <= 0) delete jockey.stats[group][key];
    else jockey.stats[group][key] = next;
  }
  if (sign > 0 && (jockey.lastRideDate === null || ride.date >= jockey.lastRideDate)) {
    jockey.lastRideDate = ride.date;
    jockey.name = ride.jockeyName;
    jockey.nameKey = foldTurkish(ride.jockeyName);
  }
}

function applyPartnership(p: Plain<JockeyHorse>, ride: Ride, sign: 1 | -1): void {
  p.rides += sign;
  p.wins += isWin(ride) ? sign : 0;
  p.places += isPlaced(ride) ? sign : 0;
  if (sign > 0) p.horseName = ride.horseName;
}

/** Dates as instants, no id: two versions of a ride are the same when this is. */
function sameRide(a: JockeyRide, b: JockeyRide): boolean {
  const key = (r: JockeyRide) => JSON.stringify(Object.entries({ ...r, id: undefined, startsAt: r.startsAt.getTime() }).sort(([x], [y]) => (x < y ? -1 : 1)));
  return key(a) === key(b);
}

/** Splits whole races into chunks of at most RIDES_PER_CHUNK rides and IN_LIMIT races. */
function chunks(races: { raceId: string; rides: JockeyRide[] }[]): { raceIds: string[]; rides: JockeyRide[] }[] {
  const out: { raceIds: string[]; rides: JockeyRide[] }[] = [];
  for (const race of races) {
    const last = out[out.length - 1];
    if (last && last.raceIds.length < IN_LIMIT && last.rides.length + race.rides.length <= RIDES_PER_CHUNK) {
      last.raceIds.push(race.raceId);
      last.rides.push(...race.rides);
    } else out.push({ raceIds: [race.raceId], rides: [...race.rides] });
  }
  return out;
}

/** Records the rides of these results (whole races: a finisher no longer in a result loses its ride). Returns the rides written or removed. */
export async function recordJockeyRides(deps: Deps, results: { race: RideRace; result: Pick<RaceResult, 'finishers'> }[]): Promise<number> {
  let changed = 0;
  const perRace = results.map(({ race, result }) => ({ raceId: race.id, rides: ridesOf(race, result) }));
  for (const chunk of chunks(perRace)) changed += await recordChunk(deps, chunk);
  return changed;
}

async function recordChunk(deps: Deps, chunk: { raceIds: string[]; rides: JockeyRide[] }): Promise<number> {
  const { store } = deps;
  return store.runTransaction(async (tx) => {
    const stored = (await tx.query(store.collection('jockeyRides').where('raceId', 'in', chunk.raceIds))).map(parseJockeyRide);
    const before = new Map(stored.map((r) => [r.id, r]));
    const after = new Map(chunk.rides.map((r) => [r.id, r]));
    const changes: { old: JockeyRide | null; next: JockeyRide | null }[] = [];
    for (const [id, next] of after) {
      const old = before.get(id) ?? null;
      if (!old || !sameRide(old, next)) changes.push({ old, next });
    }
    for (const [id, old] of before) if (!after.has(id)) changes.push({ old, next: null });
    if (changes.length === 0) return 0;

    const rides = changes.flatMap((c) => [c.old, c.next]).filter((r): r is JockeyRide => r !== null);
    const jockeyIds = [...new Set(rides.map((r) => r.jockeyId))];
    const pairIds = [...new Set(rides.map((r) => partnershipId(r.jockeyId, r.horseId)))];
    const [jockeyDocs, pairDocs] = await Promise.all([tx.getAll('jockeys', jockeyIds), tx.getAll('jockeyHorses', pairIds)]);
    const jockeys = new Map<string, Plain<Jockey>>();
    jockeyIds.forEach((id, i) => {
      const doc = jockeyDocs[i];
      if (doc) {
        const { id: _id, updatedAt: _u, ...rest } = parseJockey(doc);
        jockeys.set(id, rest);
      }
    });
    const pairs = new Map<string, Plain<JockeyHorse>>();
    pairIds.forEach((id, i) => {
      const doc = pairDocs[i];
      if (doc) {
        const { id: _id, ...rest } = parseJockeyHorse(doc);
        pairs.set(id, rest);
      }
    });

    // Older rides first, so the newest ride decides the name a jockey is shown with.
    const ordered = [...changes].sort((a, b) => ((a.next ?? a.old)!.date < (b.next ?? b.old)!.date ? -1 : 1));
    for (const { old, next } of ordered) {
      for (const [ride, sign] of [
        [old, -1],
        [next, 1],
      ] as const) {
        if (!ride) continue;
        if (!jockeys.has(ride.jockeyId)) jockeys.set(ride.jockeyId, emptyJockey(ride.jockeyName));
        applyRide(jockeys.get(ride.jockeyId)!, ride, sign);
        const pid = partnershipId(ride.jockeyId, ride.horseId);
        if (!pairs.has(pid)) pairs.set(pid, { jockeyId: ride.jockeyId, horseId: ride.horseId, horseName: ride.horseName, rides: 0, wins: 0, places: 0 });
        applyPartnership(pairs.get(pid)!, ride, sign);
      }
    }

    const now = deps.now();
    for (const { old, next } of changes) {
      if (next) {
        const { id, ...data } = next;
        tx.set('jockeyRides', id, data);
      } else if (old) tx.delete('jockeyRides', old.id);
    }
    for (const [id, jockey] of jockeys) tx.set('jockeys', id, { ...jockey, updatedAt: now });
    for (const [id, pair] of pairs) {
      if (pair.rides <= 0) tx.delete('jockeyHorses', id);
      else tx.set('jockeyHorses', id, pair);
    }
    return changes.length;
  });
}

/**
 * Jockeys named by an imported programme get their (empty) record, so the programme's links lead
 * to a page before their first result. Existing records are left as they are.
 */
export async function ensureJockeys(deps: Deps, names: (string | null)[]): Promise<number> {
  const byId = new Map<string, string>();
  for (const name of names) {
    const id = jockeyIdFromName(name);
    if (id && name && !byId.has(id)) byId.set(id, name.trim());
  }
  const ids = [...byId.keys()];
  let created = 0;
  for (let i = 0; i < ids.length; i += 400) {
    const slice = ids.slice(i, i + 400);
    created += await deps.store.runTransaction(async (tx) => {
      const docs = await tx.getAll('jockeys', slice);
      let n = 0;
      slice.forEach((id, j) => {
        if (docs[j]) return;
        tx.create('jockeys', id, { ...emptyJockey(byId.get(id)!), updatedAt: deps.now() });
        n += 1;
      });
      return n;
    });
  }
  return created;
}
