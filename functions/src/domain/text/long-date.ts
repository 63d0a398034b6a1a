const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });

/** '24 Kasım 2026' in Istanbul time: the date as mails write it out. */
export function formatTurkishDate(date: Date): string {
  return dateFormat.format(date);
}
