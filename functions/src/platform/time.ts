/**
 * Server-side Istanbul time: the calendar day the races, the records and the daily limits count
 * in. The arithmetic is the shared date module's (the pages use it too); here it meets the deps'
 * clock, which tests move.
 */
import { istanbulDate } from '../shared/text/dates.js';

export { istanbulDate, istanbulInstant } from '../shared/text/dates.js';

/** Today's date in Istanbul by the deps' clock, as 'YYYY-MM-DD'. */
export function todayInIstanbul(deps: { now(): Date }): string {
  return istanbulDate(deps.now());
}
