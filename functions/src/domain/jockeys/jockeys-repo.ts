import type { AppDeps } from '../../platform/deps.js';
import { parseJockey, type Jockey } from './jockey.js';

/** Every jockey's record (the standings rank them); other areas read `jockeys` only through here. */
export async function listJockeys(deps: Pick<AppDeps, 'store'>): Promise<Jockey[]> {
  return (await deps.store.collection('jockeys').get()).map(parseJockey);
}
