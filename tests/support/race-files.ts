import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, expect } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { useTestServer, type TestServer, type TestServerScope } from './server.js';

export const RACE_FIXTURES = join(import.meta.dirname, '../fixtures/races');

/** A race file of tests/fixtures/races as the staff import receives it: its name and its text. */
export const raceFixture = (name: string) => ({ name, content: readFileSync(join(RACE_FIXTURES, name), 'utf8') });

/** Imports race fixtures the way staff do and insists none of them was rejected. */
export async function importRaceFixtures(deps: AppDeps, ...names: string[]) {
  const summary = await importRaceFiles(deps, names.map(raceFixture));
  expect(summary.rejected).toBe(0);
  return summary;
}

/** The file's test server on a fixed clock, its store holding the given race fixtures. */
export function useRaceServer(now: Date, ...names: string[]): TestServer {
  return raceServer('file', now, names);
}

/**
 * As useRaceServer, but a fresh server for every test, each store holding the fixtures and the
 * clock at `now`: for tests that import results or move the clock, which the next test must not see.
 */
export function useFreshRaceServer(now: Date, ...names: string[]): TestServer {
  return raceServer('test', now, names);
}

function raceServer(scope: TestServerScope, now: Date, names: string[]): TestServer {
  const server = useTestServer({ now, scope });
  (scope === 'test' ? beforeEach : beforeAll)(() => importRaceFixtures(server.deps, ...names));
  return server;
}
