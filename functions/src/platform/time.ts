/**
 * Server-side Istanbul time: the calendar day the races, the records and the daily limits count
 * in. Turkey keeps UTC+3 all year (since 2016), so a local date and clock time map to one instant.
 */

/** The instant of an Istanbul date ('YYYY-MM-DD') and clock time ('HH:MM'). */
export function istanbulInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`);
}

/** Today's date in Istanbul by the deps' clock (tests move it), as 'YYYY-MM-DD'. */
export function todayInIstanbul(deps: { now(): Date }): string {
  return istanbulDate(deps.now());
}

/** The calendar date in Istanbul of an instant, as 'YYYY-MM-DD'. */
export function istanbulDate(instant: Date): string {
  return new Date(instant.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}
