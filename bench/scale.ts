import { join } from 'node:path';
import { importRaceFiles } from '../functions/src/jobs/import-races.js';
import { listPrebuiltHorseIds, PREBUILT_HORSE_DAYS } from '../functions/src/domain/races/horse-queries.js';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import type { ScaleSummary } from '../server/seed/scale.js';
import { loadavg } from 'node:os';
import type { BuildPhase } from '../scripts/build-site.js';
import { buildFrom, scaleFixtureCopy, startServer } from './lib/env.js';
import type { QuietWait } from './lib/quiet.js';
import { programmeCards, timeGets } from './races.js';

/**
 * Issue 21, the scale a real site reaches in a few years: the demo store with the scale fixture
 * (server/seed/scale.ts: 20,000 articles, 30,000 horses with their runs, 1,500 jockeys) on top,
 * built with `npm run build`'s own code path, then the programme and horse pages timed against it
 * on the function as it runs in production (no CDN in front: bench/lib/serve-child.ts).
 */
export const SCALE_GOALS = { buildSeconds: 300, peakMiB: 3 * 1024, p95Ms: 20 } as const;

export interface ScaleResult {
  fixture: ScaleSummary;
  articles: number;
  seedSeconds: number;
  build: { seconds: number; peakMiB: number; pages: number; phases: BuildPhase[]; loadAverage: number; quietWait: QuietWait };
  prebuiltHorses: number;
  p95: { programme: number; horseApi: number; prebuiltHorsePage: number; onDemandHorsePage: number; jockeyPage: number };
}

/** Distinct ids of each kind: the on-demand pages are timed over many horses, as no cache answers them. */
async function pickRecords(dataDir: string) {
  const deps = createLocalDeps(loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' }), { quiet: true });
  try {
    // The bench programme (3 venues x 9 races x 14 horses) on a day of its own, as bench/races.ts times it.
    const summary = await importRaceFiles(deps, [{ name: 'bench.json', content: programmeCards() }]);
    if (summary.rejected) throw new Error('bench programme did not import');
    const prebuilt = new Set(await listPrebuiltHorseIds(deps));
    // Horses whose last programme is older than the prebuilt window: the long tail rendered on demand.
    const before = new Date(deps.now().getTime() - (PREBUILT_HORSE_DAYS.past + 1) * 86_400_000).toISOString().slice(0, 10);
    const scaleHorses = (await deps.store.collection('horses').where('programmeDate', '<', before).limit(400).get()).map((d) => d.id);
    const jockeys = (await deps.store.collection('jockeys').limit(300).get()).map((d) => d.id);
    return { prebuilt, onDemand: scaleHorses.filter((id) => !prebuilt.has(id)), jockeys };
  } finally {
    await deps.store.close();
  }
}

export async function benchScale(demo: string, root: string, port: number, log: (line: string) => void, sizes?: { articles: number; horses: number; jockeys: number }): Promise<ScaleResult> {
  const dataDir = join(root, 'scale-data');
  const seeded = await scaleFixtureCopy(demo, dataDir, sizes);
  log(`  scale fixture: ${seeded.articles} articles, ${seeded.fixture.horses} horses, ${seeded.fixture.jockeys} jockeys, ${seeded.fixture.rides} rides in ${seeded.seedSeconds.toFixed(0)} s; building...`);
  const siteDir = join(root, 'scale-site', 'dist');
  const build = await buildFrom(dataDir, siteDir, `http://127.0.0.1:${port}`);
  // The machine is shared: the 5-minute load average at the end says how much of it the build had.
  const loadAverage = loadavg()[1]!;
  const peakMiB = build.peakRssBytes / 2 ** 20;
  log(`  built ${build.pages} pages in ${(build.ms / 1000).toFixed(1)} s, peak ${Math.round(peakMiB)} MiB, load average ${loadAverage.toFixed(1)}; ${describePhases(build.phases)}`);
  const timed = await timeAtScale(dataDir, siteDir, port);
  return { fixture: seeded.fixture, articles: seeded.articles, seedSeconds: seeded.seedSeconds, build: { seconds: build.ms / 1000, peakMiB, pages: build.pages, phases: build.phases, loadAverage, quietWait: build.quietWait }, ...timed };
}

/** "astro 150 s (CPU 140 s), pagefind 9 s after it (CPU 60 s)…": Pagefind and precompression run beside Astro, their wall time is what is left after it. */
export function describePhases(phases: BuildPhase[]): string {
  return phases.map((p) => `${p.name} ${p.seconds.toFixed(0)} s${p.name === 'astro' ? '' : ' after it'} (CPU ${p.cpuSeconds.toFixed(0)} s${p.files ? `, ${p.files.reused} of ${p.files.compressed} files reused` : ''})`).join(', ');
}

/** The programme and record pages' p95 on a seeded and built scale store (also usable on its own). */
export async function timeAtScale(dataDir: string, siteDir: string, port: number): Promise<Pick<ScaleResult, 'prebuiltHorses' | 'p95'>> {
  const records = await pickRecords(dataDir);
  const server = await startServer({ dataDir, siteDir, port });
  try {
    const url = (path: string) => `${server.baseUrl}${path}`;
    const p95 = {
      programme: await timeGets(url('/api/races/date/2026-11-20'), 'programme at scale'),
      horseApi: await timeGets(records.onDemand.map((id) => url(`/api/horses/${id}`)), 'horse API at scale'),
      prebuiltHorsePage: await timeGets(url(`/at-detay/${[...records.prebuilt][0]!}`), 'prebuilt horse page'),
      onDemandHorsePage: await timeGets(records.onDemand.map((id) => url(`/at-detay/${id}`)), 'horse page on demand'),
      // Every jockey is prebuilt (1,500 pages): the static pages of 300 of them.
      jockeyPage: await timeGets(records.jockeys.map((id) => url(`/jokey/${id}`)), 'jockey page'),
    };
    return { prebuiltHorses: records.prebuilt.size, p95 };
  } finally {
    await server.close();
  }
}
