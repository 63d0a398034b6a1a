import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type {
  DocumentData,
  DocumentStore,
  OrderClause,
  Query,
  QuerySpec,
  SetOptions,
  Transaction,
  WithId,
  WriteBatch,
} from '../../ports/document-store.js';
import { StoreError } from '../../ports/document-store.js';
import {
  applyUpdate,
  assertCollectionName,
  assertDocId,
  assertDocumentSize,
  assertFieldPath,
  assertStorableData,
  assertWriteSequence,
  mergeDeep,
  resolveValue,
} from '../../ports/document-values.js';
import { assertServable, type IndexFile } from '../../ports/index-coverage.js';
import { billedReads, OperationMeter } from '../../ports/operation-meter.js';
import { emptySpec, SpecQuery, type QueryRunner } from '../../ports/query-builder.js';
import { bindValue, decodeDocument, encodeDocument } from './codec.js';

type Write =
  | { kind: 'set'; collection: string; id: string; data: DocumentData; merge: boolean }
  | { kind: 'create'; collection: string; id: string; data: DocumentData }
  | { kind: 'update'; collection: string; id: string; data: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

interface DocRead {
  collection: string;
  id: string;
  version: number;
}

/** A query read inside a transaction, re-run at commit so an inserted or removed match is a conflict too. */
interface QueryRead {
  spec: QuerySpec;
  signature: string;
}

export interface SqliteStoreOptions {
  /** Database file; ':memory:' for a throwaway store. */
  file: string;
  /** Declared composite indexes: queries outside them are refused, as Firestore would. */
  indexes: IndexFile;
  busyTimeoutMs?: number;
  /** Called with every query shape issued (used by the index-coverage report). */
  onQuery?: (spec: QuerySpec) => void;
}

const MAX_TRANSACTION_ATTEMPTS = 30;
const PUSH_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Bumped when the shape of the indexes this adapter creates changes, so new ones get built (and
 * the older generations dropped: every index costs time on each write).
 */
const INDEX_GENERATION = 3;

function tableName(collection: string): string {
  return `c_${assertCollectionName(collection)}`;
}

function jsonPath(field: string): string {
  return `'$.${assertFieldPath(field)
    .map((part) => `"${part}"`)
    .join('.')}'`;
}

function extract(field: string): string {
  return `json_extract(data, ${jsonPath(field)})`;
}

function jsonType(field: string): string {
  return `json_type(data, ${jsonPath(field)})`;
}

function sqlDirection(direction: 'asc' | 'desc'): string {
  return direction === 'desc' ? 'DESC' : 'ASC';
}

/**
 * The ordering Firestore applies: explicit orderBy clauses, or the inequality field when there
 * are none, then the document id in the direction of the last clause.
 */
export function effectiveOrder(spec: QuerySpec): OrderClause[] {
  if (spec.orderBy.length > 0) return spec.orderBy;
  const inequality = spec.where.find((w) => ['<', '<=', '>', '>=', '!='].includes(w.op));
  return inequality ? [{ field: inequality.field, direction: 'asc' }] : [];
}

class ReadConflict extends Error {}

/** The embedded store refuses every value Firestore would (ports/document-values.ts). */
const FIRESTORE_LIMITS = { firestoreLimits: true } as const;

export class SqliteStore implements DocumentStore, QueryRunner {
  readonly kind = 'sqlite' as const;
  readonly meter = new OperationMeter();
  private readonly db: DatabaseSync;
  /** Collections whose table and indexes were checked by this process, with their table name. */
  private readonly tableOf = new Map<string, string>();
  private readonly indexed = new Set<string>();
  private readonly statements = new Map<string, StatementSync>();
  private readonly servableShapes = new Set<string>();

  constructor(private readonly options: SqliteStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new DatabaseSync(options.file);
    // synchronous=FULL: a VIP approval or payment-related write that was answered must survive a power
    // loss too, not only a crash of this process; WAL keeps readers unblocked while it syncs.
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000};`);
    // Point reads land all over the file: a larger page cache and memory-mapped reads keep them
    // off the read() syscall path (the OS shares the mapped pages; nothing is copied twice).
    this.db.exec(`PRAGMA cache_size = -32768; PRAGMA mmap_size = 268435456;`);
    // A store-wide sequence numbers every commit: a document's version can never repeat, even
    // after it is deleted and created again, so transactions cannot miss that change.
    this.db.exec(`CREATE TABLE IF NOT EXISTS "__meta" (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
    this.db.prepare(`INSERT OR IGNORE INTO "__meta" (key, value) VALUES ('seq', ?)`).run(Date.now());
  }

  /** Statements are compiled once per SQL string: preparing costs more than running a point read. */
  private stmt(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  newId(): string {
    const bytes = randomBytes(20);
    let id = '';
    for (const byte of bytes) id += PUSH_ID_CHARS[byte % PUSH_ID_CHARS.length];
    return id;
  }

  private ensureTable(collection: string): string {
    const known = this.tableOf.get(collection);
    if (known) return known;
    const table = tableName(collection);
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL)`);
    this.dropStaleIndexes(table);
    // Also for tables made by an earlier run: indexes declared since then must exist now.
    this.createDeclaredIndexes(collection, table);
    this.tableOf.set(collection, table);
    return table;
  }

  private dropStaleIndexes(table: string): void {
    const current = new RegExp(`^(ix|sx)${INDEX_GENERATION}_`);
    const names = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name GLOB '[is]x[0-9]*'`).all(table);
    for (const { name } of names) if (!current.test(String(name))) this.db.exec(`DROP INDEX IF EXISTS "${String(name)}"`);
  }

  /**
   * SQLite serves the same query shapes as Firestore through expression indexes. The id closes
   * each index in the direction of the last field, which is the tie-break order Firestore uses,
   * so a page query is read straight off the index without sorting. The JSON types of the fields
   * follow (see compile(): they keep `true` apart from `1` and order by a field off its nulls), so
   * a count or an id-only read is answered from the index alone: counting 100,000 articles by
   * reading every row took seconds, from the index it takes milliseconds.
   */
  private createDeclaredIndexes(collection: string, table: string): void {
    for (const index of this.options.indexes.indexes) {
      if (index.collectionGroup !== collection) continue;
      const ordered = index.fields.filter((f) => !f.arrayConfig);
      if (ordered.length === 0) continue;
      const last = ordered.at(-1)!.order === 'DESCENDING' ? 'DESC' : 'ASC';
      const columns = [
        ...ordered.map((f) => `${extract(f.fieldPath)} ${f.order === 'DESCENDING' ? 'DESC' : 'ASC'}`),
        `id ${last}`,
        ...ordered.map((f) => jsonType(f.fieldPath)),
      ];
      const name = `ix${INDEX_GENERATION}_${table}_${ordered.map((f) => `${f.fieldPath.replace(/\./g, '_')}_${f.order === 'DESCENDING' ? 'd' : 'a'}`).join('_')}`;
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${table}" (${columns.join(', ')})`);
    }
  }

  /** Firestore indexes every single field automatically; SQLite gets the same on first use. */
  private ensureSingleFieldIndex(table: string, field: string): void {
    const key = `${table}.${field}`;
    if (this.indexed.has(key)) return;
    // Scanned backwards for descending order, which then also gives Firestore's id DESC tie-break.
    this.db.exec(`CREATE INDEX IF NOT EXISTS "sx${INDEX_GENERATION}_${table}_${field.replace(/\./g, '_')}" ON "${table}" (${extract(field)}, id, ${jsonType(field)})`);
    this.indexed.add(key);
  }

  private readRow(collection: string, id: string): { data: DocumentData; version: number } | null {
    const table = this.ensureTable(collection);
    const row = this.stmt(`SELECT data, version FROM "${table}" WHERE id = ?`).get(assertDocId(id));
    if (!row) return null;
    return { data: decodeDocument(row.data as string), version: Number(row.version) };
  }

  async get<T extends DocumentData>(collection: string, id: string): Promise<WithId<T> | null> {
    const doc = this.readDoc<T>(collection, id);
    this.meter.add('reads', billedReads.documents(1));
    return doc;
  }

  async getAll<T extends DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]> {
    const docs = ids.map((id) => this.readDoc<T>(collection, id));
    this.meter.add('reads', billedReads.documents(ids.length));
    return docs;
  }

  private readDoc<T extends DocumentData>(collection: string, id: string): WithId<T> | null {
    const table = this.ensureTable(collection);
    const row = this.stmt(`SELECT data FROM "${table}" WHERE id = ?`).get(assertDocId(id));
    if (!row) return null;
    // The decoded object is fresh, so the id goes on it instead of into a copy.
    const doc = decodeDocument(row.data as string);
    doc.id = id;
    return doc as WithId<T>;
  }

  async set(collection: string, id: string, data: DocumentData, options?: SetOptions): Promise<void> {
    this.commit([], [], [{ kind: 'set', collection, id: assertDocId(id), data, merge: options?.merge ?? false }]);
  }

  async create(collection: string, id: string, data: DocumentData): Promise<void> {
    this.commit([], [], [{ kind: 'create', collection, id: assertDocId(id), data }]);
  }

  async update(collection: string, id: string, data: DocumentData): Promise<void> {
    this.commit([], [], [{ kind: 'update', collection, id: assertDocId(id), data }]);
  }

  async delete(collection: string, id: string): Promise<void> {
    this.commit([], [], [{ kind: 'delete', collection, id: assertDocId(id) }]);
  }

  collection<T extends DocumentData>(collection: string): Query<T> {
    tableName(collection);
    return new SpecQuery<T>(this, emptySpec(collection));
  }

  private checkServable(spec: QuerySpec): void {
    const shape = JSON.stringify([spec.collection, spec.where.map((w) => [w.field, w.op]), spec.orderBy]);
    if (this.servableShapes.has(shape)) return;
    assertServable(spec, this.options.indexes);
    this.servableShapes.add(shape);
  }

  private compile(spec: QuerySpec, columns: string): { sql: string; params: SQLInputValue[] } {
    this.checkServable(spec);
    this.options.onQuery?.(spec);
    const table = this.ensureTable(spec.collection);
    const order = effectiveOrder(spec);
    for (const clause of spec.where) if (clause.op !== 'array-contains') this.ensureSingleFieldIndex(table, clause.field);
    if (order.length === 1) this.ensureSingleFieldIndex(table, order[0]!.field);
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    for (const clause of spec.where) {
      const column = extract(clause.field);
      switch (clause.op) {
        case '==':
          if (clause.value === null) conditions.push(`${jsonType(clause.field)} = 'null'`);
          else {
            conditions.push(`${column} = ?`);
            params.push(bindValue(clause.value));
            // JSON true and the number 1 extract alike; Firestore never treats them as equal.
            if (typeof clause.value === 'boolean') conditions.push(`${jsonType(clause.field)} = '${clause.value}'`);
            else if (typeof clause.value === 'number') conditions.push(`${jsonType(clause.field)} IN ('integer', 'real')`);
          }
          break;
        case '!=':
          conditions.push(`${jsonType(clause.field)} IS NOT NULL AND ${column} IS NOT ?`);
          params.push(bindValue(clause.value));
          break;
        case 'in': {
          const values = clause.value as unknown[];
          conditions.push(`${column} IN (${values.map(() => '?').join(', ')})`);
          params.push(...values.map(bindValue));
          break;
        }
        case 'array-contains':
          conditions.push(`EXISTS (SELECT 1 FROM json_each(data, ${jsonPath(clause.field)}) AS e WHERE e.value = ?)`);
          params.push(bindValue(clause.value));
          break;
        default: {
          // Firestore compares only values of the same type; SQLite would rank numbers below text.
          const bound = bindValue(clause.value);
          const sameType = typeof bound === 'string' ? `${jsonType(clause.field)} = 'text'` : `${jsonType(clause.field)} IN ('integer', 'real')`;
          conditions.push(`${column} ${clause.op} ? AND ${sameType}`);
          params.push(bound);
        }
      }
    }
    // Ordering on a field leaves out documents without it. A filter on the field already does;
    // otherwise test the indexed value first so the row is read only for JSON nulls.
    const filtered = new Set(spec.where.map((w) => w.field));
    for (const o of order) {
      if (!filtered.has(o.field)) conditions.push(`(${extract(o.field)} IS NOT NULL OR ${jsonType(o.field)} = 'null')`);
    }
    if (spec.startAfter) {
      const cursor = spec.startAfter;
      const alternatives: string[] = [];
      for (let i = 0; i < cursor.length; i += 1) {
        const parts: string[] = [];
        for (let j = 0; j < i; j += 1) {
          parts.push(`${extract(order[j]!.field)} = ?`);
          params.push(bindValue(cursor[j]));
        }
        const o = order[i]!;
        parts.push(`${extract(o.field)} ${o.direction === 'asc' ? '>' : '<'} ?`);
        params.push(bindValue(cursor[i]));
        alternatives.push(`(${parts.join(' AND ')})`);
      }
      conditions.push(`(${alternatives.join(' OR ')})`);
    }
    const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
    const lastDirection = order.at(-1)?.direction ?? 'asc';
    const orderBy = [...order.map((o) => `${extract(o.field)} ${sqlDirection(o.direction)}`), `id ${sqlDirection(lastDirection)}`];
    const windowed = spec.limit !== undefined || spec.offset !== undefined;
    // A count over the whole result needs no order: sorting thousands of rows only to count them is waste.
    const ordered = columns !== '1' || windowed;
    let sql = `SELECT ${columns} FROM "${table}"${where}${ordered ? ` ORDER BY ${orderBy.join(', ')}` : ''}`;
    if (windowed) {
      sql += ` LIMIT ${spec.limit ?? -1} OFFSET ${spec.offset ?? 0}`;
    }
    return { sql, params };
  }

  async run<T extends DocumentData>(spec: QuerySpec): Promise<WithId<T>[]> {
    const { sql, params } = this.compile(spec, 'id, data');
    const docs = this.stmt(sql)
      .all(...params)
      .map((row) => {
        // The decoded object is fresh, so the id goes on it instead of into a copy.
        const doc = decodeDocument(row.data as string);
        doc.id = row.id as string;
        return doc as WithId<T>;
      });
    this.meter.add('reads', billedReads.query(docs.length, spec.offset));
    return docs;
  }

  async count(spec: QuerySpec): Promise<number> {
    const { sql, params } = this.compile(spec, '1');
    const row = this.stmt(`SELECT COUNT(*) AS n FROM (${sql})`).get(...params);
    const counted = Number(row?.n ?? 0);
    this.meter.add('reads', billedReads.count(counted));
    return counted;
  }

  /** The rows of a transaction's query, with the versions that commit() checks. */
  queryVersioned(spec: QuerySpec): { rows: { id: string; data: DocumentData }[]; signature: string } {
    const { sql, params } = this.compile(spec, 'id, data, version');
    const raw = this.stmt(sql).all(...params);
    this.meter.add('reads', billedReads.query(raw.length, spec.offset));
    return {
      rows: raw.map((row) => ({ id: row.id as string, data: decodeDocument(row.data as string) })),
      signature: raw.map((row) => `${row.id as string}@${Number(row.version)}`).join(','),
    };
  }

  private querySignature(spec: QuerySpec): string {
    const { sql, params } = this.compile(spec, 'id, version');
    return this.stmt(sql)
      .all(...params)
      .map((row) => `${row.id as string}@${Number(row.version)}`)
      .join(',');
  }

  /**
   * Applies writes atomically after checking that everything read in the transaction is
   * unchanged. Synchronous from BEGIN to COMMIT, so no other work in this process interleaves;
   * BEGIN IMMEDIATE and the busy timeout serialise writers in other processes.
   */
  private commit(reads: DocRead[], queries: QueryRead[], writes: Write[]): void {
    // Refused before anything is read or written, as Firestore refuses the whole request.
    for (const write of writes) if (write.kind !== 'delete') assertStorableData(write.data, write.kind === 'update' ? 'update' : 'set', FIRESTORE_LIMITS);
    assertWriteSequence(writes);
    for (const write of writes) this.ensureTable(write.collection);
    for (const read of reads) this.ensureTable(read.collection);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const read of reads) {
        const row = this.stmt(`SELECT version FROM "${tableName(read.collection)}" WHERE id = ?`).get(read.id);
        if ((row ? Number(row.version) : 0) !== read.version) throw new ReadConflict();
      }
      for (const query of queries) if (this.querySignature(query.spec) !== query.signature) throw new ReadConflict();
      if (writes.length > 0) {
        const seq = this.stmt(`UPDATE "__meta" SET value = value + 1 WHERE key = 'seq' RETURNING value`).get();
        const version = Number(seq!.value);
        const now = new Date();
        for (const write of writes) this.applyWrite(write, version, now);
      }
      this.db.exec('COMMIT');
      // Billed once committed, like Firestore: a transaction retried after a conflict wrote nothing.
      this.meter.committed(writes.map((write) => (write.kind === 'delete' ? 'delete' : 'write')));
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private applyWrite(write: Write, version: number, now: Date): void {
    const table = tableName(write.collection);
    if (write.kind === 'delete') {
      this.stmt(`DELETE FROM "${table}" WHERE id = ?`).run(write.id);
      return;
    }
    const row = this.stmt(`SELECT data FROM "${table}" WHERE id = ?`).get(write.id);
    const current = row ? decodeDocument(row.data as string) : null;
    let next: DocumentData;
    switch (write.kind) {
      case 'create':
        if (current) throw new StoreError('ALREADY_EXISTS', `Document already exists: ${write.collection}/${write.id}`);
        next = resolveValue(write.data, undefined, now) as DocumentData;
        break;
      case 'set':
        next = write.merge && current ? mergeDeep(current, write.data, now) : (resolveValue(write.data, undefined, now) as DocumentData);
        break;
      case 'update':
        if (!current) throw new StoreError('NOT_FOUND', `No document to update: ${write.collection}/${write.id}`);
        next = applyUpdate(current, write.data, now);
        break;
    }
    // Only the merged result shows whether a merge or an update outgrew the limit.
    assertDocumentSize(write.collection, write.id, next);
    this.stmt(
      `INSERT INTO "${table}" (id, data, version) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, version = excluded.version`,
    ).run(write.id, encodeDocument(next), version);
  }

  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      const tx = new SqliteTransaction(this);
      const result = await fn(tx);
      try {
        this.commit(tx.reads, tx.queries, tx.writes);
        return result;
      } catch (error) {
        if (!(error instanceof ReadConflict)) throw error;
        if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw new StoreError('ABORTED', 'Transaction contention: too many retries');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  batch(): WriteBatch {
    return new SqliteBatch((writes) => this.commit([], [], writes));
  }

  /** Reads used by transactions: the document and its version, for the commit-time check. */
  readVersioned(collection: string, id: string) {
    const row = this.readRow(collection, id);
    this.meter.add('reads', billedReads.documents(1));
    return row;
  }

  /** The query plan SQLite picks for `spec` (tests check that declared indexes are used). */
  explain(spec: QuerySpec, read: 'documents' | 'count' = 'documents'): string[] {
    const { sql, params } = this.compile(spec, read === 'count' ? '1' : 'id, data');
    return this.db
      .prepare(`EXPLAIN QUERY PLAN ${read === 'count' ? `SELECT COUNT(*) FROM (${sql})` : sql}`)
      .all(...params)
      .map((row) => String(row.detail));
  }

  async close(): Promise<void> {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

abstract class Writes<Self> {
  readonly writes: Write[] = [];
  protected abstract self(): Self;
  protected beforeWrite(): void {}

  private push(write: Write): Self {
    this.beforeWrite();
    tableName(write.collection);
    assertDocId(write.id);
    this.writes.push(write);
    return this.self();
  }
  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Self {
    return this.push({ kind: 'set', collection, id, data, merge: options?.merge ?? false });
  }
  create(collection: string, id: string, data: DocumentData): Self {
    return this.push({ kind: 'create', collection, id, data });
  }
  update(collection: string, id: string, data: DocumentData): Self {
    return this.push({ kind: 'update', collection, id, data });
  }
  delete(collection: string, id: string): Self {
    return this.push({ kind: 'delete', collection, id });
  }
}

class SqliteBatch extends Writes<WriteBatch> implements WriteBatch {
  private committed = false;
  constructor(private readonly apply: (writes: Write[]) => void) {
    super();
  }
  protected self(): WriteBatch {
    return this;
  }
  protected override beforeWrite(): void {
    if (this.committed) throw new StoreError('FAILED_PRECONDITION', 'Batch already committed');
  }
  async commit(): Promise<void> {
    if (this.committed) throw new StoreError('FAILED_PRECONDITION', 'Batch already committed');
    this.committed = true;
    this.apply(this.writes);
  }
}

class SqliteTransaction extends Writes<Transaction> implements Transaction {
  readonly reads: DocRead[] = [];
  readonly queries: QueryRead[] = [];
  constructor(private readonly store: SqliteStore) {
    super();
  }
  protected self(): Transaction {
    return this;
  }
  private assertReadPhase(): void {
    // Firestore requires every read of a transaction to come before its first write.
    if (this.writes.length > 0) throw new StoreError('INVALID_ARGUMENT', 'Transactions must do all reads before writes');
  }
  private record(collection: string, id: string, version: number): void {
    if (!this.reads.some((r) => r.collection === collection && r.id === id)) this.reads.push({ collection, id, version });
  }
  async get<T extends DocumentData>(collection: string, id: string): Promise<WithId<T> | null> {
    this.assertReadPhase();
    const row = this.store.readVersioned(collection, id);
    this.record(collection, id, row?.version ?? 0);
    return row ? ({ ...row.data, id } as WithId<T>) : null;
  }
  async getAll<T extends DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]> {
    const out: (WithId<T> | null)[] = [];
    for (const id of ids) out.push(await this.get<T>(collection, id));
    return out;
  }
  async query<T extends DocumentData>(query: Query<T>): Promise<WithId<T>[]> {
    this.assertReadPhase();
    const { rows, signature } = this.store.queryVersioned(query.spec);
    this.queries.push({ spec: query.spec, signature });
    return rows.map((row) => ({ ...row.data, id: row.id }) as WithId<T>);
  }
}
