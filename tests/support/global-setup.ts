import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { seedAll } from '../../server/seed/index.js';
import { warmDemoImageCache } from '../../src/lib/demo-images.js';

/**
 * Seeds the demo data once per test run into a template database that every site-level test
 * copies (tests/support/browser.ts). Seeding hashes 47 passwords with scrypt at production cost,
 * which is too slow to repeat in every browser test file. Then fills the demo image cache (a new
 * machine's first builds would each encode the same ~90 AVIF files, side by side).
 */
export default async function setup(): Promise<() => void> {
  // Each test project (vitest.config.ts) runs this; the first one's template serves both.
  if (process.env.GANYAN_SEED_TEMPLATE) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ganyan-seed-template-'));
  const config = loadConfig({ ...process.env, GANYAN_ENV: 'test', GANYAN_DATA_DIR: dir });
  const deps = createLocalDeps(config, { quiet: true });
  await seedAll(deps);
  await deps.store.close();
  await warmDemoImageCache();
  process.env.GANYAN_SEED_TEMPLATE = join(dir, 'ganyan.sqlite');
  return () => rmSync(dir, { recursive: true, force: true });
}
