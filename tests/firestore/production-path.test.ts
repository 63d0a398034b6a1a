import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAll } from '../../server/seed/index.js';
import { testFirestoreHost } from '../support/firestore-deps.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Production's paths on production's adapter: the Firestore store, under Google's emulator, in the
 * composition functions/src/platform/cloud-deps.ts builds (tests/support/firestore-deps.ts). The
 * cases are the API suite's own (tests/api/*.cases.ts), picked by name, with their assertions
 * unchanged: only the store under the server differs. Each server has an emulator project of its own.
 */
const host = testFirestoreHost();
if (!host) console.log('Production-path suite on Firestore skipped: GANYAN_TEST_FIRESTORE is not set (no Firestore emulator on this machine)');

/** A fixed day for both seeds: the demo data follows the calendar, so two runs compare only on one day. */
const SEED_DAY = new Date('2026-11-24T09:00:00Z');

/** Collections the sqlite store made (one table `c_<name>` each): every one the seed wrote. */
function sqliteCollections(server: TestServer): string[] {
  const db = new DatabaseSync(join(server.dataDir, 'ganyan.sqlite'), { readOnly: true });
  try {
    const rows = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_%' ESCAPE '\\' ORDER BY name`).all() as { name: string }[];
    return rows.map((r) => r.name.slice(2));
  } finally {
    db.close();
  }
}

/** An id the store drew at random (`store.add`): differs between two seeds like the salts do. */
const DRAWN_ID = /^[A-Za-z0-9]{20}$/;

function comparableValue(value: unknown): unknown {
  if (typeof value === 'string') return DRAWN_ID.test(value) ? '<drawn id>' : value;
  if (Array.isArray(value)) return value.map(comparableValue);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparableValue(v)]));
  return value;
}

/**
 * A collection as a sorted list of documents, drawn ids and salted password hashes masked: all
 * that may differ between two seeds of the same day. Everything else must be equal.
 */
const comparable = (docs: Record<string, unknown>[]) =>
  docs
    .map((doc) => comparableValue('passwordHash' in doc ? { ...doc, passwordHash: typeof doc.passwordHash } : doc))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.skipIf(!host)(`production path on the Firestore emulator @ ${host ?? 'unset'}`, () => {
  describe('the demo seed through the production composition', () => {
    let firestore: TestServer;
    let sqlite: TestServer;
    beforeAll(async () => {
      // One after the other: the two seeds would share two loaded cores anyway.
      firestore = await startTestServer({ store: 'firestore', now: SEED_DAY, seeded: true });
      sqlite = await startTestServer({ store: 'sqlite', now: SEED_DAY });
      await seedAll(sqlite.deps);
    });
    afterAll(async () => {
      await firestore?.close();
      await sqlite?.close();
    });

    it('stores on Firestore, document for document, what the local composition stores on sqlite', async () => {
      const names = sqliteCollections(sqlite);
      expect(names).toEqual(expect.arrayContaining(['users', 'articles', 'races', 'raceDays', 'results', 'raceEstimates', 'houseAds']));
      const counts: Record<string, number> = {};
      for (const name of names) {
        const [onFirestore, onSqlite] = await Promise.all([firestore.deps.store.collection(name).get(), sqlite.deps.store.collection(name).get()]);
        expect(comparable(onFirestore), name).toEqual(comparable(onSqlite));
        counts[name] = onFirestore.length;
      }
      console.log(`Firestore seed: ${Object.values(counts).reduce((a, b) => a + b, 0)} documents in ${names.length} collections, equal to sqlite's`);
    });

    it('answers the public reads the site is built from exactly as on sqlite', async () => {
      const paths = [
        '/api/races/today',
        '/api/races/results',
        '/api/races/locations',
        '/api/authors',
        '/api/records/authors',
        '/api/articles/featured',
        '/api/articles/popular',
      ];
      for (const path of paths) {
        const [a, b] = await Promise.all([firestore.api('GET', path), sqlite.api('GET', path)]);
        expect(a.status, path).toBe(200);
        expect(a.body, path).toEqual(b.body);
      }
    });

    it('pages /api/articles to the end with no duplicates, in the order sqlite gives', async () => {
      const seen: string[] = [];
      let total: number | undefined;
      for (let page = 1; ; page += 1) {
        const path = `/api/articles?page=${page}&limit=25`;
        const [a, b] = await Promise.all([firestore.api('GET', path), sqlite.api('GET', path)]);
        expect(a.body, path).toEqual(b.body);
        const ids = (a.body.data as { id: string }[]).map((x) => x.id);
        total = a.body.pagination.total;
        if (ids.length === 0) break;
        seen.push(...ids);
        if (page >= a.body.pagination.totalPages) break;
      }
      expect(seen.length).toBeGreaterThan(100);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(total);
    });
  });
});
