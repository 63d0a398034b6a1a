import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Store operations counted the way Firestore bills them, so what the sqlite adapter counts on a
 * laptop is what the Firestore adapter would be billed in production (docs/capacity.md turns
 * these into money). Deletes are apart from writes because they are priced apart.
 */
export interface OperationCounts {
  reads: number;
  writes: number;
  deletes: number;
}

export const noOperations = (): OperationCounts => ({ reads: 0, writes: 0, deletes: 0 });

/** Firestore's billing rules (firebase.google.com/docs/firestore/pricing), in one place for both adapters. */
export const billedReads = {
  /** A document read bills 1 read, found or not. */
  documents: (requested: number): number => requested,
  /**
   * A query bills each document it returns and each one its offset skipped, at least 1 read
   * even when nothing matches. Skipped documents are known only when some came back; an empty
   * page past the end bills the minimum here (the one case this undercounts).
   */
  query: (returned: number, offset = 0): number => Math.max(1, returned + (returned > 0 ? offset : 0)),
  /** An aggregation bills 1 read per 1,000 index entries it counted, at least 1. */
  count: (counted: number): number => Math.max(1, Math.ceil(counted / 1000)),
};

/**
 * Counts in total and per scope: the API runs each request in its own scope (api/http/response-headers.ts),
 * so concurrent requests each get their own count in the request log line.
 */
export class OperationMeter {
  readonly total: OperationCounts = noOperations();
  private readonly scope = new AsyncLocalStorage<OperationCounts>();

  /** Runs `fn` with `counts` collecting every operation it (and what it awaits) makes. */
  run<R>(counts: OperationCounts, fn: () => R): R {
    return this.scope.run(counts, fn);
  }

  add(kind: keyof OperationCounts, n: number): void {
    if (n <= 0) return;
    this.total[kind] += n;
    const current = this.scope.getStore();
    if (current) current[kind] += n;
  }

  /** Writes of one commit: deletes apart from the rest. */
  committed(kinds: readonly ('write' | 'delete')[]): void {
    let deletes = 0;
    for (const kind of kinds) if (kind === 'delete') deletes += 1;
    this.add('deletes', deletes);
    this.add('writes', kinds.length - deletes);
  }

  /** A copy of the totals, to subtract from a later one. */
  snapshot(): OperationCounts {
    return { ...this.total };
  }
}

export function operationsSince(before: OperationCounts, after: OperationCounts): OperationCounts {
  return { reads: after.reads - before.reads, writes: after.writes - before.writes, deletes: after.deletes - before.deletes };
}
