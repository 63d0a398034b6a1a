import type { AppDeps } from '../../functions/src/platform/deps.js';
import { seedAds } from './ads.js';
import { seedArticles } from './articles.js';
import { seedEstimates } from './estimates.js';
import { seedMembership } from './membership.js';
import { seedRaces } from './races.js';
import { seedUsers } from './users.js';

export interface SeedOptions {
  /** Extra generated articles on top of the demo content, for benchmarks. */
  scale?: number;
  log?: (line: string) => void;
}

/**
 * The demo data, in dependency order: accounts first (articles need authors, VIP state needs
 * members), then articles, then races (estimates point at articles). Each area owns its seed file.
 * Deterministic: the same content for the same day and scale, whatever the machine.
 */
export async function seedAll(live: AppDeps, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => {});
  // One moment for the whole seed: the articles and the estimates seeds plan the same tips from
  // `now` (a tip for a race later today is published minutes before now), and two readings of the
  // clock seconds apart left those tips without their estimate.
  const at = live.now();
  const deps: AppDeps = { ...live, now: () => at };
  const steps: [label: string, run: () => Promise<unknown>][] = [
    ['kullanıcılar', () => seedUsers(deps)],
    ['VIP üyelik', () => seedMembership(deps)],
    ['makaleler', () => seedArticles(deps, { scale: options.scale ?? 0 })],
    ['yarışlar', () => seedRaces(deps)],
    // After articles and races: estimates attach to estimation articles and settle from the results.
    ['yarış tahminleri', () => seedEstimates(deps)],
    ['reklamlar', () => seedAds(deps)],
  ];
  for (const [label, run] of steps) {
    const started = Date.now();
    await run();
    log(`seed: ${label} hazır (${Date.now() - started} ms)`);
  }
}

/** The store counts as empty when nobody can log in yet. */
export async function isStoreEmpty(deps: AppDeps): Promise<boolean> {
  return (await deps.store.collection('users').limit(1).get()).length === 0;
}
