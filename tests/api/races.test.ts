import { beforeAll, describe, expect, it } from 'vitest';
import { importRaceFixtures, useRaceServer } from '../support/race-files.js';
import { refusal } from '../support/server.js';

// 10:45 in Istanbul on the fixture day: race 1 (13:30) and race 2 (14:00) are still to come.
const server = useRaceServer(new Date('2026-11-14T07:45:00Z'), 'programme-good.json');

describe('race programme API', () => {
  it('GET /api/races/today gives every card of the day with races and entries', async () => {
    const res = await server.api('GET', '/api/races/today');
    expect(res.status).toBe(200);
    expect(res.body.data.date).toBe('2026-11-14');
    expect(res.body.data.cards.map((c: any) => [c.hippodrome, c.raceCount, c.races.length])).toEqual([
      ['İstanbul Veliefendi Hipodromu', 2, 2],
      ['İzmir Şirinyer Hipodromu', 1, 1],
    ]);
    const race = res.body.data.cards[0].races[0];
    expect(race).toMatchObject({ id: 'r700101', number: 1, time: '13:30', status: 'Beklemede', surface: 'Kum', trackCondition: 'Normal' });
    expect(race.entries[0]).toMatchObject({ number: 1, name: 'GÜLBATUR', jockey: 'Halis Karataş', weight: 57.5, odds: 3.45, trainer: 'Mehmet Özçelik', owner: 'Şahin Kaya', age: 4, father: 'SCHOOL TOUR', mother: 'MAVİ GÖK', lastSix: 'K1K3C2' });
  });

  it('filters by location given as a city name in any spelling', async () => {
    for (const location of ['İzmir', 'izmir', 'IZMIR']) {
      const res = await server.api('GET', `/api/races/today?location=${encodeURIComponent(location)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.cards.map((c: any) => c.venueId)).toEqual(['izmir']);
    }
  });

  it('an unknown location answers 404 in Turkish', async () => {
    const res = await server.api('GET', '/api/races/today?location=Erzurum');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Hipodrom bulunamadı.' });
  });

  it('GET /api/races/date/{date} answers a day, an empty day, and 400 for a malformed date', async () => {
    const day = await server.api('GET', '/api/races/date/2026-11-14?location=istanbul');
    expect(day.status).toBe(200);
    expect(day.body.data.cards).toHaveLength(1);
    const empty = await server.api('GET', '/api/races/date/2026-11-15');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ date: '2026-11-15', cards: [] });
    for (const bad of ['14-11-2026', '2026-02-30', 'yarin']) {
      expect(await refusal(server, 'GET', `/api/races/date/${bad}`)).toEqual({ status: 400, message: 'Geçersiz tarih. Tarih YYYY-AA-GG biçiminde olmalıdır.' });
    }
  });

  it('GET /api/races lists races newest first with pagination, filtered by date or location', async () => {
    const all = await server.api('GET', '/api/races?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: any) => r.id)).toEqual(['r700201', 'r700102']);
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true });
    const byVenue = await server.api('GET', '/api/races?location=istanbul');
    expect(byVenue.body.data.map((r: any) => r.id)).toEqual(['r700102', 'r700101']);
    const byDate = await server.api('GET', '/api/races?date=2026-11-14&page=2&limit=2');
    expect(byDate.body.data.map((r: any) => r.id)).toEqual(['r700201']);
    expect((await server.api('GET', '/api/races?limit=0')).status).toBe(400);
  });

  it('GET /api/races/{id} answers the race with its card; 400 malformed, 404 unknown', async () => {
    const res = await server.api('GET', '/api/races/r700102');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'r700102', distance: 1201, surface: 'Çim', card: { opening: '13:30', closing: '18:00', weather: { temperature: 16 } } });
    expect(await refusal(server, 'GET', '/api/races/abc')).toEqual({ status: 400, message: 'Geçersiz koşu kimliği.' });
    expect(await refusal(server, 'GET', '/api/races/r123')).toEqual({ status: 404, message: 'Koşu bulunamadı.' });
  });

  it('GET /api/races/locations lists the hippodromes in Turkish order', async () => {
    const res = await server.api('GET', '/api/races/locations');
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: any) => v.city)).toEqual(['İstanbul', 'İzmir']);
  });

  it('GET /api/races/upcoming lists races not yet run, soonest first, limit 10 by default', async () => {
    const res = await server.api('GET', '/api/races/upcoming');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.id)).toEqual(['r700101', 'r700102', 'r700201']);
    expect((await server.api('GET', '/api/races/upcoming?limit=1')).body.data).toHaveLength(1);
    expect((await server.api('GET', '/api/races/upcoming?limit=abc')).status).toBe(400);
  });
});

// The tests below import results: each has a store of its own, so the ones above (and each other)
// see the programme as it was, in any order.
describe('race programme API, results being imported', () => {
  const server = useRaceServer(new Date('2026-11-14T07:45:00Z'), 'programme-good.json');

  it('results and live state follow the clock and the results import', async () => {
    const before = await server.api('GET', '/api/races/r700101/results');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ raceId: 'r700101', status: 'Beklemede', available: false, ganyanDividend: null, payouts: [], finishers: [] });
    const live = await server.api('GET', '/api/races/r700101/live');
    expect(live.body.data).toMatchObject({ status: 'Beklemede', minutesToStart: 165, winner: null });

    server.setNow(new Date('2026-11-14T10:40:00Z'));
    expect((await server.api('GET', '/api/races/r700101/live')).body.data.status).toBe('Sonuç bekleniyor');
    await importRaceFixtures(server.deps, 'results-good.json');
    const after = await server.api('GET', '/api/races/r700101/results');
    expect(after.body.data).toMatchObject({ status: 'Tamamlandı', available: true, ganyanDividend: 2.1 });
    expect(after.body.data.finishers[0]).toMatchObject({ position: 1, horseId: 'h50002', name: 'ŞAHİNBEY', time: '1.12.34' });
    expect((await server.api('GET', '/api/races/r700101/live')).body.data.winner).toMatchObject({ name: 'ŞAHİNBEY' });

    for (const path of ['/api/races/x1/results', '/api/races/x1/live']) expect((await server.api('GET', path)).status).toBe(400);
    for (const path of ['/api/races/r9/results', '/api/races/r9/live']) expect((await server.api('GET', path)).status).toBe(404);
    server.setNow(new Date('2026-11-14T07:45:00Z'));
  });
});

describe('race programme API, the İstanbul results in', () => {
  const server = useRaceServer(new Date('2026-11-14T07:45:00Z'), 'programme-good.json');
  beforeAll(async () => {
    server.setNow(new Date('2026-11-14T10:40:00Z'));
    await importRaceFixtures(server.deps, 'results-good.json');
    server.setNow(new Date('2026-11-14T07:45:00Z'));
  });

  it('GET /api/races/day sums up the day by meeting with each winner; a horse and a jockey know their races of the day', async () => {
    // The İstanbul results are in; İzmir's race is still to be run.
    const day = await server.api('GET', '/api/races/day');
    expect(day.status).toBe(200);
    expect(day.body.data.date).toBe('2026-11-14');
    expect(day.body.data.meetings.map((m: any) => [m.location, m.races.map((r: any) => [r.number, r.time, r.hasResult, r.winner?.name ?? null, r.ganyan])])).toEqual([
      ['İstanbul', [[1, '13:30', true, 'ŞAHİNBEY', 2.1], [2, '14:00', true, 'GÜLBATUR', 4.35]]],
      ['İzmir', [[1, '15:00', false, null, null]]],
    ]);
    // KARAYEL's race has no result yet: its race of the day; GÜLBATUR has run both of its races.
    expect((await server.api('GET', '/api/horses/h50010')).body.data.nextRace).toEqual({
      raceId: 'r700201', date: '2026-11-14', venueId: 'izmir', location: 'İzmir', hippodrome: 'İzmir Şirinyer Hipodromu', number: 1, time: '15:00', startsAt: '2026-11-14T12:00:00.000Z',
    });
    expect((await server.api('GET', '/api/horses/h50001')).body.data.nextRace).toBeNull();
    const jockey = await server.api('GET', '/api/jockeys/j-halis-karatas');
    expect(jockey.body.data.todayRides.map((r: any) => [r.location, r.number, r.time, r.horseNumber, r.horseName, r.hasResult])).toEqual([
      ['İstanbul', 1, '13:30', 1, 'GÜLBATUR', true],
      ['İstanbul', 2, '14:00', 2, 'GÜLBATUR', true],
    ]);
    expect((await server.api('GET', '/api/races/day?date=2026-11-15')).body.data).toEqual({ date: '2026-11-15', meetings: [] });
    expect(await refusal(server, 'GET', '/api/races/day?date=15.11.2026')).toEqual({ status: 400, message: 'Geçersiz tarih. Tarih YYYY-AA-GG biçiminde olmalıdır.' });
  });
});
