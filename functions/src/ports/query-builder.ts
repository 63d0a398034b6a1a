import type { DocumentData, Direction, Query, QuerySpec, WhereOp, WithId } from './document-store.js';
import { StoreError } from './document-store.js';

export interface QueryRunner {
  run<T extends DocumentData>(spec: QuerySpec): Promise<WithId<T>[]>;
  count(spec: QuerySpec): Promise<number>;
}

const OPS: ReadonlySet<WhereOp> = new Set(['==', '!=', '<', '<=', '>', '>=', 'in', 'array-contains']);

/** Immutable query builder shared by the adapters: each call returns a new query. */
export class SpecQuery<T extends DocumentData> implements Query<T> {
  constructor(
    private readonly runner: QueryRunner,
    readonly spec: QuerySpec,
  ) {}

  private with(patch: Partial<QuerySpec>): SpecQuery<T> {
    return new SpecQuery<T>(this.runner, { ...this.spec, ...patch });
  }

  where(field: string, op: WhereOp, value: unknown): Query<T> {
    if (!OPS.has(op)) throw new StoreError('INVALID_ARGUMENT', `Unsupported operator ${op}`);
    if (op === 'in' && (!Array.isArray(value) || value.length === 0 || value.length > 30)) {
      throw new StoreError('INVALID_ARGUMENT', "'in' needs between 1 and 30 values");
    }
    // Firestore's own refusals, so the embedded store refuses them too.
    if (value === null && op !== '==' && op !== '!=') throw new StoreError('INVALID_ARGUMENT', `Only == and != compare with null (${field} ${op} null)`);
    if ((op === 'array-contains' || op === '!=') && this.spec.where.some((clause) => clause.op === op)) {
      throw new StoreError('INVALID_ARGUMENT', `A query takes at most one '${op}' filter`);
    }
    return this.with({ where: [...this.spec.where, { field, op, value }] });
  }

  orderBy(field: string, direction: Direction = 'asc'): Query<T> {
    return this.with({ orderBy: [...this.spec.orderBy, { field, direction }] });
  }

  limit(n: number): Query<T> {
    if (!Number.isInteger(n) || n < 0) throw new StoreError('INVALID_ARGUMENT', 'limit must be a non-negative integer');
    return this.with({ limit: n });
  }

  offset(n: number): Query<T> {
    if (!Number.isInteger(n) || n < 0) throw new StoreError('INVALID_ARGUMENT', 'offset must be a non-negative integer');
    return this.with({ offset: n });
  }

  startAfter(...values: unknown[]): Query<T> {
    if (values.length === 0 || values.length > this.spec.orderBy.length) {
      throw new StoreError('INVALID_ARGUMENT', 'startAfter needs one value per orderBy clause');
    }
    return this.with({ startAfter: values });
  }

  get(): Promise<WithId<T>[]> {
    return this.runner.run<T>(this.spec);
  }

  count(): Promise<number> {
    return this.runner.count(this.spec);
  }
}

export function emptySpec(collection: string): QuerySpec {
  return { collection, where: [], orderBy: [] };
}
