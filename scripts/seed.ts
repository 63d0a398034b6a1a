/**
 * npm run seed -- [--reset] [--scale N] [--scale-fixture [--fixture-factor F]]
 *
 * Seeds the embedded store with the demo content. --reset deletes the database file first;
 * --scale N adds N generated articles (benchmarks); --scale-fixture adds the store of a site a
 * few years old on top (server/seed/scale.ts: 20,000 articles, 30,000 horses, 1,500 jockeys);
 * --fixture-factor 0.2 makes it a fifth of that size (a quicker measurement to extrapolate from).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import { isStoreEmpty, seedAll } from '../server/seed/index.js';
import { scaledFixture, seedScaleFixture } from '../server/seed/scale.js';

function databaseFile(dataDir: string): string {
  return join(dataDir, 'ganyan.sqlite');
}

/** Removes the sqlite file with its WAL and shared-memory companions. */
function deleteDatabase(dataDir: string): void {
  const file = databaseFile(dataDir);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

async function main() {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, scale: { type: 'string', default: '0' }, 'scale-fixture': { type: 'boolean', default: false }, 'fixture-factor': { type: 'string', default: '1' } } });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--scale bir doğal sayı olmalı');
  const factor = Number(values['fixture-factor']);
  if (!(factor > 0 && factor <= 1)) throw new Error('--fixture-factor 0 ile 1 arasında bir sayı olmalı');
  const sizes = scaledFixture(factor);
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  if (values.reset) {
    deleteDatabase(config.dataDir);
    console.log(`Veritabanı silindi: ${databaseFile(config.dataDir)}`);
  }
  const deps = createLocalDeps(config, { quiet: true });
  try {
    const empty = await isStoreEmpty(deps);
    if (values['scale-fixture'] && !empty) {
      const started = Date.now();
      const fixture = await seedScaleFixture(deps, sizes);
      console.log(`Ölçek verisi hazır: ${fixture.articles} makale, ${fixture.horses} at, ${fixture.jockeys} jokey, ${fixture.rides} biniş (${Math.round((Date.now() - started) / 1000)} sn).`);
      return;
    }
    if (!values.reset && !empty && scale === 0) {
      console.log('Veritabanı zaten dolu; yeniden oluşturmak için: npm run seed -- --reset');
      return;
    }
    await seedAll(deps, { scale, log: (line) => console.log(line) });
    if (values['scale-fixture']) await seedScaleFixture(deps, sizes);
    console.log('Tohum verisi hazır.');
  } finally {
    await deps.store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
