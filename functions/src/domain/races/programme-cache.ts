import type { DocumentStore } from '../../ports/document-store.js';

/**
 * A day's programme (cards, races, entries: about 160 KB of JSON for three hippodromes) is the
 * most read answer of the site and changes a few times a day, when the importer writes. Reading
 * it from the store, parsing it and serialising it again costs about 10 ms of CPU per request, so
 * the serialised answer is kept here for a short while.
 *
 * An entry is thrown away when any of these happens:
 *  - the importer wrote race data through this process (`invalidateRaceReads`);
 *  - the next race of the day starts (statuses move from 'Beklemede' to 'Sonuç bekleniyor');
 *  - the clock went backwards (tests move it), or the key's day is no longer the one asked for;
 *  - PROGRAMME_CACHE_TTL_MS of real time passed: the scheduled import runs in another process
 *    (its own Cloud Function instance) whose writes this process never hears about, so that is
 *    the longest an answer can be behind the store.
 * Concurrent misses for one key share one build, and a build that raced an invalidation is
 * answered but not kept.
 */

export const PROGRAMME_CACHE_TTL_MS = 10_000;
/** Days x venues kept at once: today's and a few browsed days; any date can be asked for, so the map is bounded. */
const MAX_ENTRIES = 64;

export interface BuiltProgramme<T = unknown> {
  /** Shared by every reader: never mutated. */
  data: T;
  /** `data` serialised. */
  json: string;
  /** deps.now() (ms) from which the statuses in `json` may be wrong: the next start of a race without result. */
  validUntil: number;
}

export interface CachedProgramme<T = unknown> extends BuiltProgramme<T> {
  /** The clock (deps.now(), ms) of the request that started the build. */
  builtAt: number;
  /** performance.now() when the build started, for the real-time bound. */
  builtMono: number;
}

class ProgrammeCache {
  generation = 0;
  readonly entries = new Map<string, CachedProgramme>();
  readonly building = new Map<string, { generation: number; promise: Promise<CachedProgramme> }>();
}

// Keyed by store: tests run many servers (each its own store) in one process.
const caches = new WeakMap<DocumentStore, ProgrammeCache>();

function cacheOf(store: DocumentStore): ProgrammeCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new ProgrammeCache();
    caches.set(store, cache);
  }
  return cache;
}

/** Called after every write of race data (importer); the next read builds from the store. */
export function invalidateRaceReads(store: DocumentStore): void {
  const cache = caches.get(store);
  if (!cache) return;
  cache.generation += 1;
  cache.entries.clear();
  cache.building.clear();
}

function fresh(entry: CachedProgramme, now: number): boolean {
  return now >= entry.builtAt && now < entry.validUntil && performance.now() - entry.builtMono < PROGRAMME_CACHE_TTL_MS;
}

export async function cachedProgramme<T>(store: DocumentStore, key: string, now: number, build: () => Promise<BuiltProgramme<T>>): Promise<CachedProgramme<T>> {
  const cache = cacheOf(store);
  const hit = cache.entries.get(key);
  if (hit && fresh(hit, now)) return hit as CachedProgramme<T>;
  const running = cache.building.get(key);
  // Readers that arrive during a build came after the one that started it, so its answer is fresh for them too.
  if (running && running.generation === cache.generation) {
    const shared = await running.promise;
    if (fresh(shared, now)) return shared as CachedProgramme<T>;
  }
  const generation = cache.generation;
  const builtMono = performance.now();
  const promise = build().then((built): CachedProgramme<T> => ({ ...built, builtAt: now, builtMono }));
  cache.building.set(key, { generation, promise });
  try {
    const built = await promise;
    if (generation === cache.generation) {
      cache.entries.delete(key);
      cache.entries.set(key, built);
      if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    }
    return built;
  } finally {
    if (cache.building.get(key)?.promise === promise) cache.building.delete(key);
  }
}
