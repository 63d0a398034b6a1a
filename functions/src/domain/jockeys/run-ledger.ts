import type { AppDeps } from '../../platform/deps.js';
import { DISTANCE_BUCKETS, distanceBucket, type RaceResult } from '../races/index.js';
import { foldTurkish } from '../text/index.js';
import { PLACED_UP_TO, countsSchema, parseJockey, partnershipId, type Counts, type Jockey, type JockeyRide, type StatGroup } from './jockey.js';

/**
 * The bookkeeping jockeys and trainers share (issue 49: both counted from the same results). Each
 * run document (one finisher of a result, under its jockey or its trainer) is the truth for that
 * finisher; a changed run moves the person's aggregates and the person-horse pair by the difference
 * between its old and new version, in ONE transaction with the run itself. So a repeated import
 * changes nothing, a corrected result (another place, another jockey or trainer) moves the figures
 * once, a crash leaves each chunk either applied or not, and two imports at once cannot count a run
 * twice (the transaction re-reads what it read before committing).
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

/** Runs per transaction: each may also delete an old run and touch two pairs and two people (< 500 writes). */
const RUNS_PER_CHUNK = 100;
/** Firestore's limit on an 'in' filter. */
const IN_LIMIT = 30;

/** A person's stored record without id and time: the same aggregates for a jockey and a trainer. */
export type PersonRecord = Omit<Jockey, 'id' | 'updatedAt'>;

/** What a run holds whoever it is filed under (a jockey's ride, a trainer's runner). */
export type LedgerRun = Omit<JockeyRide, 'id' | 'jockeyId' | 'jockeyName'> & { id: string };

/** One kind of person: where its documents live, how a result and a programme name it, how its ids and pairs read. */
export interface Ledger<R extends LedgerRun, P extends Counts = Counts, Race = unknown> {
  people: 'jockeys' | 'trainers';
  runs: 'jockeyRides' | 'trainerRuns';
  pairs: 'jockeyHorses' | 'trainerHorses';
  /** The field naming the person on a run and on a pair ('jockeyId', 'trainerId'). */
  idField: 'jockeyId' | 'trainerId';
  parseRun: (raw: unknown) => R;
  parsePair: (raw: unknown) => P;
  person: (run: R) => { id: string; name: string };
  /** The runs of one result filed under this kind of person. */
  runsOf: (race: Race, result: Pick<RaceResult, 'finishers'>) => R[];
  /** The id of a name as the source writes it; null when it names no one. */
  idOf: (name: string | null | undefined) => string | null;
  idPattern: RegExp;
  messages: { invalidId: string; notFound: string };
}

/** Where each kind's documents live, and who a run is filed under. */
export const DISTANCE_LABELS: Record<(typeof DISTANCE_BUCKETS)[number], string> = {
  '1000-1200': '1200 m ve altı',
  '1201-1400': '1201–1400 m',
  '1401-1600': '1401–1600 m',
  '1601-1800': '1601–1800 m',
  '1801-2000': '1801–2000 m',
  '2001+': '2001 m ve üzeri',
};

/** The key of a season at a venue in `stats.yearVenue` (standings filter on both at once). */
export const yearVenueKey = (year: string, venueId: string) => `${year}|${venueId}`;

export function emptyPerson(name: string): PersonRecord {
  return { name, nameKey: foldTurkish(name), totals: { rides: 0, wins: 0, places: 0 }, stats: { venue: {}, surface: {}, distance: {}, year: {}, yearVenue: {} }, lastRideDate: null };
}

const isWin = (run: LedgerRun) => run.position === 1;
const isPlaced = (run: LedgerRun) => run.position !== null && run.position >= 1 && run.position <= PLACED_UP_TO;

function groupKeys(run: LedgerRun): [StatGroup, string, string][] {
  const bucket = distanceBucket(run.distance);
  const year = run.date.slice(0, 4);
  return [
    ['venue', run.venueId, run.city],
    ['surface', run.surface, run.surface],
    ['distance', bucket, DISTANCE_LABELS[bucket]],
    ['year', year, year],
    ['yearVenue', yearVenueKey(year, run.venueId), `${run.city} ${year}`],
  ];
}

function moveCounts(counts: Counts, run: LedgerRun, sign: 1 | -1): Counts {
  return { rides: counts.rides + sign, wins: counts.wins + (isWin(run) ? sign : 0), places: counts.places + (isPlaced(run) ? sign : 0) };
}

/** Adds (sign 1) or takes away (sign -1) one run's share of a person's aggregates; the newest run names the person. */
export function applyRun(person: PersonRecord, run: LedgerRun, name: string, sign: 1 | -1): void {
  person.totals = moveCounts(person.totals, run, sign);
  for (const [group, key, label] of groupKeys(run)) {
    const current = person.stats[group][key] ?? { label, rides: 0, wins: 0, places: 0 };
    const next = { label: sign > 0 ? label : current.label, ...moveCounts(countsSchema.parse(current), run, sign) };
    if (next.rides <= 0) delete person.stats[group][key];
    else person.stats[group][key] = next;
  }
  if (sign > 0 && (person.lastRideDate === null || run.date >= person.lastRideDate)) {
    person.lastRideDate = run.date;
    person.name = name;
    person.nameKey = foldTurkish(name);
  }
}

/** Dates as instants, no id: two versions of a run are the same when this is. */
function sameRun(a: LedgerRun, b: LedgerRun): boolean {
  const key = (r: LedgerRun) => JSON.stringify(Object.entries({ ...r, id: undefined, startsAt: r.startsAt.getTime() }).sort(([x], [y]) => (x < y ? -1 : 1)));
  return key(a) === key(b);
}

/** Splits whole races into chunks of at most RUNS_PER_CHUNK runs and IN_LIMIT races. */
function chunks<R>(races: { raceId: string; runs: R[] }[]): { raceIds: string[]; runs: R[] }[] {
  const out: { raceIds: string[]; runs: R[] }[] = [];
  for (const race of races) {
    const last = out[out.length - 1];
    if (last && last.raceIds.length < IN_LIMIT && last.runs.length + race.runs.length <= RUNS_PER_CHUNK) {
      last.raceIds.push(race.raceId);
      last.runs.push(...race.runs);
    } else out.push({ raceIds: [race.raceId], runs: [...race.runs] });
  }
  return out;
}

/**
 * Records the runs of these results (whole races: a finisher no longer in a result loses its run).
 * Returns the runs written or removed.
 */
export async function recordRuns<R extends LedgerRun, Race extends { id: string }>(deps: Deps, ledger: Ledger<R, Counts, Race>, results: { race: Race; result: Pick<RaceResult, 'finishers'> }[]): Promise<number> {
  let changed = 0;
  const races = results.map(({ race, result }) => ({ raceId: race.id, runs: ledger.runsOf(race, result) }));
  for (const chunk of chunks(races)) changed += await recordChunk(deps, ledger, chunk);
  return changed;
}

type Pair = Counts & { horseId: string; horseName: string } & Record<string, unknown>;

async function recordChunk<R extends LedgerRun>(deps: Deps, ledger: Ledger<R, Counts, never>, chunk: { raceIds: string[]; runs: R[] }): Promise<number> {
  const { store } = deps;
  return store.runTransaction(async (tx) => {
    const stored = (await tx.query(store.collection(ledger.runs).where('raceId', 'in', chunk.raceIds))).map(ledger.parseRun);
    const before = new Map(stored.map((r) => [r.id, r]));
    const after = new Map(chunk.runs.map((r) => [r.id, r]));
    const changes: { old: R | null; next: R | null }[] = [];
    for (const [id, next] of after) {
      const old = before.get(id) ?? null;
      if (!old || !sameRun(old, next)) changes.push({ old, next });
    }
    for (const [id, old] of before) if (!after.has(id)) changes.push({ old, next: null });
    if (changes.length === 0) return 0;

    const runs = changes.flatMap((c) => [c.old, c.next]).filter((r): r is R => r !== null);
    const personIds = [...new Set(runs.map((r) => ledger.person(r).id))];
    const pairIds = [...new Set(runs.map((r) => partnershipId(ledger.person(r).id, r.horseId)))];
    const [personDocs, pairDocs] = await Promise.all([tx.getAll(ledger.people, personIds), tx.getAll(ledger.pairs, pairIds)]);
    const people = new Map<string, PersonRecord>();
    personIds.forEach((id, i) => {
      const doc = personDocs[i];
      if (doc) {
        const { id: _id, updatedAt: _u, ...rest } = parseJockey(doc);
        people.set(id, rest);
      }
    });
    const pairs = new Map<string, Pair>();
    pairIds.forEach((id, i) => {
      const doc = pairDocs[i];
      if (doc) {
        const { id: _id, ...rest } = doc as Pair & { id: string };
        pairs.set(id, rest);
      }
    });

    // Older runs first, so the newest run decides the name a person is shown with.
    const ordered = [...changes].sort((a, b) => ((a.next ?? a.old)!.date < (b.next ?? b.old)!.date ? -1 : 1));
    for (const { old, next } of ordered) {
      for (const [run, sign] of [
        [old, -1],
        [next, 1],
      ] as const) {
        if (!run) continue;
        const who = ledger.person(run);
        if (!people.has(who.id)) people.set(who.id, emptyPerson(who.name));
        applyRun(people.get(who.id)!, run, who.name, sign);
        const pid = partnershipId(who.id, run.horseId);
        if (!pairs.has(pid)) pairs.set(pid, { [ledger.idField]: who.id, horseId: run.horseId, horseName: run.horseName, rides: 0, wins: 0, places: 0 });
        const pair = pairs.get(pid)!;
        Object.assign(pair, moveCounts(pair, run, sign));
        if (sign > 0) pair.horseName = run.horseName;
      }
    }

    const now = deps.now();
    for (const { old, next } of changes) {
      if (next) {
        const { id, ...data } = next;
        tx.set(ledger.runs, id, data);
      } else if (old) tx.delete(ledger.runs, old.id);
    }
    for (const [id, person] of people) tx.set(ledger.people, id, { ...person, updatedAt: now });
    for (const [id, pair] of pairs) {
      if (pair.rides <= 0) tx.delete(ledger.pairs, id);
      else tx.set(ledger.pairs, id, pair);
    }
    return changes.length;
  });
}

/**
 * People named by an imported programme get their (empty) record, so the programme's links lead to
 * a page before their first result. Existing records are left as they are.
 */
export async function ensurePeople(deps: Deps, { people: collection, idOf }: Pick<Ledger<LedgerRun>, 'people' | 'idOf'>, names: (string | null)[]): Promise<number> {
  const byId = new Map<string, string>();
  for (const name of names) {
    const id = idOf(name);
    if (id && name && !byId.has(id)) byId.set(id, name.trim());
  }
  const ids = [...byId.keys()];
  let created = 0;
  for (let i = 0; i < ids.length; i += 400) {
    const slice = ids.slice(i, i + 400);
    created += await deps.store.runTransaction(async (tx) => {
      const docs = await tx.getAll(collection, slice);
      let n = 0;
      slice.forEach((id, j) => {
        if (docs[j]) return;
        tx.create(collection, id, { ...emptyPerson(byId.get(id)!), updatedAt: deps.now() });
        n += 1;
      });
      return n;
    });
  }
  return created;
}
