import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type {
  DocumentData,
  DocumentStore,
  Query,
  QuerySpec,
  SetOptions,
  Transaction,
  WithId,
  WriteBatch,
} from '../../ports/document-store.js';
import { StoreError } from '../../ports/document-store.js';
import { applyUpdate, assertFieldPath, mergeDeep, resolveValue } from '../../ports/document-values.js';
import { assertServable, type IndexFile } from '../../ports/index-coverage.js';
import { emptySpec, SpecQuery, type QueryRunner } from '../../ports/query-builder.js';
import { bindValue, decodeDocument, encodeDocument } from './codec.js';

type Write =
  | { kind: 'set'; collection: string; id: string; data: DocumentData; merge: boolean }
  | { kind: 'create'; collection: string; id: string; data: DocumentData }
  | { kind: 'update'; collection: string; id: string; data: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

export interface SqliteStoreOptions {
  /** Database file; ':memory:' for a throwaway store. */
  file: string;
  /** Declared composite indexes: queries outside them are refused, as Firestore would. */
  indexes: IndexFile;
  busyTimeoutMs?: number;
  /** Called with every query shape issued (used by the index-coverage report). */
  onQuery?: (spec: QuerySpec) => void;
}

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const MAX_TRANSACTION_ATTEMPTS = 30;
const PUSH_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function tableName(collection: string): string {
  if (!COLLECTION_NAME.test(collection)) throw new StoreError('INVALID_ARGUMENT', `Invalid collection: ${collection}`);
  return `c_${collection}`;
}

function jsonPath(field: string): string {
  return `'$.${assertFieldPath(field)
    .map((part) => `"${part}"`)
    .join('.')}'`;
}

function extract(field: string): string {
  return `json_extract(data, ${jsonPath(field)})`;
}

class ReadConflict extends Error {}

export class SqliteStore implements DocumentStore, QueryRunner {
  readonly kind = 'sqlite' as const;
  private readonly db: DatabaseSync;
  private readonly tables = new Set<string>();
  private readonly indexed = new Set<string>();

  constructor(private readonly options: SqliteStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new DatabaseSync(options.file);
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000};`);
    const existing = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\'`).all();
    for (const row of existing) this.tables.add(String(row.name));
  }

  newId(): string {
    const bytes = randomBytes(20);
    let id = '';
    for (const byte of bytes) id += PUSH_ID_CHARS[byte % PUSH_ID_CHARS.length];
    return id;
  }

  private ensureTable(collection: string): string {
    const table = tableName(collection);
    if (this.tables.has(table)) return table;
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${table}" (id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL)`);
    this.tables.add(table);
    this.createDeclaredIndexes(collection, table);
    return table;
  }

  /** SQLite serves the same query shapes as Firestore through expression indexes. */
  private createDeclaredIndexes(collection: string, table: string): void {
    for (const index of this.options.indexes.indexes) {
      if (index.collectionGroup !== collection) continue;
      const columns = index.fields
        .filter((f) => !f.arrayConfig)
        .map((f) => `${extract(f.fieldPath)} ${f.order === 'DESCENDING' ? 'DESC' : 'ASC'}`);
      if (columns.length === 0) continue;
      const name = `ix_${table}_${index.fields.map((f) => `${f.fieldPath.replace(/\./g, '_')}_${f.order === 'DESCENDING' ? 'd' : 'a'}`).join('_')}`;
      this.db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${table}" (${columns.join(', ')})`);
    }
  }

  /** Firestore indexes every single field automatically; SQLite gets the same on first use. */
  private ensureSingleFieldIndex(table: string, field: string): void {
    const key = `${table}.${field}`;
    if (this.indexed.has(key)) return;
    this.db.exec(`CREATE INDEX IF NOT EXISTS "sx_${table}_${field.replace(/\./g, '_')}" ON "${table}" (${extract(field)})`);
    this.indexed.add(key);
  }

  private readRow(collection: string, id: string): { data: DocumentData; version: number } | null {
    const table = this.ensureTable(collection);
    const row = this.db.prepare(`SELECT data, version FROM "${table}" WHERE id = ?`).get(id);
    if (!row) return null;
    return { data: decodeDocument(String(row.data)), version: Number(row.version) };
  }

  async get<T extends DocumentData>(collection: string, id: string): Promise<WithId<T> | null> {
    const row = this.readRow(collection, id);
    return row ? ({ ...row.data, id } as WithId<T>) : null;
  }

  async getAll<T extends DocumentData>(collection: string, ids: string[]): Promise<(WithId<T> | null)[]> {
    return Promise.all(ids.map((id) => this.get<T>(collection, id)));
  }

  async set(collection: string, id: string, data: DocumentData, options?: SetOptions): Promise<void> {
    this.commit([], [{ kind: 'set', collection, id, data, merge: options?.merge ?? false }]);
  }

  async create(collection: string, id: string, data: DocumentData): Promise<void> {
    this.commit([], [{ kind: 'create', collection, id, data }]);
  }

  async update(collection: string, id: string, data: DocumentData): Promise<void> {
    this.commit([], [{ kind: 'update', collection, id, data }]);
  }

  async delete(collection: string, id: string): Promise<void> {
    this.commit([], [{ kind: 'delete', collection, id }]);
  }

  collection<T extends DocumentData>(collection: string): Query<T> {
    tableName(collection);
    return new SpecQuery<T>(this, emptySpec(collection));
  }

  private compile(spec: QuerySpec, columns: string): { sql: string; params: SQLInputValue[] } {
    assertServable(spec, this.options.indexes);
    this.options.onQuery?.(spec);
    const table = this.ensureTable(spec.collection);
    const fields = new Set([...spec.where.map((w) => w.field), ...spec.orderBy.map((o) => o.field)]);
    if (fields.size === 1) this.ensureSingleFieldIndex(table, [...fields][0]!);
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    for (const clause of spec.where) {
      const column = extract(clause.field);
      const type = `json_type(data, ${jsonPath(clause.field)})`;
      switch (clause.op) {
        case '==':
          if (clause.value === null) conditions.push(`${type} = 'null'`);
          else {
            conditions.push(`${column} = ?`);
            params.push(bindValue(clause.value));
          }
          break;
        case '!=':
          conditions.push(`${type} IS NOT NULL AND ${column} IS NOT ?`);
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
          const sameType = typeof bound === 'string' ? `${type} = 'text'` : `${type} IN ('integer', 'real')`;
          conditions.push(`${column} ${clause.op} ? AND ${sameType}`);
          params.push(bound);
        }
      }
    }
    for (const order of spec.orderBy) conditions.push(`json_type(data, ${jsonPath(order.field)}) IS NOT NULL`);
    if (spec.startAfter) {
      const cursor = spec.startAfter;
      const alternatives: string[] = [];
      for (let i = 0; i < cursor.length; i += 1) {
        const parts: string[] = [];
        for (let j = 0; j < i; j += 1) {
          parts.push(`${extract(spec.orderBy[j]!.field)} = ?`);
          params.push(bindValue(cursor[j]));
        }
        const order = spec.orderBy[i]!;
        parts.push(`${extract(order.field)} ${order.direction === 'asc' ? '>' : '<'} ?`);
        params.push(bindValue(cursor[i]));
        alternatives.push(`(${parts.join(' AND ')})`);
      }
      conditions.push(`(${alternatives.join(' OR ')})`);
    }
    const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
    const lastDirection = spec.orderBy.at(-1)?.direction ?? 'asc';
    const orderBy = [...spec.orderBy.map((o) => `${extract(o.field)} ${o.direction.toUpperCase()}`), `id ${lastDirection.toUpperCase()}`];
    let sql = `SELECT ${columns} FROM "${table}"${where} ORDER BY ${orderBy.join(', ')}`;
    if (spec.limit !== undefined || spec.offset !== undefined) {
      sql += ` LIMIT ${spec.limit ?? -1} OFFSET ${spec.offset ?? 0}`;
    }
    return { sql, params };
  }

  async run<T extends DocumentData>(spec: QuerySpec): Promise<WithId<T>[]> {
    return this.runSync(spec).map((row) => ({ ...row.data, id: row.id }) as WithId<T>);
  }

  private runSync(spec: QuerySpec): { id: string; data: DocumentData; version: number }[] {
    const { sql, params } = this.compile(spec, 'id, data, version');
    return this.db
      .prepare(sql)
      .all(...params)
      .map((row) => ({ id: String(row.id), data: decodeDocument(String(row.data)), version: Number(row.version) }));
  }

  async count(spec: QuerySpec): Promise<number> {
    const { sql, params } = this.compile(spec, '1');
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get(...params);
    return Number(row?.n ?? 0);
  }

  /**
   * Applies writes atomically after checking that every document read in the transaction is
   * unchanged. Synchronous from BEGIN to COMMIT, so no other work in this process interleaves;
   * BEGIN IMMEDIATE and the busy timeout serialise writers in other processes.
   */
  private commit(reads: { collection: string; id: string; version: number }[], writes: Write[]): void {
    for (const write of writes) this.ensureTable(write.collection);
    for (const read of reads) this.ensureTable(read.collection);
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const read of reads) {
        const row = this.db.prepare(`SELECT version FROM "${tableName(read.collection)}" WHERE id = ?`).get(read.id);
        if ((row ? Number(row.version) : 0) !== read.version) throw new ReadConflict();
      }
      const now = new Date();
      for (const write of writes) this.applyWrite(write, now);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private applyWrite(write: Write, now: Date): void {
    const table = tableName(write.collection);
    const row = this.db.prepare(`SELECT data, version FROM "${table}" WHERE id = ?`).get(write.id);
    const current = row ? decodeDocument(String(row.data)) : null;
    const version = row ? Number(row.version) + 1 : 1;
    const save = (data: DocumentData) =>
      this.db
        .prepare(`INSERT INTO "${table}" (id, data, version) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, version = excluded.version`)
        .run(write.id, encodeDocument(data), version);
    switch (write.kind) {
      case 'create':
        if (current) throw new StoreError('ALREADY_EXISTS', `Document already exists: ${write.collection}/${write.id}`);
        save(resolveValue(write.data, undefined, now) as DocumentData);
        return;
      case 'set':
        save(write.merge && current ? mergeDeep(current, write.data, now) : (resolveValue(write.data, undefined, now) as DocumentData));
        return;
      case 'update':
        if (!current) throw new StoreError('NOT_FOUND', `No document to update: ${write.collection}/${write.id}`);
        save(applyUpdate(current, write.data, now));
        return;
      case 'delete':
        this.db.prepare(`DELETE FROM "${table}" WHERE id = ?`).run(write.id);
        return;
    }
  }

  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      const tx = new SqliteTransaction(this);
      const result = await fn(tx);
      try {
        this.commit(tx.reads, tx.writes);
        return result;
      } catch (error) {
        if (!(error instanceof ReadConflict)) throw error;
        if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw new StoreError('ABORTED', 'Transaction contention: too many retries');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  batch(): WriteBatch {
    return new SqliteBatch((writes) => this.commit([], writes));
  }

  /** Reads used by transactions: the document and its version, for the commit-time check. */
  readVersioned(collection: string, id: string) {
    return this.readRow(collection, id);
  }

  queryVersioned(spec: QuerySpec) {
    return this.runSync(spec);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

abstract class Writes<Self> {
  readonly writes: Write[] = [];
  protected abstract self(): Self;
  protected beforeWrite(): void {}

  set(collection: string, id: string, data: DocumentData, options?: SetOptions): Self {
    this.beforeWrite();
    tableName(collection);
    this.writes.push({ kind: 'set', collection, id, data, merge: options?.merge ?? false });
    return this.self();
  }
  create(collection: string, id: string, data: DocumentData): Self {
    this.beforeWrite();
    tableName(collection);
    this.writes.push({ kind: 'create', collection, id, data });
    return this.self();
  }
  update(collection: string, id: string, data: DocumentData): Self {
    this.beforeWrite();
    tableName(collection);
    this.writes.push({ kind: 'update', collection, id, data });
    return this.self();
  }
  delete(collection: string, id: string): Self {
    this.beforeWrite();
    tableName(collection);
    this.writes.push({ kind: 'delete', collection, id });
    return this.self();
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
  readonly reads: { collection: string; id: string; version: number }[] = [];
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
    const rows = this.store.queryVersioned(query.spec);
    for (const row of rows) this.record(query.spec.collection, row.id, row.version);
    return rows.map((row) => ({ ...row.data, id: row.id }) as WithId<T>);
  }
}
