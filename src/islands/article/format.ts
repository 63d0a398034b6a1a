/** tr-TR formatting for the article islands: the shared helpers plus the two only they need. */
import { toDate } from '../../lib/format';

export { formatDate, formatLongDateTime as formatDateTime, formatNumber, wonBadgeText } from '../../lib/format';

/** The machine-readable value of a <time datetime>. */
export function isoDate(value: string | Date | null | undefined): string | undefined {
  return toDate(value)?.toISOString();
}
