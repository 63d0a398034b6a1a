import type { AppDeps } from '../../platform/deps.js';
import type { Race, RaceResult } from '../races/index.js';
import { JOCKEY_ID, jockeyIdFromName } from './jockey-id.js';
import { JOCKEY_MESSAGES, parseJockeyHorse, parseJockeyRide, rideId, type JockeyHorse, type JockeyRide } from './jockey.js';
import { applyRun, emptyPerson, ensurePeople, recordRuns, type Ledger, type PersonRecord } from './run-ledger.js';

/**
 * Keeps the jockey records in step with imported results, through the ledger trainers share
 * (run-ledger.ts): a repeated import changes nothing, a corrected result moves the figures once.
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export { DISTANCE_LABELS } from './run-ledger.js';

/** The race fields a run copies (jockey rides and trainer runs alike). */
export type RideRace = Pick<Race, 'id' | 'date' | 'startsAt' | 'venueId' | 'location' | 'hippodrome' | 'number' | 'distance' | 'surface'>;
type Finisher = RaceResult['finishers'][number];

/** What a run of `finisher` in `race` says whoever it is filed under. */
export function runFields(race: RideRace, finisher: Finisher, runners: number) {
  return {
    id: rideId(race.id, finisher.horseId),
    raceId: race.id,
    date: race.date,
    startsAt: race.startsAt,
    venueId: race.venueId,
    city: race.location,
    hippodrome: race.hippodrome,
    raceNumber: race.number,
    distance: race.distance,
    surface: race.surface,
    horseId: finisher.horseId,
    horseName: finisher.name,
    number: finisher.number,
    position: finisher.position,
    time: finisher.time,
    odds: finisher.odds,
    runners,
  };
}

/** The rides of one result: every finisher whose programme named a jockey. */
export function ridesOf(race: RideRace, result: Pick<RaceResult, 'finishers'>): JockeyRide[] {
  const rides: JockeyRide[] = [];
  for (const f of result.finishers) {
    const jockeyId = jockeyIdFromName(f.jockey);
    if (!jockeyId || !f.jockey) continue;
    rides.push({ ...runFields(race, f, result.finishers.length), jockeyId, jockeyName: f.jockey.trim() });
  }
  return rides;
}

/** Jockeys in the ledger: a result names each finisher's jockey. */
export const JOCKEYS: Ledger<JockeyRide, JockeyHorse, RideRace> = {
  people: 'jockeys', runs: 'jockeyRides', pairs: 'jockeyHorses', idField: 'jockeyId',
  person: (ride) => ({ id: ride.jockeyId, name: ride.jockeyName }),
  parseRun: parseJockeyRide, parsePair: parseJockeyHorse, runsOf: ridesOf,
  idOf: jockeyIdFromName, idPattern: JOCKEY_ID, messages: JOCKEY_MESSAGES,
};

export const emptyJockey = emptyPerson;

/** Adds (sign 1) or takes away (sign -1) one ride's share of a jockey's aggregates. */
export function applyRide(jockey: PersonRecord, ride: Omit<JockeyRide, 'id'>, sign: 1 | -1): void {
  applyRun(jockey, { ...ride, id: '' }, ride.jockeyName, sign);
}

/** Records the rides of these results (whole races: a finisher no longer in a result loses its ride). Returns the rides written or removed. */
export const recordJockeyRides = (deps: Deps, results: { race: RideRace; result: Pick<RaceResult, 'finishers'> }[]) => recordRuns(deps, JOCKEYS, results);

/** Every jockey a programme names gets a record (empty until the first result), so its links lead to a page. */
export const ensureJockeys = (deps: Deps, names: (string | null)[]) => ensurePeople(deps, JOCKEYS, names);
