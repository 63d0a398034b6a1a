import { StoreError } from '../../ports/document-store.js';

/**
 * Dates are stored as tagged ISO strings so they round-trip as `Date`s and still compare and
 * sort correctly inside SQLite's JSON functions (fixed-width UTC ISO strings sort by time).
 */
const DATE_TAG = '\u0001d:';

export function encodeScalar(value: unknown): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new StoreError('INVALID_ARGUMENT', 'Invalid Date');
    return DATE_TAG + value.toISOString();
  }
  return value;
}

/** The value to bind in SQL for a comparison against json_extract(). */
export function bindValue(value: unknown): string | number | bigint | null {
  const encoded = encodeScalar(value);
  if (encoded === null) return null;
  if (typeof encoded === 'boolean') return encoded ? 1 : 0;
  if (typeof encoded === 'string' || typeof encoded === 'number' || typeof encoded === 'bigint') return encoded;
  throw new StoreError('INVALID_ARGUMENT', 'Only scalar values can be compared in queries');
}

function tagDates(value: unknown): unknown {
  if (value instanceof Date) return encodeScalar(value);
  if (Array.isArray(value)) return value.map(tagDates);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = tagDates(inner);
    return out;
  }
  return value;
}

/** Dates become tagged strings first: a JSON.stringify replacer function is much slower. */
export function encodeDocument(data: unknown): string {
  return JSON.stringify(tagDates(data));
}

/** DATE_TAG as JSON.stringify writes it inside the stored text. */
const STORED_DATE_TAG = JSON.stringify(DATE_TAG).slice(1, -1);

function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(DATE_TAG) ? new Date(value.slice(DATE_TAG.length)) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = reviveDates(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) record[key] = reviveDates(record[key]);
  }
  return value;
}

export function decodeDocument(text: string): Record<string, unknown> {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  // A JSON.parse reviver is several times slower than walking the result, and most documents
  // hold no date at all.
  return text.includes(STORED_DATE_TAG) ? (reviveDates(parsed) as Record<string, unknown>) : parsed;
}
