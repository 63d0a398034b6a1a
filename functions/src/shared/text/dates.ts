/**
 * The one module for Istanbul days and Turkish dates, on both sides (browser-safe): "today" in
 * Istanbul, a day as 24.11.2026 (shown and typed, whatever language the browser runs in: the
 * native date input would write 11/24/2026 in an English Chrome), a race day written out
 * ('3 Aralık 2026 Perşembe') and Istanbul clock times.
 */

const DAY_MONTH_YEAR = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/;
const HOUR_MINUTE = /^\s*(\d{1,2})[:.](\d{2})\s*$/;

/** '2026-11-24' -> '24.11.2026'; anything else -> ''. */
export function formatIsoDay(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** '24.11.2026' (also 24/11/2026, 4.1.2026) -> '2026-11-24'; null when it is not a real calendar day. */
export function parseTurkishDay(text: string): string | null {
  const m = DAY_MONTH_YEAR.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '14:30' -> '14:30'; '9.05' -> '09:05'; null outside 00:00-23:59. */
export function parseClock(text: string): string | null {
  const m = HOUR_MINUTE.exec(text);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

// Türkiye has kept UTC+3 all year since 2016 (no daylight saving), so Istanbul wall time maps to
// one fixed offset; writing it into the ISO string keeps the instant independent of the browser's zone.
const ISTANBUL_OFFSET = '+03:00';
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;

/** Istanbul wall time ('2026-11-24', '14:30') -> '2026-11-24T14:30:00+03:00'. */
export function istanbulIso(isoDay: string, clock: string): string {
  return `${isoDay}T${clock}:00${ISTANBUL_OFFSET}`;
}

/** Istanbul wall time ('2026-11-24', '14:30') -> that instant. */
export function istanbulInstant(isoDay: string, clock: string): Date {
  return new Date(istanbulIso(isoDay, clock));
}

/** An instant -> its Istanbul day ('2026-11-24') and clock ('14:30'). */
export function istanbulParts(instant: string | Date): { day: string; clock: string } {
  const shifted = new Date(new Date(instant).getTime() + ISTANBUL_OFFSET_MS).toISOString();
  return { day: shifted.slice(0, 10), clock: shifted.slice(11, 16) };
}

/** The calendar day in Istanbul of an instant (default: now), as '2026-11-24': "today" for races, tips and ads. */
export function istanbulDate(instant: Date = new Date()): string {
  return istanbulParts(instant).day;
}

/** '2026-11-24' moved by `days` calendar days ('2026-11-25' for 1). */
export function shiftIsoDay(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Built on first use: building a date format costs Chromium several milliseconds, and most
// importers of this module show no written-out date at load.
let dayLongFormat: Intl.DateTimeFormat | undefined;

/** A race day '2026-11-22' written out: '22 Kasım 2026 Pazar' (the day itself, not shifted by a zone). */
export function longDate(isoDay: string): string {
  dayLongFormat ??= new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', weekday: 'long', timeZone: 'UTC' });
  return dayLongFormat.format(new Date(`${isoDay}T00:00:00Z`));
}
