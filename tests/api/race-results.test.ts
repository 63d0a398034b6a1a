import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { importRaceFixtures, raceFixture as fixture, useFreshRaceServer } from '../support/race-files.js';

// 16:00 in Istanbul on the fixture day: every race has started. Each test has a store of its own,
// the programme imported, and imports the results it reads itself.
const server = useFreshRaceServer(new Date('2026-11-14T13:00:00Z'), 'programme-good.json');
const importResults = () => importRaceFixtures(server.deps, 'results-full.json');

describe('race results API', () => {
  it('GET /api/races/results lists every race of the day, results filling in as they are imported', async () => {
    const before = await server.api('GET', '/api/races/results?date=2026-11-14');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ date: '2026-11-14', raceCount: 3, finishedCount: 0 });
    expect(before.body.data.cards.map((c: any) => [c.hippodrome, c.races.map((r: any) => [r.number, r.status, r.result])])).toEqual([
      ['İstanbul Veliefendi Hipodromu', [[1, 'Sonuç bekleniyor', null], [2, 'Sonuç bekleniyor', null]]],
      ['İzmir Şirinyer Hipodromu', [[1, 'Sonuç bekleniyor', null]]],
    ]);

    const summary = await importRaceFiles(server.deps, [fixture('results-full.json')]);
    expect(summary.rejected).toBe(0);
    const after = await server.api('GET', '/api/races/results?date=2026-11-14');
    expect(after.body.data).toMatchObject({ raceCount: 3, finishedCount: 2 });
    const race = after.body.data.cards[0].races[0];
    expect(race).toMatchObject({ id: 'r700101', number: 1, time: '13:30', distance: 1200, surface: 'Kum', status: 'Tamamlandı' });
    expect(race.result).toEqual({
      ganyanDividend: 2.1,
      payouts: [
        { kind: 'İkili', combination: '2-1', payout: 3.85, legs: null },
        { kind: 'Sıralı İkili', combination: '2/1', payout: 6.4, legs: null },
      ],
      finishers: [
        { position: 1, number: 2, horseId: 'h50002', name: 'ŞAHİNBEY', jockey: 'Gökhan Kocakaya', time: '1.12.34', odds: 2.1, earnings: 250000, margin: null },
        { position: 2, number: 1, horseId: 'h50001', name: 'GÜLBATUR', jockey: 'Halis Karataş', time: '1.12.80', odds: 3.45, earnings: 100000, margin: '2 1/2 Boy' },
        { position: null, number: 3, horseId: 'h50003', name: 'İNCİ KIZ', jockey: 'Ahmet Çelik', time: null, odds: null, earnings: 0, margin: null },
      ],
    });
    // Race 2 has no result yet: it stays listed, waiting.
    expect(after.body.data.cards[0].races[1]).toMatchObject({ number: 2, status: 'Sonuç bekleniyor', result: null });
    expect(after.body.data.cards[1].races[0].result.finishers[1]).toMatchObject({ name: 'DEMİRKIRAN', margin: 'Burun' });
  });

  it('GET /api/races/{id}/results answers the same result, payouts included', async () => {
    await importResults();
    const res = await server.api('GET', '/api/races/r700101/results');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ raceId: 'r700101', status: 'Tamamlandı', available: true, ganyanDividend: 2.1 });
    expect(res.body.data.payouts).toHaveLength(2);
    expect(res.body.data.finishers[1].margin).toBe('2 1/2 Boy');
  });

  it('filters by location, defaults to today, and refuses bad input in Turkish', async () => {
    await importResults();
    const izmir = await server.api('GET', '/api/races/results?date=2026-11-14&location=%C4%B0zmir');
    expect(izmir.body.data.cards.map((c: any) => c.venueId)).toEqual(['izmir']);
    expect(izmir.body.data).toMatchObject({ raceCount: 1, finishedCount: 1 });
    const today = await server.api('GET', '/api/races/results');
    expect(today.body.data.date).toBe('2026-11-14');
    const empty = await server.api('GET', '/api/races/results?date=2026-11-13');
    expect(empty.body.data).toEqual({ date: '2026-11-13', raceCount: 0, finishedCount: 0, cards: [] });
    const bad = await server.api('GET', '/api/races/results?date=13.11.2026');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz tarih. Tarih YYYY-AA-GG biçiminde olmalıdır.');
    expect((await server.api('GET', '/api/races/results?date=2026-11-14&location=Erzurum')).status).toBe(404);
    expect((await server.api('GET', '/api/races/results?gun=2026-11-14')).status).toBe(400);
  });

  it('a repeated import leaves the results as they were', async () => {
    await importResults();
    const first = (await server.api('GET', '/api/races/results?date=2026-11-14')).body.data;
    const again = await importRaceFiles(server.deps, [fixture('results-full.json')]);
    expect(again.files[0]!.written).toBe(0);
    expect((await server.api('GET', '/api/races/results?date=2026-11-14')).body.data).toEqual(first);
  });
});
