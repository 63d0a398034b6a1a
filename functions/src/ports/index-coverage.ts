import { readFileSync } from 'node:fs';
import type { QuerySpec } from './document-store.js';
import { StoreError } from './document-store.js';

/** The subset of firestore.indexes.json this project uses. */
export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: string;
  fields: IndexField[];
}
export interface IndexFile {
  indexes: CompositeIndex[];
  fieldOverrides?: unknown[];
}

export function loadIndexFile(path: string): IndexFile {
  return JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
}

const EQUALITY_OPS = new Set(['==', 'in']);
const RANGE_OPS = new Set(['<', '<=', '>', '>=', '!=']);

/**
 * Whether Firestore can serve `spec` from its automatic single-field indexes or a declared
 * composite index. Mirrors Firestore's rules closely enough that a query passing here does not
 * fail with FAILED_PRECONDITION in production.
 */
export function queryIsServable(spec: QuerySpec, file: IndexFile): boolean {
  const equality = new Set(spec.where.filter((w) => EQUALITY_OPS.has(w.op)).map((w) => w.field));
  const arrayContains = spec.where.filter((w) => w.op === 'array-contains').map((w) => w.field);
  const range = [...new Set(spec.where.filter((w) => RANGE_OPS.has(w.op)).map((w) => w.field))];
  if (range.length > 1) return false;
  const order = [...spec.orderBy];
  // An inequality filter implies ordering on that field first.
  if (range.length === 1) {
    if (order.length === 0) order.push({ field: range[0]!, direction: 'asc' });
    else if (order[0]!.field !== range[0]) return false;
  }
  const fields = new Set([...equality, ...arrayContains, ...order.map((o) => o.field)]);
  if (fields.size <= 1) return true;
  if (order.length === 0 && arrayContains.length === 0) return true; // index merging of equalities
  if (order.length === 0 && arrayContains.length <= 1 && equality.size === 0) return true;
  // Equality fields that are also ordered on are served by the ordered part of the index.
  const orderedFields = new Set(order.map((o) => o.field));
  const prefix = new Set([...equality].filter((f) => !orderedFields.has(f)));
  return file.indexes.some((index) => {
    if (index.collectionGroup !== spec.collection) return false;
    const prefixLength = prefix.size + arrayContains.length;
    if (index.fields.length !== prefixLength + order.length) return false;
    const head = index.fields.slice(0, prefixLength);
    const tail = index.fields.slice(prefixLength);
    const headOk = head.every((f) =>
      f.arrayConfig === 'CONTAINS' ? arrayContains.includes(f.fieldPath) : prefix.has(f.fieldPath) && !!f.order,
    );
    const headCovers =
      [...prefix].every((field) => head.some((f) => f.fieldPath === field && !f.arrayConfig)) &&
      arrayContains.every((field) => head.some((f) => f.fieldPath === field && f.arrayConfig === 'CONTAINS'));
    const tailOk = tail.every((f, i) => {
      const o = order[i]!;
      return f.fieldPath === o.field && f.order === (o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING');
    });
    return headOk && headCovers && tailOk;
  });
}

export function describeShape(spec: QuerySpec): string {
  const where = spec.where.map((w) => `${w.field} ${w.op}`).join(', ');
  const order = spec.orderBy.map((o) => `${o.field} ${o.direction}`).join(', ');
  return `${spec.collection} where [${where}] orderBy [${order}]`;
}

export function assertServable(spec: QuerySpec, file: IndexFile): void {
  if (!queryIsServable(spec, file)) {
    throw new StoreError(
      'FAILED_PRECONDITION',
      `The query requires an index not declared in firestore.indexes.json: ${describeShape(spec)}`,
    );
  }
}
