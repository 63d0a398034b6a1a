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

export function encodeDocument(data: unknown): string {
  return JSON.stringify(data, function replacer(this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return encodeScalar(raw);
    return value;
  });
}

/** DATE_TAG as JSON.stringify writes it inside the stored text. */
const STORED_DATE_TAG = JSON.stringify(DATE_TAG).slice(1, -1);

export function decodeDocument(text: string): Record<string, unknown> {
  // A reviver makes JSON.parse several times slower; most documents hold no date at all.
  if (!text.includes(STORED_DATE_TAG)) return JSON.parse(text) as Record<string, unknown>;
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(DATE_TAG) ? new Date(value.slice(DATE_TAG.length)) : value,
  ) as Record<string, unknown>;
}
