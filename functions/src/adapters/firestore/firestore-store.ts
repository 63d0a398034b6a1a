import { setTimeout as sleep } from 'node:timers/promises';
import {
  FieldValue as AdminFieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query as AdminQuery,
  type Transaction as AdminTransaction,
  type WriteBatch as AdminWriteBatch,
} from 'firebase-admin/firestore';
import type {
  DocumentData,
  DocumentStore,
  FieldTransform,
  Query,
  QuerySpec,
  SetOptions,
  StoreErrorCode,
  Transaction,
  WithId,
  WriteBatch,
} from '../../ports/document-store.js';
import { isFieldTransform, StoreError } from '../../ports/document-store.js';
import { assertCollectionName, assertDocId, assertFieldPath, assertStorableData, isPlainObject } from '../../ports/document-values.js';
import { assertServable, type IndexFile } from '../../ports/index-coverage.js';
import { billedReads, OperationMeter } from '../../ports/operation-meter.js';
import { emptySpec, SpecQuery, type QueryRunner } from '../../ports/query-builder.js';

export interface FirestoreStoreOptions {
  /**
   * Declared indexes to check queries against before sending them. Production Firestore refuses
   * unindexed queries itself; the emulator does not, so local runs pass this to fail the same way.
   */
  indexes?: IndexFile;
  /** Whether close() terminates the injected client (false when the caller shares it). */
  closeClient?: boolean;
  /**
   * How long runTransaction starts new rounds of the admin SDK's attempts while they keep losing
   * to contention (default 30 s: the API function has 60).
   */
  contentionBudgetMs?: number;
}

/** gRPC status codes the Firestore client reports, mapped to the port's error codes. */
const GRPC_CODES: Record<number, StoreErrorCode> = {
  3: 'INVALID_ARGUMENT',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
};

/**
 * Failures the admin SDK itself retries a transaction on (its isRetryableTransactionError): lost
 * lock races (ABORTED; the emulator's "Transaction lock timeout"; HTTP 409 through gaxios), an
 * expired transaction, and transient transport errors. The SDK rolls the attempt back first.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 8, 10, 13, 14, 409]);

function isContention(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'number') return false;
  return TRANSIENT_CODES.has(code) || (code === 3 && typeof message === 'string' && /transaction has expired/.test(message));
}

const DEFAULT_CONTENTION_BUDGET_MS = 30_000;

function toStoreError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && GRPC_CODES[code]) {
    return new StoreError(GRPC_CODES[code], (error as Error).message);
  }
  return error;
}

/**
 * The admin SDK checks values and queries synchronously, as they are built, and throws plain
 * Errors without a gRPC code (a Map value, a nesting too deep, `<` on null): those are the caller's
 * bad input, INVALID_ARGUMENT as the sqlite adapter says. Errors of the commit itself carry codes.
 */
function built<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof StoreError || !(error instanceof Error) || 'code' in error) throw toStoreError(error);
    throw new StoreError('INVALID_ARGUMENT', error.message);
  }
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toStoreError(error);
  }
}

function transformToAdmin(transform: FieldTransform): AdminFieldValue {
  switch (transform.__op) {
    case 'increment':
      return AdminFieldValue.increment(transform.by);
    case 'arrayUnion':
      return AdminFieldValue.arrayUnion(...transform.values.map(toAdmin));
    case 'arrayRemove':
      return AdminFieldValue.arrayRemove(...transform.values.map(toAdmin));
    case 'serverTimestamp':
      return AdminFieldValue.serverTimestamp();
    case 'delete':
      return AdminFieldValue.delete();
  }
}

/** Port values to what the admin SDK writes: sentinels become admin FieldValues, undefined fields are skipped. */
function toAdmin(value: unknown): unknown {
  if (isFieldTransform(value)) return transformToAdmin(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new StoreError('INVALID_ARGUMENT', 'Invalid Date');
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (item === undefined) throw new StoreError('INVALID_ARGUMENT', 'undefined is not a valid array element');
      return toAdmin(item);
    });
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = toAdmin(inner);
    return out;
  }
  return value;
}

/** What the port cannot carry at all (checked here); Firestore's own limits are left to Firestore. */
const PORT_VALUES = { firestoreLimits: false } as const;

function toAdminData(data: DocumentData): DocumentData {
  assertStorableData(data, 'set', PORT_VALUES);
  return toAdmin(data) as DocumentData;
}

/** `update` keys are field paths; checked like the sqlite adapter does so both refuse the same input. */
function toAdminUpdate(data: DocumentData): DocumentData {
  assertStorableData(data, 'update', PORT_VALUES);
  const out: DocumentData = {};
  for (const [path, value] of Object.entries(data)) {
    if (value === undefined) continue;
    assertFieldPath(path);
    out[path] = toAdmin(value);
  }
  return out;
}

/** Timestamps (at any depth) come back as Date, the port's only date type. */
function fromAdmin(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromAdmin);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = fromAdmin(inner);
    return out;
  }
  return value;
}

function fromSnapshot<T extends DocumentData>(snapshot: DocumentSnapshot): WithId<T> | null {
  if (!snapshot.exists) return null;
  return { ...(fromAdmin(snapshot.data() ?? {}) as DocumentData), id: snapshot.id } as WithId<T>;
}

export class FirestoreStore implements DocumentStore, QueryRunner {
  readonly kind = 'firestore' as const;
  readonly meter = new OperationMeter();

  constructor(
    private readonly db: Firestore,
    private readonly options: FirestoreStoreOptions = {},
  ) {}

  ref(collection: string, id: string): DocumentReference {
    return this.db.collection(assertCollectionName(collection)).doc(assertDocId(id));
  }

  /** The admin query for a port query spec. */
  toAdminQuery(spec: QuerySpec): AdminQuery {
    return built(() => this.buildQuery(spec));
  }

  private buildQuery(spec: QuerySpec): AdminQuery {
    if (this.options.indexes) assertServable(spec, this.options.indexes);
    let query: AdminQuery = this.db.collection(assertCollectionName(spec.collection));
    for (const clause of spec.where) {
      assertFieldPath(clause.field);
      query = query.where(clause.field, clause.op, toAdmin(clause.value));
    }
    for (const order of spec.orderBy) {
      assertFieldPath(order.field);
      query = query.orderBy(order.field, order.direction);
    }
    if (spec.startAfter) query = query.startAfter(...spec.startAfter.map(toAdmin));
    if (spec.offset !== undefined) query = query.offset(spec.offset);
    if (spec.limit !== undefined) query = query.limit(spec.limit);
    return query;
  }

  newId(): string {
    return this.db.collection('ids').doc().id;
  }

  get<T extends DocumentData>(collection: string, id: string): Promise<WithId<T> | null> {
    return mapped(async () => {
      const snapshot = await this.ref(collection, id).get();
      this.meter.add('reads', billedReads.documents(1));
      return fromSnapshot<T>(snapshot);
    });
  }

  getAll<T extends DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]> {
    return mapped(async () => {
      if (ids.length === 0) return [];
      const snapshots = await this.db.getAll(...ids.map((id) => this.ref(collection, id)));
      this.meter.add('reads', billedReads.documents(ids.length));
      return snapshots.map((snapshot) => fromSnapshot<T>(snapshot));
    });
  }

  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Promise<void> {
    return mapped(async () => {
      await built(() => this.ref(collection, id).set(toAdminData(data), { merge: options?.merge ?? false }));
      this.meter.committed(['write']);
    });
  }

  create(collection: string, id: string, data: DocumentData): Promise<void> {
    return mapped(async () => {
      await built(() => this.ref(collection, id).create(toAdminData(data)));
      this.meter.committed(['write']);
    });
  }

  update(collection: string, id: string, data: DocumentData): Promise<void> {
    return mapped(async () => {
      await built(() => this.ref(collection, id).update(toAdminUpdate(data)));
      this.meter.committed(['write']);
    });
  }

  delete(collection: string, id: string): Promise<void> {
    return mapped(async () => {
      await this.ref(collection, id).delete();
      this.meter.committed(['delete']);
    });
  }

  collection<T extends DocumentData>(collection: string): Query<T> {
    assertCollectionName(collection);
    return new SpecQuery<T>(this, emptySpec(collection));
  }

  run<T extends DocumentData>(spec: QuerySpec): Promise<WithId<T>[]> {
    return mapped(async () => {
      const snapshot = await this.toAdminQuery(spec).get();
      this.meter.add('reads', billedReads.query(snapshot.docs.length, spec.offset));
      return snapshot.docs.map((doc) => fromSnapshot<T>(doc)!);
    });
  }

  count(spec: QuerySpec): Promise<number> {
    return mapped(async () => {
      const snapshot = await this.toAdminQuery(spec).count().get();
      const counted = snapshot.data().count;
      this.meter.add('reads', billedReads.count(counted));
      return counted;
    });
  }

  /**
   * The admin SDK retries `fn` on contention (5 attempts, backoff from 1 s) and rolls back when it
   * throws. Under contention all five can lose: the emulator aborts a transaction that waited a few
   * seconds for a lock, so one slow holder outlasts them (18 s), and two staff pressing "approve" at
   * once got an error. Rounds of attempts go on, with a jittered pause, while the budget lasts; a
   * transaction that still loses is ABORTED (the API's 409 "İşlem çakıştı, lütfen tekrar deneyin."),
   * never an unmapped transport error (a 500). Every attempt's reads are billed (each tx.get counts
   * itself); only the attempt that committed wrote.
   */
  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    const started = Date.now();
    const budget = this.options.contentionBudgetMs ?? DEFAULT_CONTENTION_BUDGET_MS;
    for (let round = 1; ; round += 1) {
      try {
        let attempt: FirestoreTransaction | undefined;
        const result = await this.db.runTransaction((tx) => {
          attempt = new FirestoreTransaction(this, tx);
          return fn(attempt);
        });
        if (attempt) this.meter.committed(attempt.writeKinds);
        return result;
      } catch (error) {
        if (!isContention(error)) throw toStoreError(error);
        if (Date.now() - started >= budget) throw new StoreError('ABORTED', (error as Error).message);
        // Jittered, so the transactions that lost together do not start together again.
        await sleep(Math.min(2_000, 250 * round) * (0.5 + Math.random()));
      }
    }
  }

  batch(): WriteBatch {
    return new FirestoreBatch(this, this.db.batch());
  }

  async close(): Promise<void> {
    if (this.options.closeClient ?? true) await this.db.terminate();
  }
}

/** The write calls batches and transactions share (their return types differ, so not Pick<>). */
interface AdminWriter {
  set(ref: DocumentReference, data: DocumentData, options: { merge: boolean }): unknown;
  create(ref: DocumentReference, data: DocumentData): unknown;
  update(ref: DocumentReference, data: DocumentData): unknown;
  delete(ref: DocumentReference): unknown;
}

/** Writes shared by batches and transactions; the admin objects share these signatures. */
abstract class FirestoreWrites<Self> {
  /** What each queued write bills once committed. */
  readonly writeKinds: ('write' | 'delete')[] = [];
  constructor(
    protected readonly store: FirestoreStore,
    private readonly writer: AdminWriter,
  ) {}
  protected abstract self(): Self;
  protected beforeWrite(): void {}

  private write(apply: () => void, kind: 'write' | 'delete' = 'write'): Self {
    this.beforeWrite();
    built(apply);
    this.writeKinds.push(kind);
    return this.self();
  }
  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Self {
    return this.write(() => this.writer.set(this.store.ref(collection, id), toAdminData(data), { merge: options?.merge ?? false }));
  }
  create(collection: string, id: string, data: DocumentData): Self {
    return this.write(() => this.writer.create(this.store.ref(collection, id), toAdminData(data)));
  }
  update(collection: string, id: string, data: DocumentData): Self {
    return this.write(() => this.writer.update(this.store.ref(collection, id), toAdminUpdate(data)));
  }
  delete(collection: string, id: string): Self {
    return this.write(() => this.writer.delete(this.store.ref(collection, id)), 'delete');
  }
}

class FirestoreBatch extends FirestoreWrites<WriteBatch> implements WriteBatch {
  private committed = false;
  constructor(
    store: FirestoreStore,
    private readonly batch: AdminWriteBatch,
  ) {
    super(store, batch);
  }
  protected self(): WriteBatch {
    return this;
  }
  protected override beforeWrite(): void {
    if (this.committed) throw new StoreError('FAILED_PRECONDITION', 'Batch already committed');
  }
  commit(): Promise<void> {
    return mapped(async () => {
      if (this.committed) throw new StoreError('FAILED_PRECONDITION', 'Batch already committed');
      this.committed = true;
      await this.batch.commit();
      this.store.meter.committed(this.writeKinds);
    });
  }
}

class FirestoreTransaction extends FirestoreWrites<Transaction> implements Transaction {
  constructor(
    store: FirestoreStore,
    private readonly tx: AdminTransaction,
  ) {
    super(store, tx);
  }
  protected self(): Transaction {
    return this;
  }
  private assertReadPhase(): void {
    // Same error as the sqlite adapter, before the admin SDK's own untyped one.
    if (this.writeKinds.length > 0) throw new StoreError('INVALID_ARGUMENT', 'Transactions must do all reads before writes');
  }
  get<T extends DocumentData>(collection: string, id: string): Promise<WithId<T> | null> {
    // Not mapped here: the admin SDK must still see gRPC codes to retry on contention.
    return (async () => {
      this.assertReadPhase();
      const snapshot = await this.tx.get(this.store.ref(collection, id));
      this.store.meter.add('reads', billedReads.documents(1));
      return fromSnapshot<T>(snapshot);
    })();
  }
  getAll<T extends DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]> {
    // Not mapped here: the admin SDK must still see gRPC codes to retry on contention.
    return (async () => {
      this.assertReadPhase();
      if (ids.length === 0) return [];
      const snapshots = await this.tx.getAll(...ids.map((id) => this.store.ref(collection, id)));
      this.store.meter.add('reads', billedReads.documents(ids.length));
      return snapshots.map((snapshot) => fromSnapshot<T>(snapshot));
    })();
  }
  query<T extends DocumentData>(query: Query<T>): Promise<WithId<T>[]> {
    // Not mapped here: the admin SDK must still see gRPC codes to retry on contention.
    return (async () => {
      this.assertReadPhase();
      const snapshot = await this.tx.get(this.store.toAdminQuery(query.spec));
      this.store.meter.add('reads', billedReads.query(snapshot.docs.length, query.spec.offset));
      return snapshot.docs.map((doc) => fromSnapshot<T>(doc)!);
    })();
  }
}
