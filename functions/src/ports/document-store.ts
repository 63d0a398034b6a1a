/**
 * DocumentStore: the Firestore-shaped port every domain service talks to.
 *
 * It promises only what Firestore itself can do, so code that runs on the embedded
 * sqlite adapter runs unchanged on Cloud Firestore. Documents come back as plain
 * objects with their `id`, and dates come back as `Date`s whatever the adapter.
 */
import type { OperationMeter } from './operation-meter.js';

export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'array-contains';
export type Direction = 'asc' | 'desc';

export type DocumentData = Record<string, unknown>;
export type WithId<T> = T & { id: string };

/** Sentinel values understood by set/update/create, mirroring Firestore's FieldValue. */
export type FieldTransform =
  | { readonly __op: 'increment'; readonly by: number }
  | { readonly __op: 'arrayUnion'; readonly values: readonly unknown[] }
  | { readonly __op: 'arrayRemove'; readonly values: readonly unknown[] }
  | { readonly __op: 'serverTimestamp' }
  | { readonly __op: 'delete' };

export const FieldValue = {
  increment: (by: number): FieldTransform => ({ __op: 'increment', by }),
  arrayUnion: (...values: unknown[]): FieldTransform => ({ __op: 'arrayUnion', values }),
  arrayRemove: (...values: unknown[]): FieldTransform => ({ __op: 'arrayRemove', values }),
  serverTimestamp: (): FieldTransform => ({ __op: 'serverTimestamp' }),
  delete: (): FieldTransform => ({ __op: 'delete' }),
};

export function isFieldTransform(value: unknown): value is FieldTransform {
  return typeof value === 'object' && value !== null && '__op' in value && Object.keys(value).length <= 2;
}

export interface WhereClause {
  field: string;
  op: WhereOp;
  value: unknown;
}

export interface OrderClause {
  field: string;
  direction: Direction;
}

/** A query as data, so adapters can translate it and the index checker can inspect its shape. */
export interface QuerySpec {
  collection: string;
  where: WhereClause[];
  orderBy: OrderClause[];
  limit?: number;
  offset?: number;
  /** Cursor values, one per orderBy clause, as Firestore's startAfter(...values). */
  startAfter?: unknown[];
}

export interface Query<T extends DocumentData = DocumentData> {
  readonly spec: QuerySpec;
  where(field: string, op: WhereOp, value: unknown): Query<T>;
  orderBy(field: string, direction?: Direction): Query<T>;
  limit(n: number): Query<T>;
  offset(n: number): Query<T>;
  startAfter(...values: unknown[]): Query<T>;
  get(): Promise<WithId<T>[]>;
  count(): Promise<number>;
}

export interface SetOptions {
  merge?: boolean;
}

/** Writes shared by transactions and batches. `update` fails with NOT_FOUND, `create` with ALREADY_EXISTS. */
export interface WriteOps<Self> {
  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Self;
  create(collection: string, id: string, data: DocumentData): Self;
  update(collection: string, id: string, data: DocumentData): Self;
  delete(collection: string, id: string): Self;
}

export interface Transaction extends WriteOps<Transaction> {
  get<T extends DocumentData = DocumentData>(collection: string, id: string): Promise<WithId<T> | null>;
  getAll<T extends DocumentData = DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]>;
  query<T extends DocumentData = DocumentData>(query: Query<T>): Promise<WithId<T>[]>;
}

export interface WriteBatch extends WriteOps<WriteBatch> {
  commit(): Promise<void>;
}

export interface DocumentStore {
  readonly kind: 'sqlite' | 'firestore';
  /** Operations counted as Firestore bills them (ports/operation-meter.ts). */
  readonly meter: OperationMeter;
  newId(): string;
  get<T extends DocumentData = DocumentData>(collection: string, id: string): Promise<WithId<T> | null>;
  getAll<T extends DocumentData = DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]>;
  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Promise<void>;
  create(collection: string, id: string, data: DocumentData): Promise<void>;
  update(collection: string, id: string, data: DocumentData): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  collection<T extends DocumentData = DocumentData>(collection: string): Query<T>;
  /** Runs `fn` with read-then-write isolation; retried on conflict, never half-applied. */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R>;
  batch(): WriteBatch;
  close(): Promise<void>;
}

export type StoreErrorCode = 'NOT_FOUND' | 'ALREADY_EXISTS' | 'ABORTED' | 'FAILED_PRECONDITION' | 'INVALID_ARGUMENT';

/** Raised by adapters; the API layer maps it to an AppError where a caller can see it. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
