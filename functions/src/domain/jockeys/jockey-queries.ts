import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { DISTANCE_BUCKETS, winRate, SURFACES, todaysRides, type TodayRide } from '../races/index.js';
import { turkishCollator } from '../text/index.js';
import { JOCKEY_ID, jockeyIdFromName } from './jockey-id.js';
import { JOCKEY_MESSAGES, parseJockey, parseJockeyHorse, parseJockeyRide, type Counts, type Jockey, type JockeyHorse, type JockeyRide, type LabelledCounts } from './jockey.js';

/** Read side of jockeys: profile with statistics, rides page by page. Every figure comes from stored aggregates. */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export const LAST_RIDES = 30;
export const TOP_PARTNERSHIPS = 10;

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
  return { key, label: c.label, rides: c.rides, wins: c.wins, places: c.places, winRate: winRate(c.wins, c.rides), placeRate: winRate(c.places, c.rides) };
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
  return { ...p, winRate: winRate(p.wins, p.rides), placeRate: winRate(p.places, p.rides) };
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

export async function loadJockey(deps: Deps, id: string): Promise<Jockey> {
  if (!JOCKEY_ID.test(id)) throw new AppError('BAD_REQUEST', JOCKEY_MESSAGES.invalidId);
  const doc = await deps.store.get('jockeys', id);
  if (!doc) throw new AppError('NOT_FOUND', JOCKEY_MESSAGES.notFound);
  return parseJockey(doc);
}

const ridesQuery = (deps: Deps, id: string) => deps.store.collection('jockeyRides').where('jockeyId', '==', id).orderBy('startsAt', 'desc');

/**
 * GET /api/jockeys/{id}: three reads (the record, 30 rides, 10 partnerships) whatever the jockey's
 * history, and today's rides from the day's cached programme.
 */
export async function getJockeyView(deps: Deps, id: string): Promise<JockeyView> {
  const [jockey, rides, pairs, today] = await Promise.all([
    loadJockey(deps, id),
    ridesQuery(deps, id).limit(LAST_RIDES).get(),
    deps.store.collection('jockeyHorses').where('jockeyId', '==', id).orderBy('wins', 'desc').orderBy('places', 'desc').limit(TOP_PARTNERSHIPS).get(),
    todaysRides(deps, (name) => jockeyIdFromName(name) === id),
  ]);
  return {
    id: jockey.id,
    name: jockey.name,
    lastRideDate: jockey.lastRideDate,
    ...jockeyStatistics(jockey),
    lastRides: rides.map((r) => rideView(parseJockeyRide(r))),
    partnerships: pairs.map((p) => partnershipView(parseJockeyHorse(p))),
    todayRides: today,
  };
}

/** GET /api/jockeys/{id}/rides: newest first; the total is the record's ride count (kept with the rides). */
export async function listJockeyRides(deps: Deps, id: string, page: number, limit: number): Promise<{ rides: JockeyRideView[]; total: number }> {
  const jockey = await loadJockey(deps, id);
  const docs = await ridesQuery(deps, id).offset((page - 1) * limit).limit(limit).get();
  return { rides: docs.map((r) => rideView(parseJockeyRide(r))), total: jockey.totals.rides };
}

/** Every jockey id, for the prebuilt pages. */
export async function listJockeyIds(deps: Deps): Promise<string[]> {
  return (await deps.store.collection('jockeys').get()).map((d) => d.id);
}
