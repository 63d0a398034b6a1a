import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowFilesFirst from './tests/support/sequencer.js';

/** Files that drive Chromium or the Firebase emulators: each starts servers of its own. */
const BROWSER_FILES = ['tests/browser/**/*.test.ts', 'tests/emulator/**/*.test.ts'];

export default defineConfig({
  // The same alias as tsconfig.json and astro.config.mjs: tests import site modules that use it.
  resolve: { alias: { '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)) } },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Generous: on two loaded cores a browser test's steps take several times as long as on an idle
    // machine (one took over 30 s), and tests/api/identity.test.ts hashes at the production scrypt cost.
    // They wait for answers, never for fixed times.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition: vitest's 1 s default failed polls on a loaded 2-core machine.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    pool: 'forks',
    // Two cores: browser and emulator suites start servers of their own.
    maxWorkers: 2,
    reporters: ['default'],
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      { extends: true, test: { name: 'browser', include: BROWSER_FILES } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts', 'functions/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BROWSER_FILES],
          // A hundred quick files, each with its own temp store and server: a fresh process per file
          // spent more time importing the app than testing it (95 s for these files, 30 s without).
          isolate: false,
        },
      },
    ],
  },
});
