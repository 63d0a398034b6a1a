/**
 * The blocks of an estimate that describe where its selections came from (spec 002 §6 export
 * format, Turkish keys kept): built here once for the staff screen's export payload and for the
 * stored record, so the two cannot drift. Browser-safe (no imports).
 */

/** What the race-day block reads of a card or a stored race day. */
export interface RaceDayFacts {
  location: string;
  date: string;
  hippodrome: string;
  weather: { condition: string | null; temperature: number | null };
  raceCount: number;
}

/** `raceData`: the card as the export format names it; a day without weather shows 'Açık', 22 °C. */
export function raceDataBlock(day: RaceDayFacts) {
  return {
    location: day.location,
    date: day.date,
    hipodrom: day.hippodrome,
    weatherCondition: day.weather.condition ?? 'Açık',
    temperature: day.weather.temperature ?? 22,
    totalRaces: day.raceCount,
  };
}

/** `exportInfo`: when and from which range the selections were taken (a Date on the server, ISO text in the browser). */
export function exportInfoBlock<When extends Date | string, Filter extends string>(input: { exportDate: When; location: string; raceFilter: Filter; totalSelections: number }) {
  return { exportDate: input.exportDate, exportType: 'admin-selection' as const, location: input.location, raceFilter: input.raceFilter, totalSelections: input.totalSelections, version: '1.0' as const };
}

/** What a race's heading reads of a race, stored or as the staff screen received it. */
export interface RaceFacts<Surface extends string> {
  id: string;
  number: number;
  category: string | null;
  time: string;
  distance: number;
  surface: Surface;
}

/** How an estimate names one of its races ('3. Koşu - Maiden'), with its start time, distance and surface. */
export function raceHeadingBlock<Surface extends string>(race: RaceFacts<Surface>) {
  return { id: race.id, raceNumber: race.number, title: `${race.number}. Koşu${race.category ? ` - ${race.category}` : ''}`, startTime: race.time, distance: race.distance, surface: race.surface };
}

/** A race as the selection blocks read it: its heading, how many horses run, which numbers were picked (ascending). */
export interface RacePicks {
  id: string;
  raceNumber: number;
  title: string;
  totalHorses: number;
  picked: number[];
}

/** `selections` and `statistics`: what was picked, per race and overall, with each race's share in percent. */
export function selectionBlocks(races: RacePicks[]) {
  const withPicks = races.filter((r) => r.picked.length > 0);
  const total = races.reduce((n, r) => n + r.picked.length, 0);
  return {
    selections: {
      totalSelections: total,
      selectionsByRace: races.map((r) => ({ raceId: r.id, raceNumber: r.raceNumber, horses: r.picked })),
    },
    statistics: {
      totalRaces: races.length,
      racesWithSelections: withPicks.length,
      averageSelectionsPerRace: withPicks.length ? Math.round((total / withPicks.length) * 100) / 100 : 0,
      raceDistribution: races.map((r) => ({
        raceNumber: r.raceNumber,
        title: r.title,
        totalHorses: r.totalHorses,
        selectedHorses: r.picked.length,
        selectionPercentage: r.totalHorses ? Math.round((r.picked.length / r.totalHorses) * 10000) / 100 : 0,
      })),
    },
  };
}
