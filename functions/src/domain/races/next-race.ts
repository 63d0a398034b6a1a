import type { AppDeps } from '../../platform/deps.js';
import { cachedProgrammeForDate, todayInIstanbul, type CardView, type RaceView } from './race-queries.js';

/**
 * "Today, everywhere" (issue 53): a horse's next declared race and a jockey's rides of the day, read
 * from the day's cached programme (race-queries.ts), so a horse or jockey page costs no query of its
 * own and an import reaches them as it reaches the programme.
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

/** A race as the horse and jockey pages link to it on the programme. */
export interface RaceRef {
  raceId: string;
  date: string;
  venueId: string;
  location: string;
  hippodrome: string;
  number: number;
  time: string;
  startsAt: string;
}

export interface TodayRide extends RaceRef {
  horseId: string;
  horseName: string;
  horseNumber: number;
  hasResult: boolean;
}

const refOf = (card: CardView, race: RaceView): RaceRef => ({
  raceId: race.id,
  date: race.date,
  venueId: card.venueId,
  location: card.location,
  hippodrome: card.hippodrome,
  number: race.number,
  time: race.time,
  startsAt: race.startsAt,
});

/**
 * The horse's first race from today on that it is declared for and that has no result yet; `programmeDate`
 * is the horse's newest programme (a horse declared nowhere after today has no next race).
 */
export async function nextDeclaredRace(deps: Deps, horseId: string, programmeDate: string | null): Promise<RaceRef | null> {
  const today = todayInIstanbul(deps);
  if (!programmeDate || programmeDate < today) return null;
  // Today first: a horse declared today and again later runs today.
  for (const date of programmeDate === today ? [today] : [today, programmeDate]) {
    const { cards } = (await cachedProgrammeForDate(deps, date)).data;
    for (const card of cards) {
      for (const race of card.races) {
        if (race.hasResult) continue;
        if (race.entries.some((entry) => entry.horseId === horseId && !entry.nonRunner)) return refOf(card, race);
      }
    }
  }
  return null;
}

/** The jockey's rides of today, in start order; `isJockey` says whether an entry's rider is them. */
export async function todaysRides(deps: Deps, isJockey: (name: string) => boolean): Promise<TodayRide[]> {
  const { cards } = (await cachedProgrammeForDate(deps, todayInIstanbul(deps))).data;
  const rides: TodayRide[] = [];
  for (const card of cards) {
    for (const race of card.races) {
      const entry = race.entries.find((e) => e.jockey !== null && !e.nonRunner && isJockey(e.jockey));
      if (entry) rides.push({ ...refOf(card, race), horseId: entry.horseId, horseName: entry.name, horseNumber: entry.number, hasResult: race.hasResult });
    }
  }
  return rides.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.location.localeCompare(b.location, 'tr'));
}
