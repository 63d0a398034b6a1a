import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { correctedCards, jockeyProgramme, jockeyResults } from '../support/jockeys.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Jockey statistics against the hand-made history of tests/support/jockeys.ts. Halis Karataş rides:
 *   20.12.2025 İstanbul 1. koşu 1200 m Kum  ALTINBAŞ  1.
 *   20.12.2025 İstanbul 2. koşu 1900 m Çim  DORUKHAN  2.
 *   10.11.2026 Ankara   1. koşu 1400 m Kum  ALTINBAŞ  1.
 *   10.11.2026 Ankara   2. koşu 2100 m Çim  DORUKHAN  4.
 *   10.11.2026 Ankara   3. koşu 1200 m Kum  LALE      1.
 * Totals: 5 rides, 3 wins (1st), 4 placed (1st-3rd): 3/5 = %60,0, 4/5 = %80,0.
 * Venue:    Ankara 3 rides 2 wins 2 placed (66,7 / 66,7); İstanbul 2 rides 1 win 2 placed (50,0 / 100,0).
 * Surface:  Çim 2 rides 0 wins 1 placed (0 / 50,0); Kum 3 rides 3 wins 3 placed (100 / 100).
 * Distance: <=1200: 2 rides 2 wins 2 placed; 1201-1400: 1/1/1; 1801-2000: 1/0/1; 2001+: 1/0/0.
 * Year:     2026 3 rides 2 wins 2 placed; 2025 2 rides 1 win 2 placed.
 * Horses:   ALTINBAŞ 2 rides 2 wins 2 placed; LALE 1/1/1; DORUKHAN 2/0/1 (by wins, then placed).
 * Gökhan Kocakaya: GÜLBAHAR 3., JALE did not finish (a ride, no place), MAVİ 2. -> 3 rides, 0 wins, 2 placed.
 */

let server: TestServer;
const HALIS = 'j-halis-karatas';

beforeAll(async () => {
  server = await startTestServer({ now: new Date('2026-11-12T09:00:00Z') });
  expect((await importRaceFiles(server.deps, [{ name: 'programme.json', content: jockeyProgramme() }])).rejected).toBe(0);
});
afterAll(() => server.close());

const row = (key: string, label: string, rides: number, wins: number, places: number, winRate: number, placeRate: number) => ({ key, label, rides, wins, places, winRate, placeRate });

describe('jockeys API', () => {
  it('a jockey named by a programme has a page before the first result', async () => {
    const res = await server.api('GET', '/api/jockeys/j-serkan-demir');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'j-serkan-demir', name: 'Serkan Demir', lastRideDate: null, byVenue: [], lastRides: [], partnerships: [] });
    expect(res.body.data.totals).toEqual(row('all', 'Toplam', 0, 0, 0, 0, 0));
  });

  it('statistics by venue, surface, distance band and year match the hand-computed figures', async () => {
    expect((await importRaceFiles(server.deps, [{ name: 'results.json', content: jockeyResults() }])).rejected).toBe(0);
    const res = await server.api('GET', `/api/jockeys/${HALIS}`);
    expect(res.status).toBe(200);
    const j = res.body.data;
    expect(j).toMatchObject({ id: HALIS, name: 'Halis Karataş', lastRideDate: '2026-11-10' });
    expect(j.totals).toEqual(row('all', 'Toplam', 5, 3, 4, 60, 80));
    expect(j.byVenue).toEqual([row('ankara', 'Ankara', 3, 2, 2, 66.7, 66.7), row('istanbul', 'İstanbul', 2, 1, 2, 50, 100)]);
    expect(j.bySurface).toEqual([row('Çim', 'Çim', 2, 0, 1, 0, 50), row('Kum', 'Kum', 3, 3, 3, 100, 100)]);
    expect(j.byDistance).toEqual([
      row('1000-1200', '1200 m ve altı', 2, 2, 2, 100, 100),
      row('1201-1400', '1201–1400 m', 1, 1, 1, 100, 100),
      row('1801-2000', '1801–2000 m', 1, 0, 1, 0, 100),
      row('2001+', '2001 m ve üzeri', 1, 0, 0, 0, 0),
    ]);
    expect(j.byYear).toEqual([row('2026', '2026', 3, 2, 2, 66.7, 66.7), row('2025', '2025', 2, 1, 2, 50, 100)]);
    expect(j.partnerships.map((p: any) => [p.horseName, p.rides, p.wins, p.places, p.winRate])).toEqual([
      ['ALTINBAŞ', 2, 2, 2, 100],
      ['LALE', 1, 1, 1, 100],
      ['DORUKHAN', 2, 0, 1, 0],
    ]);
    expect(j.lastRides.map((r: any) => [r.date, r.city, r.raceNumber, r.horseName, r.position])).toEqual([
      ['2026-11-10', 'Ankara', 3, 'LALE', 1],
      ['2026-11-10', 'Ankara', 2, 'DORUKHAN', 5],
      ['2026-11-10', 'Ankara', 1, 'ALTINBAŞ', 1],
      ['2025-12-20', 'İstanbul', 2, 'DORUKHAN', 2],
      ['2025-12-20', 'İstanbul', 1, 'ALTINBAŞ', 1],
    ]);
    expect(j.lastRides[1]).toMatchObject({ horseId: 'h60004', raceId: 'r92102', distance: 2100, surface: 'Çim', number: 1, runners: 5, hippodrome: 'Ankara 75. Yıl Hipodromu' });

    const gokhan = (await server.api('GET', '/api/jockeys/j-gokhan-kocakaya')).body.data;
    expect(gokhan.totals).toEqual(row('all', 'Toplam', 3, 0, 2, 0, 66.7));
  });

  it('pages through the rides, newest first, with the ride count as total', async () => {
    const res = await server.api('GET', `/api/jockeys/${HALIS}/rides?page=2&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => [r.date, r.raceNumber])).toEqual([
      ['2026-11-10', 1],
      ['2025-12-20', 2],
    ]);
    expect(res.body.pagination).toMatchObject({ page: 2, limit: 2, total: 5, totalPages: 3 });
    const last = await server.api('GET', `/api/jockeys/${HALIS}/rides?page=3&limit=2`);
    expect(last.body.data).toHaveLength(1);
    const beyond = await server.api('GET', `/api/jockeys/${HALIS}/rides?page=9&limit=2`);
    expect(beyond.body.data).toEqual([]);
    expect((await server.api('GET', `/api/jockeys/${HALIS}/rides`)).body.data).toHaveLength(5);
  });

  it('a repeated import changes nothing; a corrected result moves the figures once', async () => {
    const before = (await server.api('GET', `/api/jockeys/${HALIS}`)).body.data;
    await importRaceFiles(server.deps, [{ name: 'results.json', content: jockeyResults() }]);
    await importRaceFiles(server.deps, [{ name: 'results.json', content: jockeyResults() }]);
    expect((await server.api('GET', `/api/jockeys/${HALIS}`)).body.data).toEqual(before);

    await importRaceFiles(server.deps, [{ name: 'corrected.json', content: jockeyResults(correctedCards()) }]);
    await importRaceFiles(server.deps, [{ name: 'corrected.json', content: jockeyResults(correctedCards()) }]);
    const after = (await server.api('GET', `/api/jockeys/${HALIS}`)).body.data;
    // DORUKHAN 5th -> 4th (TJK's tabela is the first four): one more placed ride, in Ankara, on Çim, over 2001 m, in 2026.
    expect(after.totals).toEqual(row('all', 'Toplam', 5, 3, 5, 60, 100));
    expect(after.bySurface[0]).toEqual(row('Çim', 'Çim', 2, 0, 2, 0, 100));
    expect(after.byDistance[3]).toEqual(row('2001+', '2001 m ve üzeri', 1, 0, 1, 0, 100));
    expect(after.partnerships[2]).toMatchObject({ horseName: 'DORUKHAN', rides: 2, wins: 0, places: 2 });
    const serkan = (await server.api('GET', '/api/jockeys/j-serkan-demir')).body.data;
    expect(serkan.totals).toEqual(row('all', 'Toplam', 1, 0, 0, 0, 0));
  });

  it('answers an unknown jockey with 404 and bad ids or paging with 400, in Turkish', async () => {
    const missing = await server.api('GET', '/api/jockeys/j-olmayan-jokey');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Jokey bulunamadı.');
    expect((await server.api('GET', '/api/jockeys/j-olmayan-jokey/rides')).status).toBe(404);
    for (const bad of ['HALIS', 'j-', 'j--x', 'h60001', 'j-halis_karatas']) {
      const res = await server.api('GET', `/api/jockeys/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Geçersiz jokey kimliği.');
    }
    const page0 = await server.api('GET', `/api/jockeys/${HALIS}/rides?page=0`);
    expect(page0.status).toBe(400);
    expect(page0.body.message).toMatch(/Sayfa numarası 1 veya daha büyük olmalıdır/);
    expect((await server.api('GET', `/api/jockeys/${HALIS}/rides?limit=101`)).status).toBe(400);
    expect((await server.api('GET', `/api/jockeys/${HALIS}/rides?sayfa=2`)).status).toBe(400);
  });
});
