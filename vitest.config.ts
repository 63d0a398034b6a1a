import { defineConfig } from 'vitest/config';
import SlowFilesFirst from './tests/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'functions/src/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Generous: account tests hash passwords with scrypt at production cost, several per test, and on
    // two loaded cores one test took over 30 s. They wait for answers, never for fixed times.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: browser and emulator suites start servers of their own.
    maxWorkers: 2,
    reporters: ['default'],
    sequence: { sequencer: SlowFilesFirst },
  },
});
