/**
 * Turkish phone numbers as people read them: 0532 123 45 67 (mobile) and 0212 123 45 67
 * (landline, same grouping). Accepts what the site has stored over time: 05321234567,
 * 5321234567, +905321234567 (E.164), with spaces, dashes or brackets. Anything that is not a
 * Turkish number of 10 national digits is shown as it was written rather than mangled.
 * Browser-safe: pages, islands and the staff panel all format through this one function.
 */
export function formatTurkishPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const written = raw.trim();
  let digits = written.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(digits)) return written;
  if (digits.startsWith('+90')) digits = digits.slice(3);
  else if (digits.startsWith('+')) return written;
  else if (digits.startsWith('90') && digits.length === 12) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length !== 10 || digits.startsWith('0')) return written;
  return `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`;
}

/** The tel: link target of a number formatTurkishPhone understood (E.164), or null. */
export function telHref(raw: string | null | undefined): string | null {
  const shown = formatTurkishPhone(raw);
  if (!/^0\d{3} \d{3} \d{2} \d{2}$/.test(shown)) return null;
  return `tel:+90${shown.slice(1).replace(/ /g, '')}`;
}
