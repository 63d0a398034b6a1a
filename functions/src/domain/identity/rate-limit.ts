import { createHash } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';

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
  register: { name: 'register-ip', max: 30, windowMs: 60 * 60_000 },
  passwordResetAccount: { name: 'reset-account', max: 3, windowMs: 60 * 60_000 },
  passwordResetIp: { name: 'reset-ip', max: 10, windowMs: 60 * 60_000 },
  contactIp: { name: 'contact-ip', max: 5, windowMs: 60 * 60_000 },
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

export async function reset(deps: AppDeps, rule: RateRule, key: string): Promise<void> {
  await deps.store.delete('rateLimits', docId(rule, key));
}

export function tooManyRequests(message: string, retryAfter: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, { headers: { 'Retry-After': String(retryAfter) } });
}

/** Refuses with 429 when any rule's window is full; otherwise counts the attempt against each. */
export async function consume(deps: AppDeps, checks: { rule: RateRule; key: string }[], message: string): Promise<void> {
  for (const { rule, key } of checks) {
    const wait = await retryAfterSeconds(deps, rule, key);
    if (wait !== null) throw tooManyRequests(message, wait);
  }
  for (const { rule, key } of checks) await hit(deps, rule, key);
}
