import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { winRate } from '../races/index.js';
import { parseJockey, type Counts, type Jockey } from './jockey.js';
import type { Ledger, LedgerRun } from './run-ledger.js';

/**
 * The reads a jockey's and a trainer's page share (their records have one shape, run-ledger.ts):
 * the record, its newest runs and its best horses in three reads whatever the history, and the
 * runs page by page. Each kind's queries turn these into its own view.
 */

type Deps = Pick<AppDeps, 'store'>;

/** Runs in the profile ('Son 30 koşu') and on each page of the runs. */
export const LAST_RIDES = 30;
/** Horses in the profile, best first (wins, then places). */
export const TOP_PARTNERSHIPS = 10;

/** The counts with the win and 'tabela' rates (percent, one decimal; the sample size is `rides`). */
export function withRates<C extends Counts>(counts: C): C & { winRate: number; placeRate: number } {
  return { ...counts, winRate: winRate(counts.wins, counts.rides), placeRate: winRate(counts.places, counts.rides) };
}

/** The person's record; a malformed id is a 400, an unknown one a 404, each in the kind's words. */
export async function loadPerson(deps: Deps, ledger: Pick<Ledger<LedgerRun>, 'people' | 'idPattern' | 'messages'>, id: string): Promise<Jockey> {
  if (!ledger.idPattern.test(id)) throw new AppError('BAD_REQUEST', ledger.messages.invalidId);
  const doc = await deps.store.get(ledger.people, id);
  if (!doc) throw new AppError('NOT_FOUND', ledger.messages.notFound);
  return parseJockey(doc);
}

const runsQuery = (deps: Deps, ledger: Pick<Ledger<LedgerRun>, 'runs' | 'idField'>, id: string) => deps.store.collection(ledger.runs).where(ledger.idField, '==', id).orderBy('startsAt', 'desc');

/** The record, its LAST_RIDES newest runs and its TOP_PARTNERSHIPS best horses. */
export async function personProfile<R extends LedgerRun, P extends Counts>(deps: Deps, ledger: Ledger<R, P, never>, id: string): Promise<{ person: Jockey; runs: R[]; horses: P[] }> {
  const [person, runs, horses] = await Promise.all([
    loadPerson(deps, ledger, id),
    runsQuery(deps, ledger, id).limit(LAST_RIDES).get(),
    deps.store.collection(ledger.pairs).where(ledger.idField, '==', id).orderBy('wins', 'desc').orderBy('places', 'desc').limit(TOP_PARTNERSHIPS).get(),
  ]);
  return { person, runs: runs.map(ledger.parseRun), horses: horses.map(ledger.parsePair) };
}

/** One page of the runs, newest first; the total is the record's run count (kept with the runs). */
export async function personRuns<R extends LedgerRun>(deps: Deps, ledger: Ledger<R, Counts, never>, id: string, page: number, limit: number): Promise<{ runs: R[]; total: number }> {
  const person = await loadPerson(deps, ledger, id);
  const docs = await runsQuery(deps, ledger, id).offset((page - 1) * limit).limit(limit).get();
  return { runs: docs.map(ledger.parseRun), total: person.totals.rides };
}

/** Every id of the kind, for the prebuilt pages. */
export async function listPersonIds(deps: Deps, ledger: Pick<Ledger<LedgerRun>, 'people'>): Promise<string[]> {
  return (await deps.store.collection(ledger.people).get()).map((d) => d.id);
}
