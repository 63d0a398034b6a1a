import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { API_MEMORY_MIB } from '../../platform/function-memory.js';
import { createHashQueue, hashQueueLimits } from '../../platform/hash-queue.js';

/**
 * Password hashing with scrypt from node:crypto. The cost parameters are stored with every hash
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so changing them re-hashes each password the next
 * time its owner logs in, and old hashes still verify meanwhile.
 */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's N=2^15, r=8, p=3: the same work as its N=2^16/p=2 and N=2^17/p=1 rows, but 32 MiB per
 * derivation instead of 128 MiB (scrypt's p lanes run one after another in the same buffer), so
 * a burst of sign-ins fits in an instance's memory (docs/security.md). Hashes made at 2^17, p=1
 * still verify and are replaced at their owner's next sign-in.
 */
export const CURRENT_SCRYPT_PARAMS: ScryptParams = { logN: 15, r: 8, p: 3 };

/**
 * The cost in test mode only (`AppConfig.passwordCost`; production and development always use
 * CURRENT_SCRYPT_PARAMS). The suite signs in several hundred times on a shared machine, and 2^12
 * takes a few ms. The code path is the same; tests/api/identity.test.ts still hashes, verifies and
 * re-hashes at the production cost.
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { logN: 12, r: 8, p: 1 };

/** What one derivation holds while it runs, as OpenSSL counts it: the 128·r·(N+2)-byte table and the 128·r·p-byte block. */
export function scryptMemoryBytes(params: ScryptParams): number {
  return 128 * params.r * (2 ** params.logN + 2 + params.p);
}

/**
 * Every derivation of this process goes through one queue sized from the `api` function's memory:
 * at most a quarter of it in scrypt tables at once (3 hashes at today's parameters in 512 MiB).
 */
export const passwordHashing = createHashQueue(hashQueueLimits(API_MEMORY_MIB, scryptMemoryBytes(CURRENT_SCRYPT_PARAMS)));

const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const bytes = scryptMemoryBytes(params);
  // node's default cap (32 MiB) is a few bytes short of today's need and far below a legacy 2^17 hash's.
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: 2 * bytes };
  return passwordHashing.run(
    bytes,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
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

/**
 * Whether a stored hash was made with other parameters than today's: weaker ones must be raised,
 * and stronger-but-hungrier ones (2^17, 128 MiB) cost every later sign-in four times the memory.
 */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): boolean {
  const current = parseHash(stored)?.params;
  if (!current) return true;
  return current.logN !== params.logN || current.r !== params.r || current.p !== params.p;
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
