/**
 * Turkish IBAN: TR, two check digits, 5-digit bank code, a reserve digit, 16-character account
 * part; 26 characters in all, valid under ISO 13616 mod-97.
 */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The IBAN as it is printed for a person to read and copy by eye: groups of four. */
export function groupedIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})/g, '$1 ').trim();
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

export const IBAN_MESSAGES = {
  country: 'IBAN TR ile başlamalıdır: yalnızca Türkiye\'deki banka hesapları kabul edilir.',
  characters: 'IBAN\'da TR\'den sonra yalnızca rakam olmalıdır.',
  length: (length: number) => `IBAN 26 karakter olmalıdır; girilen ${length} karakter.`,
  checksum: 'IBAN\'ın kontrol basamakları tutmuyor: numarada yanlış yazılmış bir hane var.',
} as const;

/**
 * What is wrong with a Turkish IBAN, or null when it is valid: country, then characters, then
 * length, then the mod-97 checksum, so the message names the first thing to fix.
 */
export function turkishIbanProblem(value: string): string | null {
  const iban = normalizeIban(value);
  if (!iban.startsWith('TR')) return IBAN_MESSAGES.country;
  if (!/^\d*$/.test(iban.slice(2))) return IBAN_MESSAGES.characters;
  if (iban.length !== 26) return IBAN_MESSAGES.length(iban.length);
  if (mod97(iban) !== 1) return IBAN_MESSAGES.checksum;
  return null;
}

/** Builds a valid Turkish IBAN from its bank code and account part (for seed data and tests). */
export function turkishIban(bankCode: string, account: string): string {
  const bban = `${bankCode.padStart(5, '0')}0${account.padStart(16, '0')}`;
  const check = 98 - mod97(`TR00${bban}`);
  return `TR${String(check).padStart(2, '0')}${bban}`;
}
