/** The staff screens' formats: the site's (src/lib/format.ts), with '—' where a table has no value. */
import { formatCompactDate, formatCompactDateTime, formatNumber } from '../../lib/format';

export const numberFormat = { format: formatNumber } as const;

/** '24 Kas 2026' */
export function fmtDate(iso: string | null | undefined): string {
  return formatCompactDate(iso) || '—';
}
/** '24 Kas 2026 14:30' */
export function fmtDateTime(iso: string | null | undefined): string {
  return formatCompactDateTime(iso) || '—';
}
/** User ids are shown by their last 8 characters (spec 002 §9). */
export function idTail(id: string): string {
  return id.slice(-8);
}

/** '24 kayıttan 1-10 arası gösteriliyor' for one page of a list. */
export function rangeText(page: number, limit: number, total: number): string {
  if (total === 0) return '0 kayıt';
  return `${total} kayıttan ${(page - 1) * limit + 1}-${Math.min(page * limit, total)} arası gösteriliyor`;
}
