import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto. The cost parameters are stored with every hash
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so raising them later re-hashes each password the next
 * time its owner logs in, and old hashes still verify meanwhile.
 */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

export const CURRENT_SCRYPT_PARAMS: ScryptParams = { logN: 17, r: 8, p: 1 };

/**
 * The cost in test mode only (`AppConfig.passwordCost`; production and development always use
 * CURRENT_SCRYPT_PARAMS). One derivation at 2^17 takes 0.7 s of an idle core here (about 3 s with
 * the suite running; 2^12 takes 18 ms), and the suite signs in several hundred times. The code path
 * is the same; tests/api/identity.test.ts still hashes, verifies and re-hashes at the production cost.
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { logN: 12, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  // scrypt needs 128 * N * r bytes; node's default cap (32 MiB) is below that for N=2^17.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length !== KEY_BYTES) return null;
  return { params: { logN, r, p }, salt, key };
}

export function hashParams(stored: string): ScryptParams | null {
  return parseHash(stored)?.params ?? null;
}

/** Whether a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): boolean {
  const current = parseHash(stored)?.params;
  if (!current) return true;
  return current.logN < params.logN || current.r < params.r || current.p < params.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Verifies a password in constant time. A missing or malformed hash still costs one full
 * derivation at `params` (against a dummy hash), so an unknown e-mail answers as slowly as a known one.
 */
export async function verifyPassword(password: string, stored: string | null, params: ScryptParams = CURRENT_SCRYPT_PARAMS): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    const cost = `${params.logN}$${params.r}$${params.p}`;
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword('ganyan-timing-equaliser', params));
    const dummy = parseHash(await dummyHashes.get(cost)!)!;
    await derive(password, dummy.salt, dummy.params);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}
