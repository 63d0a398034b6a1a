import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAll } from '../../server/seed/index.js';
import { articleSchedulingCases } from '../api/article-scheduling.cases.js';
import { COMMENTS_CASES, commentsCases } from '../api/comments.cases.js';
import { LIKES_VIEWS_CASES, likesViewsCases } from '../api/likes-views.cases.js';
import { mediaCases } from '../api/media.cases.js';
import { notificationFanoutsCases } from '../api/notification-fanouts.cases.js';
import { notificationsCases } from '../api/notifications.cases.js';
import { RECORDS_CASES, recordsCases } from '../api/records.cases.js';
import { SETTLEMENT_CASES, settlementCases } from '../api/settlement.cases.js';
import { UPLOADS_CASES, uploadsCases } from '../api/uploads.cases.js';
import { VIP_ADMIN_CASES, vipAdminCases } from '../api/vip-admin.cases.js';
import { VIP_BANK_TRANSFER_CASES, vipBankTransferCases } from '../api/vip-bank-transfer.cases.js';
import { pickedCases } from '../support/cases.js';
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

/** Each test server has its own origin and signing secret: links in seeded mails differ by those alone. */
const SITE_ORIGIN = /http:\/\/127\.0\.0\.1:\d+/g;
const SIGNED_TOKEN = /token=[\w.-]+/g;

function comparableValue(value: unknown): unknown {
  if (typeof value === 'string') return DRAWN_ID.test(value) ? '<drawn id>' : value.replace(SITE_ORIGIN, '<site>').replace(SIGNED_TOKEN, 'token=<signed>');
  if (Array.isArray(value)) return value.map(comparableValue);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparableValue(v)]));
  return value;
}

/**
 * A collection as a sorted list of documents, drawn ids, salted password hashes, the server's origin
 * and signed tokens masked: all
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
      // Side by side: the Firestore seed mostly waits for the emulator, the sqlite one computes.
      [firestore, sqlite] = await Promise.all([
        startTestServer({ store: 'firestore', now: SEED_DAY, seeded: true }),
        startTestServer({ store: 'sqlite', now: SEED_DAY }).then(async (server) => {
          await seedAll(server.deps);
          return server;
        }),
      ]);
      // Two demo seeds (47 scrypt hashes each, thousands of emulator writes): over the 120 s default on
      // two cores at load average 20 (seen 2026-12-03), where the rest of the file passed.
    }, 900_000);
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
      // The races step imported results with altılı pools, and the estimates step settled coupons on them.
      const days = await firestore.deps.store.collection('raceDays').get();
      expect(days.filter((d) => (d.sixPools as unknown[]).length > 0).length).toBeGreaterThan(0);
      const settled = (await firestore.deps.store.collection('raceEstimates').get()).map((e) => e.settlement as { allHit: boolean; payout: number; sixPoolFirstRace: number | null } | null);
      expect(settled.filter((x) => x?.allHit && x.payout > 0 && x.sixPoolFirstRace !== null).length).toBeGreaterThan(0);
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

  describe('a race import with results and altılı pools, and the settlement it decides', () => {
    describe(RECORDS_CASES, () =>
      pickedCases(
        [
          'before results nothing is settled and the record is empty',
          'importing the results settles every covering estimate and sets raceResult unless set by hand',
          'GET /api/records/authors lists both apart: 5 and 1 settled tips are below the minimum sample of 20',
          'GET /api/records/authors/{id}/estimates gives the proofs: legs, winners, hits, lock time, hash; VIP picks hidden',
        ],
        (it) => recordsCases('firestore', it),
      ),
    );
    describe(SETTLEMENT_CASES, () =>
      pickedCases(
        [
          'waits until every selected race has a result, then settles 6/6 with the pool payout; article won',
          're-settles when a result is corrected: 6/6 becomes 5/6, the article becomes lost',
        ],
        (it) => settlementCases('firestore', it),
      ),
    );
  });

  describe('the VIP money flow', () => {
    describe(VIP_BANK_TRANSFER_CASES, () =>
      pickedCases(
        [
          'gives each request a unique code from the unambiguous alphabet, and freezes price and days',
          'refuses a statement with unknown columns, and matches, flags and approves idempotently across uploads',
          'eight approvals of one statement’s lines at once: every answer 200, each request paid once',
        ],
        (it) => vipBankTransferCases('firestore', it),
      ),
    );
    describe(VIP_ADMIN_CASES, () =>
      pickedCases(
        [
          'approves a request: one transaction, the user mirror, an audit entry, a mail after commit',
          'ten simultaneous approvals of one request extend once, audit once, mail once',
          'a repeated approval with the same Idempotency-Key answers the first result; without it, 409',
          'grants 1-365 days, extends from max(now, end), and honours the Idempotency-Key',
        ],
        (it) => vipAdminCases('firestore', it),
      ),
    );
  });

  describe('comments, likes and views', () => {
    describe(COMMENTS_CASES, () =>
      pickedCases(
        [
          'a new comment is pending: the poster sees it marked, others do not, the counter stays 0',
          'approval shows it to everyone and keeps the approved-comment counter exact',
          'replies nest under their parent; a pending reply is visible to its poster only',
          'toggles once per member and needs login',
        ],
        (it) => commentsCases('firestore', it),
      ),
    );
    describe(LIKES_VIEWS_CASES, () =>
      pickedCases(
        ['toggles one like per member and reports likes and liked', 'concurrent likes by different members are all counted', 'a view is counted per viewer, for visitors too'],
        (it) => likesViewsCases('firestore', it),
      ),
    );
  });

  describe('the notification fan-out', () => {
    pickedCases(
      [
        'reach each opted-in active VIP once by mail and SMS; expired, deleted, non-VIP and withdrawn members get nothing',
        'two runs at once send each notice once',
        'goes out in batches of at most 500 writes, and a crash half-way neither skips nor repeats anyone',
      ],
      (it) => notificationsCases('firestore', it),
    );
    pickedCases(['shows the counts on the article and in the VIP statistics; a delivery reported twice counts as sent once'], (it) => notificationFanoutsCases('firestore', it));
  });

  describe('scheduled publish', () =>
    pickedCases(
      ['the job publishes only what is due, once, and asks for the rebuild a manual publish asks for', 'staff who unschedule before the time win over the job'],
      (it) => articleSchedulingCases('firestore', it),
    ));

  describe('uploads and their metadata', () => {
    describe(UPLOADS_CASES, () =>
      pickedCases(
        [
          'keeps a valid image: grant, PUT, finalize, then serves it with type, nosniff, caching and Range',
          'purges files PUT but never finalized once their URL is long expired, and leaves kept files alone',
        ],
        (it) => uploadsCases('firestore', it),
      ),
    );
    // The module's own describe block is 'article media'.
    pickedCases(['attaches a finalized image upload as the featured image with its real size and narrower copies'], (it) => mediaCases('firestore', it));
  });
});
