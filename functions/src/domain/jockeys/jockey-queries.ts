import type { AppDeps } from '../../platform/deps.js';
import { DISTANCE_BUCKETS, SURFACES, todaysRides, type TodayRide } from '../races/index.js';
import { turkishCollator } from '../text/index.js';
import { jockeyIdFromName } from './jockey-id.js';
import type { Counts, Jockey, JockeyHorse, JockeyRide, LabelledCounts } from './jockey.js';
import { listPersonIds, personProfile, personRuns, withRates } from './person-queries.js';
import { JOCKEYS } from './record-rides.js';

/** Read side of jockeys: profile with statistics, rides page by page. Every figure comes from stored aggregates. */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export { LAST_RIDES, TOP_PARTNERSHIPS } from './person-queries.js';

/** Counts of one group with its rates (percent, one decimal; the sample size is `rides`). */
export interface JockeyRate extends Counts {
  key: string;
  label: string;
  winRate: number;
  placeRate: number;
}

export type JockeyRideView = Omit<JockeyRide, 'jockeyId' | 'jockeyName'>;
export type PartnershipView = Omit<JockeyHorse, 'id' | 'jockeyId'> & { winRate: number; placeRate: number };

export interface JockeyView {
  id: string;
  name: string;
  lastRideDate: string | null;
  totals: JockeyRate;
  byVenue: JockeyRate[];
  bySurface: JockeyRate[];
  byDistance: JockeyRate[];
  byYear: JockeyRate[];
  lastRides: JockeyRideView[];
  partnerships: PartnershipView[];
  /** Today's rides from the programme (issue 53), in start order; empty on a day off. */
  todayRides: TodayRide[];
}

function rate(key: string, c: LabelledCounts): JockeyRate {
  return withRates({ key, label: c.label, rides: c.rides, wins: c.wins, places: c.places });
}

function rows(group: Record<string, LabelledCounts>, order: (a: JockeyRate, b: JockeyRate) => number): JockeyRate[] {
  return Object.entries(group)
    .map(([key, c]) => rate(key, c))
    .sort(order);
}

const inOrder = (keys: readonly string[]) => (a: JockeyRate, b: JockeyRate) => keys.indexOf(a.key) - keys.indexOf(b.key);

export function rideView({ jockeyId: _j, jockeyName: _n, ...ride }: JockeyRide): JockeyRideView {
  return ride;
}

export function partnershipView({ id: _id, jockeyId: _j, ...p }: JockeyHorse): PartnershipView {
  return withRates(p);
}

export function jockeyStatistics(jockey: Jockey): Pick<JockeyView, 'totals' | 'byVenue' | 'bySurface' | 'byDistance' | 'byYear'> {
  return {
    totals: rate('all', { label: 'Toplam', ...jockey.totals }),
    byVenue: rows(jockey.stats.venue, (a, b) => b.rides - a.rides || turkishCollator.compare(a.label, b.label)),
    bySurface: rows(jockey.stats.surface, inOrder(SURFACES)),
    byDistance: rows(jockey.stats.distance, inOrder(DISTANCE_BUCKETS)),
    byYear: rows(jockey.stats.year, (a, b) => Number(b.key) - Number(a.key)),
  };
}

/** The figures both kinds' pages open with: who, the last run, the statistics. */
export const personHead = (person: Jockey) => ({ id: person.id, name: person.name, lastRideDate: person.lastRideDate, ...jockeyStatistics(person) });

/**
 * GET /api/jockeys/{id}: three reads (the record, 30 rides, 10 partnerships) whatever the jockey's
 * history, and today's rides from the day's cached programme.
 */
export async function getJockeyView(deps: Deps, id: string): Promise<JockeyView> {
  const [{ person, runs, horses }, today] = await Promise.all([personProfile(deps, JOCKEYS, id), todaysRides(deps, (name) => jockeyIdFromName(name) === id)]);
  return { ...personHead(person), lastRides: runs.map(rideView), partnerships: horses.map(partnershipView), todayRides: today };
}

/** GET /api/jockeys/{id}/rides: newest first; the total is the record's ride count. */
export async function listJockeyRides(deps: Deps, id: string, page: number, limit: number): Promise<{ runs: JockeyRideView[]; total: number }> {
  const { runs, total } = await personRuns(deps, JOCKEYS, id, page, limit);
  return { runs: runs.map(rideView), total };
}

/** Every jockey id, for the prebuilt pages. */
export const listJockeyIds = (deps: Deps) => listPersonIds(deps, JOCKEYS);
