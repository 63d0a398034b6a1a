/**
 * Build-time pieces of the per-record pages (/at-detay/{id}, /jokey/{id}): one page per record known
 * at build time plus the `_yeni` fallback the local server sends for a record added after the build
 * (ids never start with '_'); the island on either refreshes from the API.
 */
import type { AppDeps } from '../../functions/src/platform/deps.js';
import type { Wire } from '../../functions/src/platform/wire.js';
import type { SeoProps } from '../components/seo-props.js';
import { buildDeps } from './build-data.js';

export const FALLBACK_ID = '_yeni';

/** `getStaticPaths` of a record page whose route parameter is `param`. */
export async function recordPaths<P extends string>(param: P, listIds: (deps: AppDeps) => Promise<string[]>) {
  const ids = [...(await listIds(await buildDeps())), FALLBACK_ID];
  return ids.map((id) => ({ params: { [param]: id } as Record<P, string> }));
}

/** The prebuilt record as the island gets it from the API (dates as ISO text); null on the fallback page. */
export async function prebuiltRecord<T>(id: string, get: (deps: AppDeps, id: string) => Promise<T>): Promise<Wire<T> | null> {
  if (id === FALLBACK_ID) return null;
  return JSON.parse(JSON.stringify(await get(await buildDeps(), id)));
}

/**
 * The head of a record page at `base/{id}`: the record's own title and text, or on the fallback page
 * a generic one kept out of search results (its address serves every record added after the build).
 */
export function recordHead<T>(base: string, id: string, record: T | null, own: (record: T) => { title: string; description: string }, waiting: { title: string; description: string }): SeoProps {
  return record ? { ...own(record), path: `${base}/${id}` } : { ...waiting, path: `${base}/${FALLBACK_ID}`, noindex: true };
}
