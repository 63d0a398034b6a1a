import type { RaceRef, TodayRide } from '../../../functions/src/domain/races/next-race';
import type { Wire } from '../../../functions/src/platform/wire';
import { istanbulParts } from '@shared/text/dates';
import { raceLink } from './race-format';
import { shortDate } from './types';

/** "Today, everywhere" (issue 53): a horse's race today or next, a jockey's rides today, each linked to the programme. */

const isToday = (date: string) => istanbulParts(new Date()).day === date;
const linkOf = (race: Wire<RaceRef>) => raceLink(race.venueId, race.number, isToday(race.date) ? undefined : race.date);

/** 'Bugün koşuyor: İstanbul 9. koşu, 17:30', or 'Sıradaki koşusu: 05.12.2026 Ankara 3. koşu, 15:10'. */
export function NextRace({ race }: { race: Wire<RaceRef> | null }) {
  if (!race) return null;
  const today = isToday(race.date);
  return (
    <p className={`next-race${today ? ' next-race--today' : ''}`}>
      <strong>{today ? 'Bugün koşuyor:' : 'Sıradaki koşusu:'}</strong>{' '}
      <a href={linkOf(race)}>
        {today ? '' : `${shortDate(race.date)} `}
        {race.location} {race.number}. koşu, {race.time}
      </a>
    </p>
  );
}

/** The jockey's rides of the day: race and time, horse and its number; nothing on a day off. */
export function TodayRides({ rides }: { rides: readonly Wire<TodayRide>[] }) {
  if (rides.length === 0) return null;
  return (
    <section className="today-rides" aria-labelledby="today-rides-title">
      <h2 id="today-rides-title" className="horse__subhead">
        Bugünkü binişleri
      </h2>
      <ul className="today-rides__list">
        {rides.map((ride) => (
          <li key={ride.raceId} className="today-rides__ride">
            <a href={linkOf(ride)}>
              {ride.location} {ride.number}. koşu
            </a>{' '}
            <strong>{ride.time}</strong>
            <span className="today-rides__horse">
              <span className="today-rides__no" aria-label={`${ride.horseNumber} numara`}>
                {ride.horseNumber}
              </span>{' '}
              <a href={`/at-detay/${encodeURIComponent(ride.horseId)}`}>{ride.horseName}</a>
            </span>
            {ride.hasResult && <span className="muted"> · Sonuçlandı</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
