/** tr-TR formatting for the article islands: the shared helpers plus the two only they need. */
export { formatDate, formatNumber, wonBadgeText } from '../../lib/format';

const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
});

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Kasım 2026 14:05' (comments) */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

/** The machine-readable value of a <time datetime>. */
export function isoDate(value: string | Date | null | undefined): string | undefined {
  return toDate(value)?.toISOString();
}
