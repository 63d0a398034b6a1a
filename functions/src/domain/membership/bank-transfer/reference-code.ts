import { randomInt } from 'node:crypto';
import type { Transaction } from '../../../ports/document-store.js';
import { AppError } from '../../../platform/errors.js';

/**
 * Payment reference codes (`GNY-4K7P`). The alphabet leaves out 0/O, 1/I and lower-case l, which
 * people misread when they copy a code into a bank form by hand; 32 symbols x 4 places give about a
 * million codes. A code is reserved in `vipReferenceCodes` (id = the code) in the filing
 * transaction and never reused, so a transfer that names an old code can never pay a new request.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_PREFIX = 'GNY-';
const CODE_LENGTH = 4;
const ATTEMPTS = 12;

export const REFERENCE_CODE_PATTERN = new RegExp(`^GNY-[${REFERENCE_ALPHABET}]{${CODE_LENGTH}}$`);

export function randomReferenceCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX}${code}`;
}

/**
 * Reserves an unused code inside the caller's transaction. A collision (or a concurrent filing
 * taking the same code, which the transaction's re-check catches) simply draws again.
 */
export async function reserveReferenceCode(tx: Transaction, requestId: string, now: Date, random?: (max: number) => number): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const code = randomReferenceCode(random);
    if (await tx.get('vipReferenceCodes', code)) continue;
    tx.create('vipReferenceCodes', code, { requestId, createdAt: now });
    return code;
  }
  throw new AppError('UNAVAILABLE', 'Ödeme referans kodu oluşturulamadı. Lütfen tekrar deneyin.');
}

/**
 * Codes written in a bank's description field: banks drop the hyphen, add spaces, or write it in
 * lower case ("gny 4k7p"). Answers every well-formed code found, in the canonical form.
 */
export function findReferenceCodes(description: string): string[] {
  const found = new Set<string>();
  const upper = description.toUpperCase();
  const pattern = new RegExp(`GNY[\\s\\-_.:]*([${REFERENCE_ALPHABET}]{${CODE_LENGTH}})(?![${REFERENCE_ALPHABET}])`, 'g');
  for (const match of upper.matchAll(pattern)) found.add(`${REFERENCE_PREFIX}${match[1]}`);
  return [...found];
}
