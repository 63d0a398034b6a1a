/**
 * The two blocks of an estimate that describe where its selections came from (spec 002 §6 export
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
