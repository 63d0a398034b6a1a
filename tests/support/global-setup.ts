import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { emulatorUnavailable, startFirestoreEmulator, type RunningEmulator } from '../../server/firestore-emulator.js';
import { seedAll } from '../../server/seed/index.js';
import { warmDemoImageCache } from '../../src/lib/demo-images.js';

/**
 * Seeds the demo data once per test run into a template database that every site-level test
 * copies (tests/support/browser.ts). Seeding hashes 47 passwords with scrypt at production cost,
 * which is too slow to repeat in every browser test file. Then fills the demo image cache (a new
 * machine's first builds would each encode the same ~90 AVIF files, side by side). And starts
 * Google's Firestore emulator where this machine has it, for the suites that prove the Firestore path.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Each test project (vitest.config.ts) runs this; the first one's template and emulator serve both.
  if (process.env.GANYAN_SEED_TEMPLATE) return async () => undefined;
  const emulator = startEmulatorIfPresent();
  const dir = mkdtempSync(join(tmpdir(), 'ganyan-seed-template-'));
  const config = loadConfig({ ...process.env, GANYAN_ENV: 'test', GANYAN_DATA_DIR: dir });
  const deps = createLocalDeps(config, { quiet: true });
  await seedAll(deps);
  await deps.store.close();
  await warmDemoImageCache();
  process.env.GANYAN_SEED_TEMPLATE = join(dir, 'ganyan.sqlite');
  const running = await emulator;
  return async () => {
    await running?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Started beside the seeding (the JVM takes a few seconds to answer). Its address goes to the test
 * files as GANYAN_TEST_FIRESTORE, never as FIRESTORE_EMULATOR_HOST: with that set, every site build
 * the browser suites run would read Firestore instead of their own sqlite file.
 */
async function startEmulatorIfPresent(): Promise<RunningEmulator | null> {
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    console.log(`Firestore emulator: using FIRESTORE_EMULATOR_HOST=${process.env.FIRESTORE_EMULATOR_HOST}`);
    return null;
  }
  const why = emulatorUnavailable();
  if (why) {
    process.env.GANYAN_TEST_FIRESTORE_SKIPPED = why;
    console.log(`Firestore emulator suites (contract, rules, production path) skipped: ${why}`);
    return null;
  }
  const emulator = await startFirestoreEmulator();
  process.env.GANYAN_TEST_FIRESTORE = emulator.host;
  // Without it the admin SDK spends ~25 s looking for Google's credentials server before each first call.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  console.log(`Firestore emulator: started on ${emulator.host} (pid ${emulator.pid}); the Firestore suites run against it`);
  return emulator;
}
