import type { DocumentData, Transaction, WithId } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';

/** Records in `status` whose `dateField` is at most `upTo`: what a VIP job has to look at now. */
export interface DueRecords {
  collection: string;
  status: string;
  dateField: string;
  upTo: Date;
}

/** Bounds one run; the hourly schedule takes the rest on the next. */
const BATCH = 2000;

/**
 * The shape of the VIP jobs: a query picks candidates, and each one is read and decided again
 * inside its own transaction (another run, or staff, may have changed it meanwhile) before
 * anything is sent after the commit. One candidate failing is logged and the run goes on.
 */
export async function forEachDue<T>(
  deps: AppDeps,
  due: DueRecords,
  failure: string,
  decide: (tx: Transaction, raw: WithId<DocumentData>, now: Date) => Promise<T | null>,
  afterCommit: (outcome: T) => Promise<void>,
): Promise<void> {
  const { collection, status, dateField, upTo } = due;
  const candidates = await deps.store.collection(collection).where('status', '==', status).where(dateField, '<=', upTo).orderBy(dateField, 'asc').limit(BATCH).get();
  for (const candidate of candidates) {
    try {
      const outcome = await deps.store.runTransaction(async (tx) => {
        const raw = await tx.get(collection, candidate.id);
        return raw ? decide(tx, raw, deps.now()) : null;
      });
      if (outcome) await afterCommit(outcome);
    } catch (error) {
      deps.log.error(failure, { id: candidate.id, error: String(error) });
    }
  }
}
