/** Turkish formatting shared by every staff screen (dates in Istanbul time, as the site shows them). */

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Europe/Istanbul' });
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });
export const numberFormat = new Intl.NumberFormat('tr-TR');

export function fmtDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
export function fmtDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
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
