import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { useTestServer, type TestServer } from './server.js';

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
  const server = useTestServer({ now });
  beforeAll(() => importRaceFixtures(server.deps, ...names));
  return server;
}
