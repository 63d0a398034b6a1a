/**
 * Turkish IBAN: TR, two check digits, 5-digit bank code, a reserve digit, 16-character account
 * part; 26 characters in all, valid under ISO 13616 mod-97.
 */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

export function isValidTurkishIban(value: string): boolean {
  const iban = normalizeIban(value);
  return /^TR\d{24}$/.test(iban) && mod97(iban) === 1;
}

/** Builds a valid Turkish IBAN from its bank code and account part (for seed data and tests). */
export function turkishIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}0${account.padStart(16, '0')}`;
  const check = 98 - mod97(`TR00${bban}`);
  return `TR${String(check).padStart(2, '0')}${bban}`;
}

/** Groups of four, as printed on bank cards: TR12 0006 4000 ... */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})/g, '$1 ').trim();
}
