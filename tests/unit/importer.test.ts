import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importRaceFile, importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { parseHorse, parseRace, parseRaceDay } from '../../functions/src/domain/races/race.js';
import { loadConfig } from '../../functions/src/platform/config.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { raceFixture as fixture } from '../support/race-files.js';

const COLLECTIONS = ['venues', 'raceDays', 'races', 'results', 'horses'];

let deps: AppDeps;
let clock = new Date('2026-11-14T09:00:00Z');

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const c of COLLECTIONS) out[c] = await deps.store.collection(c).get();
  return out;
}

beforeEach(() => {
  clock = new Date('2026-11-14T09:00:00Z');
  deps = createLocalDeps(loadConfig({ ...process.env, GANYAN_ENV: 'test' }), { databaseFile: ':memory:', now: () => clock, quiet: true });
});
afterEach(() => deps.store.close());

describe('race importer: a good programme file', () => {
  it('stores venues, cards, races with entries and horses, and drops the duplicate card without CARDID', async () => {
    const report = await importRaceFile(deps, fixture('programme-good.json'));
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ accepted: true, kind: 'programme', cards: 2, races: 3, entries: 7, duplicates: 1, horsesAdded: 6, horsesUpdated: 0 });

    const venues = await deps.store.collection('venues').get();
    expect(venues.map((v) => v.id).sort()).toEqual(['istanbul', 'izmir']);
    const day = parseRaceDay(await deps.store.get('raceDays', 'k90001'));
    expect(day).toMatchObject({ venueId: 'istanbul', date: '2026-11-14', opening: '13:30', closing: '18:00', raceCount: 2, weather: { temperature: 16, humidity: 62, condition: 'Parçalı Bulutlu' }, track: { grass: 'Yumuşak', dirt: 'Normal' } });
    // No CARDID: the card key is built from track, place, date and opening time.
    expect(await deps.store.get('raceDays', 'k-izmir-sirinyer-hipodromu-izmir-2026-11-14-1500')).not.toBeNull();

    const race = parseRace(await deps.store.get('races', 'r700102'));
    expect(race).toMatchObject({ number: 2, time: '14:00', distance: 1201, surface: 'Çim', trackCondition: 'Yumuşak', hasResult: false });
    expect(race.startsAt.toISOString()).toBe('2026-11-14T11:00:00.000Z');
    expect(race.entries[1]).toMatchObject({ number: 2, horseId: 'h50001', name: 'GÜLBATUR', age: 4, sex: 'm', weight: 57.5, father: 'SCHOOL TOUR', mother: 'MAVİ GÖK', mothersFather: 'TURBO' });
    const first = parseRace(await deps.store.get('races', 'r700101'));
    expect(first.entries[0]).toMatchObject({ weight: 57.5, odds: 3.45, agf: 22.5, lastSix: 'K1K3C2' });
    expect(first.entries[0]!.lastSixItems).toEqual([
      { surface: 'Kum', position: 1 },
      { surface: 'Kum', position: 3 },
      { surface: 'Çim', position: 2 },
    ]);

    const horse = parseHorse(await deps.store.get('horses', 'h50001'));
    expect(horse).toMatchObject({ birthYear: 2022, sex: 'm', damKey: 'mavi gok', raceHistory: [] });
    expect(horse.pedigree.paternalGrandsire).toEqual({ name: "KING'S BEST", birthYear: 1997 });
    expect(horse.pedigree.maternalGrandsire).toEqual({ name: 'TURBO', birthYear: 2001 });
    expect(horse.searchPrefixes).toContain('gulb');
  });

  it('re-importing the same file changes nothing', async () => {
    await importRaceFile(deps, fixture('programme-good.json'));
    const before = await snapshot();
    clock = new Date('2026-11-14T10:00:00Z');
    const again = await importRaceFile(deps, fixture('programme-good.json'));
    expect(again).toMatchObject({ accepted: true, written: 0, horsesAdded: 0, horsesUpdated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('a changed entry updates only what changed', async () => {
    await importRaceFile(deps, fixture('programme-good.json'));
    const cards = JSON.parse(fixture('programme-good.json').content);
    cards[0].kosular[0].atlar[1].JOKEY = 'Ahmet Çelik';
    const report = await importRaceFile(deps, { name: 'changed.json', content: cards });
    expect(report).toMatchObject({ accepted: true, horsesAdded: 0, horsesUpdated: 1, written: 2 });
    expect(parseHorse(await deps.store.get('horses', 'h50002')).jockey).toBe('Ahmet Çelik');
  });
});

describe('race importer: optional TJK fields (docs/race-source.md)', () => {
  it('keeps HP, TAKI, a non-runner and a jockey change on the entry; files without them import as before', async () => {
    const cards = JSON.parse(fixture('programme-good.json').content);
    Object.assign(cards[0].kosular[0].atlar[0], { HP: 62, TAKI: 'KG DB', ESKI_JOKEY: 'Vedat Kaya' });
    Object.assign(cards[0].kosular[0].atlar[1], { KOSMAZ: true });
    const report = await importRaceFile(deps, { name: 'extra.json', content: cards });
    expect(report.errors).toEqual([]);
    const race = parseRace((await deps.store.collection('races').get()).find((r) => r.number === 1 && r.location === cards[0].YER));
    expect(race.entries[0]).toMatchObject({ hp: 62, equipment: ['KG', 'DB'], previousJockey: 'Vedat Kaya', nonRunner: false });
    expect(race.entries[1]).toMatchObject({ hp: null, equipment: [], previousJockey: null, nonRunner: true });
  });

  it('refuses a malformed equipment code or leg range with a Turkish message, writing nothing', async () => {
    const cards = JSON.parse(fixture('programme-good.json').content);
    cards[0].kosular[0].atlar[0].TAKI = 'kg,db';
    const report = await importRaceFile(deps, { name: 'bad-taki.json', content: cards });
    expect(report.accepted).toBe(false);
    expect(report.errors).toEqual([{ path: '[0].kosular[0].atlar[0].TAKI', message: "Takı yalnızca büyük harfli kısaltmalardan oluşabilir (ör. 'KG DB')." }]);
    for (const c of COLLECTIONS) expect(await deps.store.collection(c).count()).toBe(0);
  });
});

describe('race importer: results', () => {
  it('stores results, marks races finished and grows each horse race history', async () => {
    await importRaceFile(deps, fixture('programme-good.json'));
    const report = await importRaceFile(deps, fixture('results-good.json'));
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ accepted: true, kind: 'results', results: 2, horsesUpdated: 4 });
    const result = await deps.store.get('results', 'r700101');
    expect(result).toMatchObject({ ganyanDividend: 2.1 });
    expect((result!.finishers as { position: number | null; horseId: string }[]).map((f) => [f.position, f.horseId])).toEqual([
      [1, 'h50002'],
      [2, 'h50001'],
      [null, 'h50003'],
    ]);
    expect(parseRace(await deps.store.get('races', 'r700101')).hasResult).toBe(true);
    const horse = parseHorse(await deps.store.get('horses', 'h50001'));
    expect(horse.raceHistory.map((h) => [h.raceId, h.finishPos, h.earnings, h.surface, h.trackCond])).toEqual([
      ['r700102', 1, 300000, 'Çim', 'Yumuşak'],
      ['r700101', 2, 100000, 'Kum', 'Normal'],
    ]);
    expect(horse.raceHistory[1]).toMatchObject({ jockey: 'Halis Karataş', weight: 57.5, odds: 3.45, time: '1.12.80', racecourse: 'İstanbul Veliefendi Hipodromu' });

    // Results twice: nothing changes. Programme again: the history and result flags stay.
    const before = await snapshot();
    expect(await importRaceFile(deps, fixture('results-good.json'))).toMatchObject({ accepted: true, written: 0 });
    expect(await importRaceFile(deps, fixture('programme-good.json'))).toMatchObject({ accepted: true, written: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('a folder is imported programmes first, whatever the order given', async () => {
    const summary = await importRaceFiles(deps, [fixture('results-good.json'), fixture('programme-good.json')]);
    expect(summary).toMatchObject({ rejected: 0, results: 2 });
  });

  it('rejects results for a race that is not in the programme, writing nothing', async () => {
    const report = await importRaceFile(deps, fixture('results-unknown-race.json'));
    expect(report.accepted).toBe(false);
    expect(report.errors).toEqual([{ path: 'kosular[0].KOD', message: 'Programda olmayan koşu: 799999. Önce programı içe aktarın.' }]);
    expect(await deps.store.collection('results').count()).toBe(0);
  });
});

describe('race importer: malformed files write nothing and name each error', () => {
  it('one bad weight deep in the file rejects the whole file', async () => {
    const report = await importRaceFile(deps, fixture('programme-bad-kilo.json'));
    expect(report.accepted).toBe(false);
    expect(report.errors).toEqual([{ path: 'kosular[2].atlar[5].KILO', message: 'Kilo sayı olmalıdır.' }]);
    for (const c of COLLECTIONS) expect(await deps.store.collection(c).count()).toBe(0);
  });

  it('reports every error of a file with its path', async () => {
    const report = await importRaceFile(deps, fixture('programme-bad-many.json'));
    const paths = report.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['[0].TARIH', '[0].ACILIS', '[0].kosular[0].PIST', '[0].kosular[0].atlar[1].AD', '[0].kosular[0].atlar[1].KILO']),
    );
    expect(report.errors.find((e) => e.path === '[0].TARIH')!.message).toContain("Geçersiz tarih: '31/02/2026'");
    expect(report.errors.find((e) => e.path === '[0].kosular[0].PIST')!.message).toBe("Bilinmeyen pist: 'Toprak' (Çim, Kum veya Sentetik olmalı).");
    expect(report.errors.find((e) => e.path === '[0].kosular[0].atlar[1].KILO')!.message).toBe('Kilo en fazla 75 olabilir.');
    for (const c of COLLECTIONS) expect(await deps.store.collection(c).count()).toBe(0);
  });

  it('a horse number given twice in one race is named', async () => {
    const cards = JSON.parse(fixture('programme-good.json').content);
    cards[1].kosular[0].atlar[1].NO = 1;
    const report = await importRaceFile(deps, { name: 'dup.json', content: cards });
    expect(report.errors).toEqual([{ path: '[1].kosular[0].atlar[1].NO', message: 'At numarası 1 bu koşuda iki kez geçiyor.' }]);
    expect(await deps.store.collection('races').count()).toBe(0);
  });

  it('a file that is not JSON is rejected with the reason', async () => {
    const report = await importRaceFile(deps, fixture('not-json.json'));
    expect(report.accepted).toBe(false);
    expect(report.errors[0]!.path).toBe('(dosya)');
    expect(report.errors[0]!.message).toMatch(/^Geçerli bir JSON değil/);
  });

  it('a bad file in a folder does not stop the good ones, and is counted as rejected', async () => {
    const summary = await importRaceFiles(deps, [fixture('programme-bad-kilo.json'), fixture('programme-good.json')]);
    expect(summary).toMatchObject({ rejected: 1, cards: 2, races: 3 });
    expect(await deps.store.get('races', 'r700301')).toBeNull();
  });
});
