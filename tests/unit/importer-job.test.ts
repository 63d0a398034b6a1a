import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRaceImport, sourceUrlFor, type FetchLike } from '../../functions/src/jobs/race-import.js';
import { loadConfig } from '../../functions/src/platform/config.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/races');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

let deps: AppDeps;
let rebuilds: string[];
beforeEach(() => {
  rebuilds = [];
  // 23:30 in Istanbul on the fixture day.
  deps = createLocalDeps(loadConfig({ ...process.env, GANYAN_ENV: 'test' }), { databaseFile: ':memory:', now: () => new Date('2026-11-14T20:30:00Z'), quiet: true, requestRebuild: (r) => rebuilds.push(r) });
});
afterEach(() => deps.store.close());

function fakeSource(files: Record<string, string | number>): { fetch: FetchLike; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (url) => {
      asked.push(url);
      const body = files[url];
      if (typeof body === 'number') return { ok: false, status: body, text: async () => '' };
      if (body === undefined) return { ok: false, status: 404, text: async () => '' };
      return { ok: true, status: 200, text: async () => body };
    },
  };
}

describe('scheduled race import job', () => {
  it('builds source URLs from a template or a base', () => {
    expect(sourceUrlFor('https://veri.example/api/', 'program', '2026-11-14')).toBe('https://veri.example/api/program/2026-11-14.json');
    expect(sourceUrlFor('https://veri.example/{kind}?tarih={date}', 'sonuc', '2026-11-14')).toBe('https://veri.example/sonuc?tarih=2026-11-14');
  });

  it("fetches today's programme and results and imports them with the shared importer", async () => {
    const source = fakeSource({
      'https://veri.example/program/2026-11-14.json': read('programme-good.json'),
      'https://veri.example/sonuc/2026-11-14.json': read('results-good.json'),
    });
    const run = await runRaceImport(deps, source.fetch, { sourceUrl: 'https://veri.example' });
    expect(source.asked).toEqual(['https://veri.example/program/2026-11-14.json', 'https://veri.example/sonuc/2026-11-13.json', 'https://veri.example/sonuc/2026-11-14.json']);
    expect(run.missing).toEqual(['https://veri.example/sonuc/2026-11-13.json']);
    expect(run.summary).toMatchObject({ rejected: 0, races: 5, results: 2 });
    expect(await deps.store.collection('results').count()).toBe(2);
    expect(rebuilds).toEqual(['race import']);

    // The next run finds the same data: nothing is written, no rebuild.
    const again = await runRaceImport(deps, source.fetch, { sourceUrl: 'https://veri.example' });
    expect(again.summary.written).toBe(0);
    expect(rebuilds).toHaveLength(1);
  });

  it('a failing source is reported and a bad file writes nothing', async () => {
    const source = fakeSource({
      'https://veri.example/program/2026-11-14.json': read('programme-bad-kilo.json'),
      'https://veri.example/sonuc/2026-11-14.json': 503,
    });
    const run = await runRaceImport(deps, source.fetch, { sourceUrl: 'https://veri.example' });
    expect(run.failed).toEqual([{ url: 'https://veri.example/sonuc/2026-11-14.json', reason: 'HTTP 503' }]);
    expect(run.summary.rejected).toBe(1);
    expect(run.summary.files[0]!.errors[0]!.path).toBe('kosular[2].atlar[5].KILO');
    expect(await deps.store.collection('races').count()).toBe(0);
    expect(rebuilds).toEqual([]);
  });
});
