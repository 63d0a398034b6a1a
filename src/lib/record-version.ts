/**
 * A horse's, jockey's or trainer's record as the page was built with it, in 64 hex digits: the SHA-256 of its
 * JSON as the API sends it. The build and the on-demand renderer put it on the page; the page's
 * `client:interact` directive hashes the live answer the same way and loads React only when they
 * differ (a results import the next build has not reached yet). Web Crypto, so the same code runs
 * in Node and in the browser.
 */
export async function recordVersion(record: unknown): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(record)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the record pages (src/pages/{at-detay,jokey,antrenor}) give their island: `recordPage()` in record-pages.ts. */
export interface RecordIslandProps<T> {
  /** '' on the fallback page: the id is then the last part of the address. */
  recordId: string;
  /** Prebuilt data; null when the page was opened for a record first seen after the build. */
  initial: T | null;
  /** `recordVersion(initial)`: the page hydrates at load only when the live record differs. */
  version?: string;
}

/**
 * The island's props for record `id` (RecordIslandProps), the same on a prebuilt page and one the
 * server renders: `initial` is the record as the API sends it (dates as text), null on the
 * fallback page, whose island then reads its id from the address.
 */
export async function recordIslandProps<T>(id: string, initial: T | null): Promise<RecordIslandProps<T>> {
  return initial === null ? { recordId: '', initial, version: undefined } : { recordId: id, initial, version: await recordVersion(initial) };
}

/** The API collections of the per-record pages. */
export type RecordCollection = 'horses' | 'jockeys' | 'trainers';

/** The record's API path, as the island's refresh asks it of the API client (which prefixes /api). */
export const recordPath = (collection: RecordCollection, id: string) => `/${collection}/${encodeURIComponent(id)}`;

/** Where the page's directive reads the record live: the same route as the island's refresh. */
export const recordUrl = (collection: RecordCollection, id: string) => `/api${recordPath(collection, id)}`;
