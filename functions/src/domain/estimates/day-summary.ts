import type { AppDeps } from '../../platform/deps.js';
import { cachedProgrammeForDate, cachedResultsForDate } from '../races/index.js';
import { tipsForDate, type TipAccess } from './tips-queries.js';

/**
 * Race day at a glance (issue 53, the home page's block): each meeting's races with their start and,
 * once run, the winner and the ganyan; the site's tips of that meeting. A few KB where the programme
 * is 160: the home page reads it again while races are being run. The "next race" is left to the
 * reader's clock, so the answer only changes when the importer writes (and may be cached).
 */

type Deps = Pick<AppDeps, 'store' | 'now' | 'config'>;

export interface DayRaceLine {
  id: string;
  number: number;
  time: string;
  startsAt: string;
  /** The winner once the result is imported; null before (and for a race run without a winner). */
  winner: { number: number; name: string; horseId: string } | null;
  hasResult: boolean;
  ganyan: number | null;
}

export interface DayTipLine {
  articleId: string;
  title: string;
  href: string;
  access: TipAccess;
  raceNumbers: number[];
}

export interface DayMeeting {
  id: string;
  venueId: string;
  hippodrome: string;
  location: string;
  opening: string;
  races: DayRaceLine[];
  tips: DayTipLine[];
}

export interface DaySummary {
  date: string;
  meetings: DayMeeting[];
}

export async function daySummary(deps: Deps, date: string): Promise<DaySummary> {
  const [programme, results, tips] = await Promise.all([cachedProgrammeForDate(deps, date), cachedResultsForDate(deps, date), tipsForDate(deps, date)]);
  const resultOf = new Map(results.data.cards.flatMap((card) => card.races).map((race) => [race.id, race.result]));
  const meetings = programme.data.cards.map((card): DayMeeting => {
    const seen = new Set<string>();
    const cardTips: DayTipLine[] = [];
    for (const race of card.races) {
      for (const tip of tips.byRace[race.id] ?? []) {
        if (seen.has(tip.articleId)) continue;
        seen.add(tip.articleId);
        // Only what every reader may see: never a pick, whatever the tip's access.
        cardTips.push({ articleId: tip.articleId, title: tip.title, href: tip.href, access: tip.access, raceNumbers: tip.raceNumbers });
      }
    }
    return {
      id: card.id,
      venueId: card.venueId,
      hippodrome: card.hippodrome,
      location: card.location,
      opening: card.opening,
      races: card.races.map((race) => {
        const result = resultOf.get(race.id) ?? null;
        const winner = result?.finishers.find((f) => f.position === 1);
        return {
          id: race.id,
          number: race.number,
          time: race.time,
          startsAt: race.startsAt,
          hasResult: Boolean(result),
          winner: winner ? { number: winner.number, name: winner.name, horseId: winner.horseId } : null,
          ganyan: result?.ganyanDividend ?? null,
        };
      }),
      tips: cardTips,
    };
  });
  return { date, meetings };
}
