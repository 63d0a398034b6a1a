import type { DocumentData, FieldTransform } from './document-store.js';
import { isFieldTransform, StoreError } from './document-store.js';

/** Field paths reach into nested maps with dots; names are code, never user input. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function assertFieldPath(path: string): string[] {
  if (!FIELD_PATH.test(path) || path.split('.').some((part) => /^__.*__$/.test(part))) throw new StoreError('INVALID_ARGUMENT', `Invalid field path: ${path}`);
  return path.split('.');
}

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Top-level camelCase collection names only (engineering.md); both adapters refuse anything else. */
export function assertCollectionName(collection: string): string {
  if (typeof collection !== 'string' || !COLLECTION_NAME.test(collection)) {
    throw new StoreError('INVALID_ARGUMENT', `Invalid collection: ${String(collection)}`);
  }
  return collection;
}

/**
 * Firestore's document id rules: non-empty, no slash, not . or .., not __reserved__, at most 1500 bytes. Services
 * check a caller's id with this before reading, so an id no store could hold is simply not found.
 */
export function isDocumentId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && id !== '.' && id !== '..' && !id.includes('/') && !/^__.*__$/.test(id) && Buffer.byteLength(id) <= 1500;
}

export function assertDocId(id: string): string {
  if (!isDocumentId(id)) {
    throw new StoreError('INVALID_ARGUMENT', `Invalid document id: ${String(id)}`);
  }
  return id;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !isFieldTransform(value)
  );
}

function valuesEqual(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return a === b;
}

/** Applies a FieldValue sentinel to the value currently stored at that field. */
export function applyTransform(current: unknown, transform: FieldTransform, now: Date): unknown {
  switch (transform.__op) {
    case 'increment':
      return (typeof current === 'number' ? current : 0) + transform.by;
    case 'arrayUnion': {
      const base = Array.isArray(current) ? [...current] : [];
      for (const value of transform.values) if (!base.some((existing) => valuesEqual(existing, value))) base.push(value);
      return base;
    }
    case 'arrayRemove': {
      const base = Array.isArray(current) ? current : [];
      return base.filter((existing) => !transform.values.some((value) => valuesEqual(existing, value)));
    }
    case 'serverTimestamp':
      return now;
    case 'delete':
      return undefined;
  }
}

/** Resolves every sentinel in `data`, reading current values from `base` (set without merge uses none). */
export function resolveValue(value: unknown, current: unknown, now: Date): unknown {
  if (isFieldTransform(value)) return applyTransform(current, value, now);
  if (value === undefined) throw new StoreError('INVALID_ARGUMENT', 'undefined is not a valid field value');
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, undefined, now));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // Absent optional fields (`{ bio: input.bio }`) are skipped, as with Firestore's ignoreUndefinedProperties.
      if (inner === undefined) continue;
      const resolved = resolveValue(inner, isPlainObject(current) ? current[key] : undefined, now);
      if (resolved !== undefined) out[key] = resolved;
    }
    return out;
  }
  return value;
}

export function mergeDeep(base: DocumentData, patch: DocumentData, now: Date): DocumentData {
  const out: DocumentData = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (isPlainObject(value) && isPlainObject(base[key])) {
      out[key] = mergeDeep(base[key], value, now);
      continue;
    }
    const resolved = resolveValue(value, base[key], now);
    if (resolved === undefined) delete out[key];
    else out[key] = resolved;
  }
  return out;
}

/** Firestore `update` semantics: keys are field paths; a map value replaces the map at that path. */
export function applyUpdate(base: DocumentData, patch: DocumentData, now: Date): DocumentData {
  const out = structuredClone(base);
  for (const [path, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const parts = assertFieldPath(path);
    let target: Record<string, unknown> = out;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    const resolved = resolveValue(value, target[last], now);
    if (resolved === undefined) delete target[last];
    else target[last] = resolved;
  }
  return out;
}

/*
 * What Firestore refuses, checked by the sqlite adapter so the embedded store fails where
 * production would (each limit below was confirmed on Google's Firestore emulator; the contract
 * suite runs the same cases on both adapters). Limits: firebase.google.com/docs/firestore/quotas.
 */
export const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_STRING_BYTES = 1_048_487;
/** Maps and arrays may sit at most this deep below the document (its fields are at depth 1). */
const MAX_DEPTH = 20;
const RESERVED_NAME = /^__.*__$/;
/** Timestamps run from 0001-01-01 to 9999-12-31 (seconds since the epoch). */
const MIN_SECONDS = -62_135_596_800;
const MAX_SECONDS = 253_402_300_799;
/** A UTF-16 half without its other half: not valid Unicode, so not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const invalid = (message: string) => new StoreError('INVALID_ARGUMENT', message);

export interface ValueRules {
  /**
   * Also Firestore's own limits (nested arrays, reserved names, depth, sizes, time range). The
   * Firestore adapter leaves those to Firestore, so that the emulator proves them; it checks only
   * what the port itself cannot carry.
   */
  firestoreLimits: boolean;
}

function isJsonMap(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function checkString(value: string, field: string, rules: ValueRules): void {
  if (LONE_SURROGATE.test(value)) throw invalid(`The value of "${field}" is not valid Unicode (a lone surrogate)`);
  if (rules.firestoreLimits && Buffer.byteLength(value) > MAX_STRING_BYTES) throw invalid(`The value of "${field}" is longer than ${MAX_STRING_BYTES} bytes`);
}

function checkFieldName(name: string, field: string, rules: ValueRules): void {
  if (name === '') throw invalid(`Empty field name in "${field}"`);
  if (rules.firestoreLimits && RESERVED_NAME.test(name)) throw invalid(`Field name "${name}" is reserved`);
}

function checkArrayElement(element: unknown, field: string, depth: number, rules: ValueRules): void {
  if (element === undefined) throw invalid(`undefined is not a valid array element ("${field}")`);
  if (isFieldTransform(element)) throw invalid(`FieldValue sentinels cannot be used inside an array ("${field}")`);
  if (rules.firestoreLimits && Array.isArray(element)) throw invalid(`Cannot convert an array value in an array value ("${field}")`);
  checkValue(element, field, depth, rules);
}

function checkValue(value: unknown, field: string, depth: number, rules: ValueRules): void {
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number') return;
  if (typeof value === 'string') return checkString(value, field, rules);
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw invalid(`Invalid Date ("${field}")`);
    const seconds = Math.floor(ms / 1000);
    // Port-level: the admin SDK cannot turn such a Date into a Timestamp at all.
    if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) throw invalid(`Date out of Firestore's range ("${field}")`);
    return;
  }
  if (isFieldTransform(value)) {
    if (value.__op === 'arrayUnion' || value.__op === 'arrayRemove') value.values.forEach((element) => checkArrayElement(element, field, depth + 1, rules));
    if (value.__op === 'increment' && typeof value.by !== 'number') throw invalid(`increment needs a number ("${field}")`);
    return;
  }
  if (typeof value !== 'object' || !(Array.isArray(value) || isJsonMap(value))) {
    throw invalid(`Unsupported value in "${field}": ${typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value}`);
  }
  if (rules.firestoreLimits && depth > MAX_DEPTH) throw invalid(`"${field}" is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    value.forEach((element) => checkArrayElement(element, field, depth + 1, rules));
    return;
  }
  for (const [name, inner] of Object.entries(value)) {
    checkFieldName(name, field, rules);
    checkValue(inner, `${field}.${name}`, depth + 1, rules);
  }
}

/** Refuses, before anything is written, every value the rules say a store cannot hold. */
export function assertStorableData(data: DocumentData, kind: 'set' | 'update', rules: ValueRules): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !isJsonMap(data)) throw invalid('A document must be a plain object');
  for (const [key, value] of Object.entries(data)) {
    // update() keys are dotted paths (checked by assertFieldPath); set() keys are plain names.
    const names = kind === 'update' ? key.split('.') : [key];
    for (const name of names) checkFieldName(name, key, rules);
    checkValue(value, key, names.length, rules);
  }
}

const stringBytes = (text: string) => Buffer.byteLength(text) + 1;

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number' || value instanceof Date) return 8;
  if (value === null || typeof value === 'boolean') return 1;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + valueBytes(item), 0);
  if (typeof value === 'object') return Object.entries(value).reduce((sum, [name, inner]) => sum + stringBytes(name) + valueBytes(inner), 0);
  return 0;
}

/** A stored document's size as Firestore counts it (name + fields + 32 bytes); the emulator agrees to the byte. */
export function documentBytes(collection: string, id: string, data: DocumentData): number {
  return stringBytes(collection) + stringBytes(id) + 16 + valueBytes(data) + 32;
}

export function assertDocumentSize(collection: string, id: string, data: DocumentData): void {
  const bytes = documentBytes(collection, id, data);
  if (bytes > MAX_DOCUMENT_BYTES) throw invalid(`maximum entity size is ${MAX_DOCUMENT_BYTES} bytes (${collection}/${id} would be ${bytes})`);
}

export type WriteKind = 'set' | 'create' | 'update' | 'delete';

/**
 * Firestore's rule for one commit that writes a document more than once: a create may follow
 * only a delete of it, and an update may not follow a delete. Checked before any precondition,
 * as Firestore does (update-then-create on an existing document is INVALID_ARGUMENT, not ALREADY_EXISTS).
 */
export function assertWriteSequence(writes: readonly { kind: WriteKind; collection: string; id: string }[]): void {
  const last = new Map<string, WriteKind>();
  for (const write of writes) {
    const key = `${write.collection}/${write.id}`;
    const before = last.get(key);
    if (before && write.kind === 'create' && before !== 'delete') throw invalid(`Cannot ${before} then create ${key} in the same commit`);
    if (before === 'delete' && write.kind === 'update') throw invalid(`Cannot delete then update ${key} in the same commit`);
    last.set(key, write.kind);
  }
}
