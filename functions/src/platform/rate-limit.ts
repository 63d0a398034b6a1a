import { createHash } from 'node:crypto';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters kept in the `rateLimits` collection, so every function instance (and the
 * local server after a restart) sees the same counts. The document id is a hash of the key:
 * e-mail addresses never become ids and the id stays Firestore-safe.
 */
export interface RateRule {
  /** Kind of counter, part of the key: 'login-account', 'login-ip', 'contact-ip'... */
  name: string;
  max: number;
  windowMs: number;
}

export const RATE_RULES = {
  loginAccount: { name: 'login-account', max: 5, windowMs: 15 * 60_000 },
  loginIp: { name: 'login-ip', max: 20, windowMs: 15 * 60_000 },
  /** Current-password checks of a signed-in account (password and e-mail changes), like login's per-account rule. */
  currentPassword: { name: 'current-password', max: 5, windowMs: 15 * 60_000 },
  register: { name: 'register-ip', max: 30, windowMs: 60 * 60_000 },
  passwordResetAccount: { name: 'reset-account', max: 3, windowMs: 60 * 60_000 },
  passwordResetIp: { name: 'reset-ip', max: 10, windowMs: 60 * 60_000 },
  /** Attempts to use a reset link: a person needs one or two; the token is checked before any hashing. */
  passwordResetConfirmIp: { name: 'reset-confirm-ip', max: 20, windowMs: 60 * 60_000 },
  contactIp: { name: 'contact-ip', max: 5, windowMs: 60 * 60_000 },
  /** Upload grants from one address, whatever the accounts (each account has its own hourly cap too). */
  uploadIp: { name: 'upload-ip', max: 400, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>;

function docId(rule: RateRule, key: string): string {
  return createHash('sha256').update(`${rule.name}:${key}`).digest('hex');
}

interface Counter {
  count: number;
  windowStart: Date;
  expiresAt: Date;
}

function liveCounter(raw: Record<string, unknown> | null, now: Date): Counter | null {
  if (!raw) return null;
  const expiresAt = raw.expiresAt instanceof Date ? raw.expiresAt : null;
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) return null;
  return { count: Number(raw.count ?? 0), windowStart: raw.windowStart as Date, expiresAt };
}

/** Seconds until the counter's window ends when it is full; null when another attempt is allowed. */
export async function retryAfterSeconds(deps: AppDeps, rule: RateRule, key: string): Promise<number | null> {
  const now = deps.now();
  const counter = liveCounter(await deps.store.get('rateLimits', docId(rule, key)), now);
  if (!counter || counter.count < rule.max) return null;
  return Math.max(1, Math.ceil((counter.expiresAt.getTime() - now.getTime()) / 1000));
}

/** Counts one attempt (in a transaction, so concurrent attempts are all counted). */
export async function hit(deps: AppDeps, rule: RateRule, key: string): Promise<void> {
  const id = docId(rule, key);
  await deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const counter = liveCounter(await tx.get('rateLimits', id), now);
    if (counter) {
      tx.update('rateLimits', id, { count: counter.count + 1 });
    } else {
      tx.set('rateLimits', id, { rule: rule.name, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + rule.windowMs) });
    }
  });
}

/**
 * Atomically checks and counts one attempt: refused (seconds to wait) when the window is full,
 * counted otherwise. Concurrent attempts cannot all slip in under the limit.
 */
export async function reserve(deps: AppDeps, rule: RateRule, key: string): Promise<number | null> {
  const id = docId(rule, key);
  return deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const counter = liveCounter(await tx.get('rateLimits', id), now);
    if (counter && counter.count >= rule.max) return Math.max(1, Math.ceil((counter.expiresAt.getTime() - now.getTime()) / 1000));
    if (counter) tx.update('rateLimits', id, { count: counter.count + 1 });
    else tx.set('rateLimits', id, { rule: rule.name, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + rule.windowMs) });
    return null;
  });
}

/** Gives back an attempt counted by `reserve` that turned out not to count (a successful login). */
export async function release(deps: AppDeps, rule: RateRule, key: string): Promise<void> {
  const id = docId(rule, key);
  await deps.store.runTransaction(async (tx) => {
    const counter = liveCounter(await tx.get('rateLimits', id), deps.now());
    if (counter && counter.count > 0) tx.update('rateLimits', id, { count: counter.count - 1 });
  });
}

export async function reset(deps: AppDeps, rule: RateRule, key: string): Promise<void> {
  await deps.store.delete('rateLimits', docId(rule, key));
}

export function tooManyRequests(message: string, retryAfter: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, { headers: { 'Retry-After': String(retryAfter) } });
}

/** Counts one attempt against each rule, or refuses with 429 when any window is full (nothing counted then). */
export async function consume(deps: AppDeps, checks: { rule: RateRule; key: string }[], message: string): Promise<void> {
  const taken: { rule: RateRule; key: string }[] = [];
  for (const check of checks) {
    const wait = await reserve(deps, check.rule, check.key);
    if (wait !== null) {
      for (const t of taken) await release(deps, t.rule, t.key);
      throw tooManyRequests(message, wait);
    }
    taken.push(check);
  }
}
