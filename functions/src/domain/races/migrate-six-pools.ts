import type { AppDeps } from '../../platform/deps.js';
import { isLegacySixPool, parseRaceDay } from './race.js';

/**
 * Rewrites race days whose altılı pools still hold `winners: number[][]` (written by the embedded
 * store before it refused what Firestore refuses) in the stored shape of today, legs as maps.
 * Idempotent: a second run finds nothing to rewrite. Only the embedded store can hold the old
 * shape (Firestore never accepted it), so the local server runs it at start.
 */
export async function migrateSixPools(deps: Pick<AppDeps, 'store'>): Promise<number> {
  const PAGE = 200;
  let rewritten = 0;
  for (let offset = 0; ; offset += PAGE) {
    const days = await deps.store.collection('raceDays').orderBy('date').offset(offset).limit(PAGE).get();
    const legacy = days.filter((day) => Array.isArray(day.sixPools) && day.sixPools.some(isLegacySixPool));
    if (legacy.length > 0) {
      const batch = deps.store.batch();
      for (const day of legacy) batch.update('raceDays', day.id, { sixPools: parseRaceDay(day).sixPools });
      await batch.commit();
      rewritten += legacy.length;
    }
    if (days.length < PAGE) return rewritten;
  }
}
