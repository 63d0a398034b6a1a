import { describe, expect, it } from 'vitest';
import { useRaceServer } from '../support/race-files.js';
import { refusal } from '../support/server.js';

const server = useRaceServer(new Date('2026-11-15T09:00:00Z'), 'programme-good.json', 'results-good.json');

describe('horses API', () => {
  it('GET /api/horses pages through horses in Turkish name order (defaults 1 and 20)', async () => {
    const res = await server.api('GET', '/api/horses');
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: any) => h.name)).toEqual(['ÇAKIR', 'DEMİRKIRAN', 'GÜLBATUR', 'İNCİ KIZ', 'KARAYEL', 'ŞAHİNBEY']);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 20, total: 6 });
    const page2 = await server.api('GET', '/api/horses?page=2&limit=4');
    expect(page2.body.data.map((h: any) => h.name)).toEqual(['KARAYEL', 'ŞAHİNBEY']);
    expect((await server.api('GET', '/api/horses?page=0')).status).toBe(400);
  });

  it('GET /api/horses/search is Turkish-aware and needs two letters', async () => {
    for (const q of ['şahin', 'SAHIN', 'Şahinbey']) {
      const res = await server.api('GET', `/api/horses/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((h: any) => h.id)).toEqual(['h50002']);
    }
    expect((await server.api('GET', `/api/horses/search?q=${encodeURIComponent('inci kız')}`)).body.data.map((h: any) => h.name)).toEqual(['İNCİ KIZ']);
    expect((await server.api('GET', '/api/horses/search?q=zzz')).body.data).toEqual([]);
    expect(await refusal(server, 'GET', '/api/horses/search?q=a')).toEqual({ status: 400, message: 'Arama için en az 2 karakter girin.' });
  });

  it('GET /api/horses/{id} answers the horse with history and statistics; 400 malformed, 404 unknown', async () => {
    const res = await server.api('GET', '/api/horses/h50001');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'h50001', name: 'GÜLBATUR', displayName: 'GÜLBATUR', age: 4, sex: 'm', handicapRating: null });
    expect(res.body.data.raceHistory).toHaveLength(2);
    expect(res.body.data.surfaceStats.grass).toMatchObject({ runs: 1, wins: 1, earnings: 300000 });
    expect(res.body.data.surfaceStats.dirt).toMatchObject({ runs: 1, wins: 0, seconds: 1, earnings: 100000 });
    expect(await refusal(server, 'GET', '/api/horses/gulbatur')).toEqual({ status: 400, message: 'Geçersiz at kimliği.' });
    expect(await refusal(server, 'GET', '/api/horses/h1')).toEqual({ status: 404, message: 'At bulunamadı' });
  });

  it('GET /api/horses/tjk/{id} finds the horse by its source code, with or without forceRefresh', async () => {
    const res = await server.api('GET', '/api/horses/tjk/50001?forceRefresh=true');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe('h50001');
    expect((await server.api('GET', '/api/horses/tjk/50001')).body.data.name).toBe('GÜLBATUR');
    expect((await server.api('GET', '/api/horses/tjk/h50001')).status).toBe(400);
    expect((await server.api('GET', '/api/horses/tjk/50001?forceRefresh=yes')).status).toBe(400);
    expect((await server.api('GET', '/api/horses/tjk/1')).status).toBe(404);
  });

  it('GET /api/horses/{id}/pedigree gives the three generations with birth years and sex', async () => {
    const res = await server.api('GET', '/api/horses/h50001/pedigree');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      self: { name: 'GÜLBATUR', birthYear: 2022, gender: 'm' },
      sire: { name: 'SCHOOL TOUR', birthYear: 2008 },
      dam: { name: 'MAVİ GÖK', birthYear: 2013 },
      paternalGrandsire: { name: "KING'S BEST", birthYear: 1997 },
      paternalGranddam: { name: 'SEA TOUR', birthYear: 2000 },
      maternalGrandsire: { name: 'TURBO', birthYear: 2001 },
      maternalGranddam: { name: 'ÇİÇEK', birthYear: 2004 },
      generations: 3,
      isValid: true,
    });
    expect((await server.api('GET', '/api/horses/h50003/pedigree')).body.data).toMatchObject({ self: { gender: 'f', birthYear: 2023 }, paternalGrandsire: { name: null, birthYear: null } });
    expect((await server.api('GET', '/api/horses/x/pedigree')).status).toBe(400);
    expect((await server.api('GET', '/api/horses/h9/pedigree')).status).toBe(404);
  });

  it('GET /api/horses/{id}/statistics and /results come from the race history', async () => {
    const stats = await server.api('GET', '/api/horses/h50001/statistics');
    expect(stats.status).toBe(200);
    expect(stats.body.data.distanceStats.slice(0, 2)).toEqual([
      { distance: '1000-1200', runs: 1, wins: 0, winRate: 0, earnings: 100000 },
      { distance: '1201-1400', runs: 1, wins: 1, winRate: 100, earnings: 300000 },
    ]);
    expect(stats.body.data.conditionStats).toEqual([
      { condition: 'Normal', runs: 1, wins: 0, winRate: 0 },
      { condition: 'Yumuşak', runs: 1, wins: 1, winRate: 100 },
    ]);
    const results = await server.api('GET', '/api/horses/h50001/results');
    expect(results.body.data.map((r: any) => [r.date, r.raceNumber, r.finishPos])).toEqual([
      ['2026-11-14', 2, 1],
      ['2026-11-14', 1, 2],
    ]);
    for (const p of ['statistics', 'results']) {
      expect((await server.api('GET', `/api/horses/bad/${p}`)).status).toBe(400);
      expect((await server.api('GET', `/api/horses/h9/${p}`)).status).toBe(404);
    }
  });

  it('GET /api/horses/{id}/siblings lists horses out of the same dam', async () => {
    const res = await server.api('GET', '/api/horses/h50001/siblings');
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: any) => h.name)).toEqual(['ŞAHİNBEY']);
    expect((await server.api('GET', '/api/horses/h50010/siblings')).body.data).toEqual([]);
    expect((await server.api('GET', '/api/horses/bad/siblings')).status).toBe(400);
    expect((await server.api('GET', '/api/horses/h9/siblings')).status).toBe(404);
  });
});
