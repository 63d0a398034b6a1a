import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { istanbulDate } from '../../platform/time.js';
import { listVenues, winRate } from '../races/index.js';
import { slugify, turkishCollator } from '../text/index.js';
import { listJockeys, yearVenueKey, type Counts, type Jockey } from '../jockeys/index.js';
import { parseTrainer } from './trainer.js';

/**
 * Standings (issue 53, TJK's "İstatistikler"): jockeys and trainers by wins and by win rate, for a
 * season (a calendar year, as TJK counts it), a venue, or both. Read from the records' aggregates
 * (`stats.year`, `stats.venue`, `stats.yearVenue`), the same figures as each jockey and trainer page.
 * Here rather than in jockeys because trainers sit above jockeys (their records share the jockeys'
 * shape and ledger): this area may read both tables, the jockeys' through their index.
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

/** Rows per table. */
export const STANDINGS_ROWS = 20;
/** The rate ranking counts only who ran at least this often in the chosen season and venue. */
export const MIN_RIDES_FOR_RATE = 10;

export const STANDINGS_MESSAGES = {
  badSeason: 'Geçersiz sezon: 2026 gibi bir yıl ya da tüm sezonlar için boş bırakın.',
  badVenue: 'Bu hipodrom kayıtlarımızda yok.',
} as const;

export interface StandingRow extends Counts {
  id: string;
  name: string;
  winRate: number;
  placeRate: number;
}

export interface StandingsTables {
  byWins: StandingRow[];
  byRate: StandingRow[];
  /** Everyone with at least one run under the filter. */
  count: number;
}

export interface Standings {
  /** null: every season. */
  season: string | null;
  /** null: every venue. */
  venue: { id: string; city: string } | null;
  seasons: string[];
  venues: { id: string; city: string }[];
  minRides: number;
  jockeys: StandingsTables;
  trainers: StandingsTables;
}

function countsFor(person: Jockey, season: string | null, venueId: string | null): Counts | undefined {
  if (season && venueId) return person.stats.yearVenue[yearVenueKey(season, venueId)];
  if (season) return person.stats.year[season];
  if (venueId) return person.stats.venue[venueId];
  return person.totals;
}

const byName = (a: StandingRow, b: StandingRow) => turkishCollator.compare(a.name, b.name);

export function rankPeople(people: Jockey[], season: string | null, venueId: string | null): StandingsTables {
  const rows: StandingRow[] = [];
  for (const person of people) {
    const c = countsFor(person, season, venueId);
    if (!c || c.rides === 0) continue;
    rows.push({ id: person.id, name: person.name, rides: c.rides, wins: c.wins, places: c.places, winRate: winRate(c.wins, c.rides), placeRate: winRate(c.places, c.rides) });
  }
  // Ties: more wins from fewer runs ranks first (the better rate), then the name.
  const byWins = [...rows].sort((a, b) => b.wins - a.wins || b.winRate - a.winRate || b.places - a.places || byName(a, b)).slice(0, STANDINGS_ROWS);
  const byRate = rows
    .filter((r) => r.rides >= MIN_RIDES_FOR_RATE)
    .sort((a, b) => b.winRate - a.winRate || b.rides - a.rides || byName(a, b))
    .slice(0, STANDINGS_ROWS);
  return { byWins, byRate, count: rows.length };
}

/** The season filter: '' or absent for every season, else a four-digit year. */
function parseSeason(season: string | undefined): string | null {
  if (season === undefined || season === '') return null;
  if (!/^(19|20)\d\d$/.test(season)) throw new AppError('BAD_REQUEST', STANDINGS_MESSAGES.badSeason);
  return season;
}

/** GET /api/standings: two collection reads (jockeys, trainers) and the venues. */
export async function getStandings(deps: Deps, filter: { season?: string; venue?: string }): Promise<Standings> {
  const season = parseSeason(filter.season);
  const [jockeys, trainerDocs, venueList] = await Promise.all([listJockeys(deps), deps.store.collection('trainers').get(), listVenues(deps)]);
  const venues = venueList
    .map((v) => ({ id: v.id, city: v.city }))
    .sort((a, b) => turkishCollator.compare(a.city, b.city));
  let venue: Standings['venue'] = null;
  if (filter.venue !== undefined && filter.venue !== '') {
    venue = venues.find((v) => v.id === slugify(filter.venue!)) ?? null;
    if (!venue) throw new AppError('NOT_FOUND', STANDINGS_MESSAGES.badVenue);
  }
  const trainers = trainerDocs.map(parseTrainer);
  const years = new Set<string>([istanbulDate(deps.now()).slice(0, 4)]);
  for (const person of [...jockeys, ...trainers]) for (const year of Object.keys(person.stats.year)) years.add(year);
  return {
    season,
    venue,
    seasons: [...years].sort((a, b) => b.localeCompare(a)),
    venues,
    minRides: MIN_RIDES_FOR_RATE,
    jockeys: rankPeople(jockeys, season, venue?.id ?? null),
    trainers: rankPeople(trainers, season, venue?.id ?? null),
  };
}
