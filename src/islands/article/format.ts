/** tr-TR formatting shared by the article and list islands (architecture §6). */

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
});
const numberFormat = new Intl.NumberFormat('tr-TR');

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Kasım 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** '22 Kasım 2026 14:05' */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

export function isoDate(value: string | Date | null | undefined): string | undefined {
  return toDate(value)?.toISOString();
}

export function formatNumber(value: number | null | undefined): string {
  return numberFormat.format(value ?? 0);
}
