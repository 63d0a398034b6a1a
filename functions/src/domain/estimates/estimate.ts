import { createHash } from 'node:crypto';
import { selectionsText, type HashedBet } from '../../shared/estimates/selections-text.js';

/** The estimate entity lives in the browser-safe shared folder; hashing needs node:crypto, so it stays here. */
export * from '../../shared/estimates/estimate.js';

export function selectionsHash(races: { id: string; selectedHorses: { number: number }[] }[], bet: HashedBet | null = null): string {
  return createHash('sha256').update(selectionsText(races, bet)).digest('hex');
}
