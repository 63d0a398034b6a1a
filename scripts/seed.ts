/**
 * npm run seed -- [--reset] [--scale N]
 *
 * Seeds the embedded store with the demo content. --reset deletes the database file first;
 * --scale N adds N generated articles (benchmarks).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import { isStoreEmpty, seedAll } from '../server/seed/index.js';

function databaseFile(dataDir: string): string {
  return join(dataDir, 'ganyan.sqlite');
}

/** Removes the sqlite file with its WAL and shared-memory companions. */
function deleteDatabase(dataDir: string): void {
  const file = databaseFile(dataDir);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

async function main() {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, scale: { type: 'string', default: '0' } } });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--scale bir doğal sayı olmalı');
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  if (values.reset) {
    deleteDatabase(config.dataDir);
    console.log(`Veritabanı silindi: ${databaseFile(config.dataDir)}`);
  }
  const deps = createLocalDeps(config, { quiet: true });
  try {
    if (!values.reset && !(await isStoreEmpty(deps)) && scale === 0) {
      console.log('Veritabanı zaten dolu; yeniden oluşturmak için: npm run seed -- --reset');
      return;
    }
    await seedAll(deps, { scale, log: (line) => console.log(line) });
    console.log('Tohum verisi hazır.');
  } finally {
    await deps.store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
