/**
 * Dates typed and shown the Turkish way (24.11.2026), whatever language the browser runs in:
 * the native date input follows the browser's locale (11/24/2026 in an English Chrome), so the
 * site's date fields are text fields that read and write these helpers.
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

/** An instant -> its Istanbul day ('2026-11-24') and clock ('14:30'). */
export function istanbulParts(instant: string | Date): { day: string; clock: string } {
  const shifted = new Date(new Date(instant).getTime() + ISTANBUL_OFFSET_MS).toISOString();
  return { day: shifted.slice(0, 10), clock: shifted.slice(11, 16) };
}
