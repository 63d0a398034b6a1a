/**
 * Build-time pieces of the per-record pages (/at-detay/{id}, /jokey/{id}, /antrenor/{id}): one page per record known
 * at build time plus the `_yeni` fallback the local server sends for a record added after the build
 * (ids never start with '_'); the island on either refreshes from the API.
 */
import type { AppDeps } from '../../functions/src/platform/deps.js';
import type { Wire } from '@shared/wire';
import { buildDeps } from './build-data.js';
import { FALLBACK_ID, type RecordMeta } from './record-meta.js';
import { recordIslandProps } from './record-version.js';

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
 * What a record page renders for route parameter `id`: the head (`meta`) and its island's props.
 * The island itself stays in the page: Astro needs its client directive there.
 */
export async function recordPage<T>(id: string | undefined, get: (deps: AppDeps, id: string) => Promise<T>, meta: (record: Wire<T> | null, id: string) => RecordMeta) {
  const recordId = id ?? FALLBACK_ID;
  const record = await prebuiltRecord(recordId, get);
  return { page: meta(record, recordId), island: await recordIslandProps(recordId, record) };
}
