import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { createAccount } from '../support/accounts.js';
import { jockeyProgramme, jockeyResults } from '../support/jockeys.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Trainer statistics (issues 49, 53) against the hand-made history of tests/support/jockeys.ts,
 * where Sedat Karabulut trains ALTINBAŞ, DORUKHAN, FIRTINA and LALE and Nihat Aksoy the rest:
 *   20.12.2025 İstanbul 1. koşu  ALTINBAŞ 1.
 *   20.12.2025 İstanbul 2. koşu  DORUKHAN 2., FIRTINA 1.
 *   10.11.2026 Ankara   1. koşu  ALTINBAŞ 1.
 *   10.11.2026 Ankara   2. koşu  DORUKHAN 5., FIRTINA 2.
 *   10.11.2026 Ankara   3. koşu  LALE 1.
 * Sedat: 7 runners, 4 wins, 6 on the tabela (first four): %57,1 / %85,7.
 *   2025: 3 / 2 / 3; 2026: 4 / 2 / 3. İstanbul 3 / 2 / 3; Ankara 4 / 2 / 3.
 * Nihat: BORAN 3., CEVHER 2., ERGUVAN 4., GÜLBAHAR 3., BORAN 3., HAYAL 2., IŞIK 1., JALE no place,
 *   KARTAL 3., MAVİ 2. -> 10 runners, 1 win, 9 placed: the only one with the 10 runs the rate ranking asks.
 */

let server: TestServer;
const SEDAT = 'a-sedat-karabulut';
const NIHAT = 'a-nihat-aksoy';

const row = (key: string, label: string, rides: number, wins: number, places: number, winRate: number, placeRate: number) => ({ key, label, rides, wins, places, winRate, placeRate });
const trainer = async (id: string) => (await server.api('GET', `/api/trainers/${id}`)).body.data;

beforeAll(async () => {
  server = await startTestServer({ now: new Date('2026-11-12T09:00:00Z') });
  expect((await importRaceFiles(server.deps, [{ name: 'programme.json', content: jockeyProgramme() }])).rejected).toBe(0);
});
afterAll(() => server.close());

describe('trainers API', () => {
  it('a trainer named by a programme has a record before the first result', async () => {
    const res = await server.api('GET', `/api/trainers/${SEDAT}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: SEDAT, name: 'Sedat Karabulut', lastRideDate: null, byVenue: [], lastRuns: [], horses: [], today: [] });
    expect(res.body.data.totals).toEqual(row('all', 'Toplam', 0, 0, 0, 0, 0));
  });

  it('counts every runner of the results under the trainer its programme declared', async () => {
    expect((await importRaceFiles(server.deps, [{ name: 'results.json', content: jockeyResults() }])).rejected).toBe(0);
    const t = await trainer(SEDAT);
    expect(t).toMatchObject({ id: SEDAT, name: 'Sedat Karabulut', lastRideDate: '2026-11-10' });
    expect(t.totals).toEqual(row('all', 'Toplam', 7, 4, 6, 57.1, 85.7));
    expect(t.byYear).toEqual([row('2026', '2026', 4, 2, 3, 50, 75), row('2025', '2025', 3, 2, 3, 66.7, 100)]);
    expect(t.byVenue).toEqual([row('ankara', 'Ankara', 4, 2, 3, 50, 75), row('istanbul', 'İstanbul', 3, 2, 3, 66.7, 100)]);
    expect(t.horses.map((h: any) => [h.horseName, h.rides, h.wins, h.places])).toEqual([
      ['ALTINBAŞ', 2, 2, 2],
      ['FIRTINA', 2, 1, 2],
      ['LALE', 1, 1, 1],
      ['DORUKHAN', 2, 0, 1],
    ]);
    // Each runner says who rode it: the trainer's page lists its jockeys.
    // Runners of one race start together: within a race the order is the store's, so compare by name there.
    const newestFirst = (runs: any[]) => runs.map((r) => [r.date, r.raceNumber, r.horseName, r.jockey, r.position]).sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1] || a[2].localeCompare(b[2], 'tr'));
    expect(t.lastRuns.map((r: any) => r.date)).toEqual([...t.lastRuns.map((r: any) => r.date)].sort().reverse());
    expect(newestFirst(t.lastRuns)).toEqual([
      ['2026-11-10', 3, 'LALE', 'Halis Karataş', 1],
      ['2026-11-10', 2, 'DORUKHAN', 'Halis Karataş', 5],
      ['2026-11-10', 2, 'FIRTINA', 'Özcan Yıldırım', 2],
      ['2026-11-10', 1, 'ALTINBAŞ', 'Halis Karataş', 1],
      ['2025-12-20', 2, 'DORUKHAN', 'Halis Karataş', 2],
      ['2025-12-20', 2, 'FIRTINA', 'Ahmet Çelik', 1],
      ['2025-12-20', 1, 'ALTINBAŞ', 'Halis Karataş', 1],
    ]);
    expect((await trainer(NIHAT)).totals).toEqual(row('all', 'Toplam', 10, 1, 9, 10, 90));

    const page = await server.api('GET', `/api/trainers/${SEDAT}/runs?page=2&limit=3`);
    expect(page.body.data.map((r: any) => r.date)).toEqual(['2026-11-10', '2025-12-20', '2025-12-20']);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 3, total: 7, totalPages: 3 });
  });

  it('a repeated import changes nothing; a staff correction moves the figures once', async () => {
    const before = await trainer(SEDAT);
    await importRaceFiles(server.deps, [{ name: 'results.json', content: jockeyResults() }]);
    expect(await trainer(SEDAT)).toEqual(before);

    // Ankara's 2nd race by hand: FIRTINA (2) first, IŞIK (3) second, DORUKHAN (1) third, KARTAL (5) fourth.
    const admin = await createAccount(server, { role: 'admin' });
    const body = { order: [2, 3, 1, 5], reason: 'Hakem kurulu kararı ile sıralama düzeltildi.' };
    for (let i = 0; i < 2; i += 1) {
      const res = await server.api('PUT', '/api/admin/races/r92102/result', { token: admin.token, body });
      expect(res.status).toBe(200);
    }
    const after = await trainer(SEDAT);
    expect(after.totals).toEqual(row('all', 'Toplam', 7, 5, 7, 71.4, 100));
    expect(after.byVenue[0]).toEqual(row('ankara', 'Ankara', 4, 3, 4, 75, 100));
    expect(after.lastRuns.find((r: any) => r.horseName === 'DORUKHAN' && r.date === '2026-11-10')).toMatchObject({ position: 3 });
    expect((await trainer(NIHAT)).totals).toEqual(row('all', 'Toplam', 10, 0, 9, 0, 90));
  });

  it("lists the trainer's runners declared on today's cards, in start order", async () => {
    const today = [
      {
        cardId: '9301',
        hippodrome: 'İzmir Şirinyer Hipodromu',
        city: 'İzmir',
        date: '12/11/2026',
        races: [
          ['93101', '15:00', 1600, 'Kum', [['60012', 'LALE', 'Gökhan Kocakaya', null], ['60013', 'MAVİ', 'Serkan Demir', null]]],
          ['93102', '14:30', 1400, 'Çim', [['60001', 'ALTINBAŞ', 'Halis Karataş', null]]],
        ],
      },
    ] as Parameters<typeof jockeyProgramme>[0];
    expect((await importRaceFiles(server.deps, [{ name: 'today.json', content: jockeyProgramme(today) }])).rejected).toBe(0);
    const t = await trainer(SEDAT);
    expect(t.today.map((r: any) => [r.city, r.raceNumber, r.horseName, r.jockey, r.status])).toEqual([
      ['İzmir', 2, 'ALTINBAŞ', 'Halis Karataş', 'Beklemede'],
      ['İzmir', 1, 'LALE', 'Gökhan Kocakaya', 'Beklemede'],
    ]);
    expect(t.today[0]).toMatchObject({ raceId: 'r93102', horseId: 'h60001', number: 1, distance: 1400, surface: 'Çim', startsAt: '2026-11-12T11:30:00.000Z' });
  });

  it('answers an unknown trainer with 404 and bad ids or paging with 400, in Turkish', async () => {
    const missing = await server.api('GET', '/api/trainers/a-olmayan-antrenor');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Antrenör bulunamadı.');
    for (const bad of ['SEDAT', 'a-', 'j-halis-karatas', 'a-sedat_karabulut']) {
      const res = await server.api('GET', `/api/trainers/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Geçersiz antrenör kimliği.');
    }
    expect((await server.api('GET', `/api/trainers/${SEDAT}/runs?page=0`)).status).toBe(400);
  });
});

describe('standings API', () => {
  it('ranks jockeys and trainers by wins and, from the minimum sample up, by win rate', async () => {
    const res = await server.api('GET', '/api/standings');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ season: null, venue: null, minRides: 10, seasons: ['2026', '2025'] });
    expect(s.venues.map((v: any) => v.city)).toEqual(['Ankara', 'İstanbul', 'İzmir']);
    expect(s.trainers.byWins.map((r: any) => [r.name, r.rides, r.wins, r.winRate])).toEqual([
      ['Sedat Karabulut', 7, 5, 71.4],
      ['Nihat Aksoy', 10, 0, 0],
    ]);
    // Sedat's 7 runners are under the 10 the rate ranking asks for.
    expect(s.trainers.byRate.map((r: any) => r.name)).toEqual(['Nihat Aksoy']);
    expect(s.jockeys.byWins[0]).toMatchObject({ id: 'j-halis-karatas', name: 'Halis Karataş', wins: 3 });
    expect(s.jockeys.byRate).toEqual([]);
  });

  it('filters by season, by venue and by both, with the same figures as the records', async () => {
    const season = (await server.api('GET', '/api/standings?sezon=2025')).body.data;
    expect(season.trainers.byWins.map((r: any) => [r.name, r.rides, r.wins, r.places])).toEqual([
      ['Sedat Karabulut', 3, 2, 3],
      ['Nihat Aksoy', 4, 0, 4],
    ]);
    const venue = (await server.api('GET', '/api/standings?hipodrom=ankara')).body.data;
    expect(venue.venue).toEqual({ id: 'ankara', city: 'Ankara' });
    expect(venue.trainers.byWins[0]).toMatchObject({ name: 'Sedat Karabulut', rides: 4, wins: 3 });
    const both = (await server.api('GET', '/api/standings?sezon=2026&hipodrom=Ankara')).body.data;
    expect(both.jockeys.byWins.map((r: any) => [r.name, r.rides, r.wins])).toContainEqual(['Halis Karataş', 3, 2]);
    const none = (await server.api('GET', '/api/standings?sezon=2025&hipodrom=ankara')).body.data;
    expect(none.jockeys).toEqual({ byWins: [], byRate: [], count: 0 });
  });

  it('refuses a bad season or an unknown venue in Turkish', async () => {
    const season = await server.api('GET', '/api/standings?sezon=geçen');
    expect(season.status).toBe(400);
    expect(season.body.message).toBe('Geçersiz sezon: 2026 gibi bir yıl ya da tüm sezonlar için boş bırakın.');
    const venue = await server.api('GET', '/api/standings?hipodrom=mars');
    expect(venue.status).toBe(404);
    expect(venue.body.message).toBe('Bu hipodrom kayıtlarımızda yok.');
    expect((await server.api('GET', '/api/standings?yil=2026')).status).toBe(400);
  });
});
