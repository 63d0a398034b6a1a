import type { DocumentData, FieldTransform } from './document-store.js';
import { isFieldTransform, StoreError } from './document-store.js';

/** Field paths reach into nested maps with dots; names are code, never user input. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function assertFieldPath(path: string): string[] {
  if (!FIELD_PATH.test(path)) throw new StoreError('INVALID_ARGUMENT', `Invalid field path: ${path}`);
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
 * Firestore's document id rules: non-empty, no slash, not . or .., at most 1500 bytes. Services
 * check a caller's id with this before reading, so an id no store could hold is simply not found.
 */
export function isDocumentId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && id !== '.' && id !== '..' && !id.includes('/') && Buffer.byteLength(id) <= 1500;
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
