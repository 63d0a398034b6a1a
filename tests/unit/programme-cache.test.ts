import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedProgramme, invalidateRaceReads, PROGRAMME_CACHE_TTL_MS, type BuiltProgramme } from '../../functions/src/domain/races/programme-cache.js';
import type { DocumentStore } from '../../functions/src/ports/document-store.js';

/** The cache's rules on their own: staleness bound, status boundary, invalidation racing a build, sharing. */

const store = () => ({}) as DocumentStore;
const NOW = Date.parse('2026-11-14T07:45:00Z');

function builder(validUntil = Number.POSITIVE_INFINITY) {
  let builds = 0;
  const build = async (): Promise<BuiltProgramme<number>> => {
    builds += 1;
    return { data: builds, json: String(builds), validUntil };
  };
  return { build, count: () => builds };
}

afterEach(() => vi.restoreAllMocks());

describe('programme cache', () => {
  it('answers from memory until the real-time bound, then reads again', async () => {
    const s = store();
    const b = builder();
    expect((await cachedProgramme(s, 'k', NOW, b.build)).data).toBe(1);
    expect((await cachedProgramme(s, 'k', NOW, b.build)).data).toBe(1);
    const real = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(real + PROGRAMME_CACHE_TTL_MS + 1);
    expect((await cachedProgramme(s, 'k', NOW, b.build)).data).toBe(2);
    expect(b.count()).toBe(2);
  });

  it('reads again when a race starts (status boundary) or the clock goes back', async () => {
    const s = store();
    const b = builder(NOW + 60_000);
    await cachedProgramme(s, 'k', NOW, b.build);
    expect((await cachedProgramme(s, 'k', NOW + 59_999, b.build)).data).toBe(1);
    expect((await cachedProgramme(s, 'k', NOW + 60_000, b.build)).data).toBe(2);
    expect((await cachedProgramme(s, 'k', NOW - 1, b.build)).data).toBe(3);
  });

  it('does not keep a build that an import overtook, and keeps stores apart', async () => {
    const s = store();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let builds = 0;
    const slow = async (): Promise<BuiltProgramme<string>> => {
      builds += 1;
      const n = builds;
      if (n === 1) await gate;
      return { data: `v${n}`, json: '', validUntil: Infinity };
    };
    const first = cachedProgramme(s, 'k', NOW, slow);
    invalidateRaceReads(s); // the importer committed while the first build was reading
    release();
    expect((await first).data).toBe('v1');
    expect((await cachedProgramme(s, 'k', NOW, slow)).data).toBe('v2');
    expect((await cachedProgramme(s, 'k', NOW, slow)).data).toBe('v2');

    const other = store();
    expect((await cachedProgramme(other, 'k', NOW, slow)).data).toBe('v3');
    invalidateRaceReads(other);
    expect((await cachedProgramme(s, 'k', NOW, slow)).data).toBe('v2');
  });

  it('shares one build between concurrent readers, also those whose clock is later', async () => {
    const s = store();
    const b = builder();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => cachedProgramme(s, 'k', NOW + i, b.build)));
    expect(new Set(answers.map((a) => a.data))).toEqual(new Set([1]));
    expect(b.count()).toBe(1);
  });

  it('holds a bounded number of days', async () => {
    const s = store();
    const b = builder();
    for (let day = 0; day < 100; day += 1) await cachedProgramme(s, `2026-01-${day}`, NOW, b.build);
    expect(b.count()).toBe(100);
    await cachedProgramme(s, '2026-01-99', NOW, b.build);
    expect(b.count()).toBe(100);
    await cachedProgramme(s, '2026-01-0', NOW, b.build);
    expect(b.count()).toBe(101);
  });
});
