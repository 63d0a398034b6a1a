import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRaceEstimate } from '../../functions/src/domain/estimates/estimate.js';
import { parseHorse, parseRace, parseRaceDay, parseResult, type Race, type RaceDay, type RaceResult } from '../../functions/src/domain/races/race.js';
import { JUVENILE_CLASS, RACE_CLASSES, REST_DAYS } from '../../server/seed/races.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The demo racing history has to read right to a racing fan (issue 16): these are the rules a
 * fan would check, asserted over the seeded store (the same data `npm start` shows).
 */
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
/** 'm.ss.cc' or 'ss.cc' → seconds. */
const seconds = (time: string) => {
  const parts = time.split(/[.:,]/).map(Number);
  const [m, s, cc] = parts.length === 3 ? parts : [0, ...parts];
  return m! * 60 + s! + cc! / 100;
};

describe('demo racing history (seed)', () => {
  let server: TestServer;
  let raceDays: RaceDay[];
  let races: Race[];
  let results: Map<string, RaceResult>;

  beforeAll(async () => {
    server = await startTestServer({ seeded: true });
    raceDays = (await server.deps.store.collection('raceDays').get()).map(parseRaceDay);
    races = (await server.deps.store.collection('races').get()).map(parseRace);
    results = new Map((await server.deps.store.collection('results').get()).map(parseResult).map((r) => [r.raceId, r]));
  });
  afterAll(() => server.close());

  it('every horse rests two to six weeks between runs, today included, and never runs twice a day', async () => {
    const runs = new Map<string, string[]>();
    for (const race of races) for (const entry of race.entries) runs.set(entry.horseId, [...(runs.get(entry.horseId) ?? []), race.date]);
    const gaps: number[] = [];
    for (const dates of runs.values()) {
      const sorted = dates.sort();
      for (let i = 1; i < sorted.length; i += 1) gaps.push(days(sorted[i - 1]!, sorted[i]!));
    }
    expect(gaps.length).toBeGreaterThan(500);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(REST_DAYS.min);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(REST_DAYS.max);
    // The stored history (what the horse page shows) agrees.
    const horses = (await server.deps.store.collection('horses').get()).map(parseHorse);
    const withHistory = horses.filter((h) => h.raceHistory.length >= 2);
    expect(withHistory.length).toBeGreaterThan(300);
    for (const h of withHistory) {
      for (let i = 1; i < h.raceHistory.length; i += 1) expect(days(h.raceHistory[i]!.date, h.raceHistory[i - 1]!.date)).toBeGreaterThanOrEqual(REST_DAYS.min);
    }
  });

  it('ages 2-9, two-year-olds only among themselves; weights that follow the race type; one jockey per horse', () => {
    const classes = new Map<string, { handicap: boolean }>([...RACE_CLASSES, JUVENILE_CLASS].map((c) => [c.name, c]));
    for (const race of races) {
      const cls = classes.get(race.category ?? '');
      expect(cls, `${race.id} ${race.category}`).toBeDefined();
      expect(race.entries.length).toBeGreaterThanOrEqual(7);
      const juvenile = race.category === JUVENILE_CLASS.name;
      for (const entry of race.entries) {
        expect(entry.age).toBeGreaterThanOrEqual(2);
        expect(entry.age).toBeLessThanOrEqual(9);
        expect(entry.age === 2).toBe(juvenile);
        expect(entry.weight).toBeGreaterThanOrEqual(50);
        expect(entry.weight).toBeLessThanOrEqual(62);
        if (juvenile) expect(entry.weight).toBeLessThanOrEqual(55);
        if (!cls!.handicap) expect(entry.weight).toBeGreaterThanOrEqual(53.5);
      }
      // Juveniles sprint.
      if (juvenile) expect(race.distance).toBeLessThanOrEqual(1400);
      const jockeys = race.entries.map((e) => e.jockey);
      expect(new Set(jockeys).size).toBe(jockeys.length);
      // The market: AGF shares sum to 100 and the odds follow them.
      const agf = race.entries.reduce((s, e) => s + (e.agf ?? 0), 0);
      expect(Math.abs(agf - 100)).toBeLessThan(0.2);
      const favourite = [...race.entries].sort((a, b) => (b.agf ?? 0) - (a.agf ?? 0))[0]!;
      expect(Math.min(...race.entries.map((e) => e.odds ?? Infinity))).toBe(favourite.odds);
    }
    // Nobody rides at two hippodromes on one day.
    const riderPlaces = new Map<string, Set<string>>();
    for (const race of races) for (const e of race.entries) riderPlaces.set(`${race.date} ${e.jockey}`, (riderPlaces.get(`${race.date} ${e.jockey}`) ?? new Set()).add(race.venueId));
    for (const places of riderPlaces.values()) expect(places.size).toBe(1);
  });

  it('times fit surface, distance and class; results, dividends and the altılı agree', () => {
    const bySurface = new Map<string, { short: number[]; long: number[] }>();
    let checked = 0;
    for (const race of races) {
      const result = results.get(race.id);
      if (!result) continue;
      checked += 1;
      const finished = result.finishers.filter((f) => f.position !== null).sort((a, b) => a.position! - b.position!);
      const times = finished.map((f) => seconds(f.time!));
      for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]!);
      const speed = race.distance / times[0]!;
      expect(speed).toBeGreaterThan(14.5);
      expect(speed).toBeLessThan(17.5);
      const slot = bySurface.get(race.surface) ?? { short: [], long: [] };
      if (race.distance <= 1400) slot.short.push(speed);
      if (race.distance >= 2000) slot.long.push(speed);
      bySurface.set(race.surface, slot);
      // The winner's ganyan is the odds it started at; places 2.. carry a margin.
      const winner = finished[0]!;
      expect(result.ganyanDividend).toBe(race.entries.find((e) => e.number === winner.number)!.odds);
      for (const f of finished.slice(1)) expect(f.margin).toMatch(/^(Burun|Baş|Boyun|(\d+ )?(1\/2 )?Boy)$/);
      expect(winner.earnings).toBeGreaterThan(finished[1]!.earnings);
    }
    expect(checked).toBeGreaterThan(200);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const [surface, { short, long }] of bySurface) if (short.length > 3 && long.length > 3) expect(mean(long), surface).toBeLessThan(mean(short));
    expect(mean(bySurface.get('Çim')!.short)).toBeGreaterThan(mean(bySurface.get('Kum')!.short));

    // The altılı: its winners are the winners of races 4-9 and it pays more when they were outsiders.
    const pools = raceDays.flatMap((day) => day.sixPools.map((pool) => ({ day, pool })));
    expect(pools.length).toBeGreaterThan(20);
    for (const { day, pool } of pools) {
      const legs = pool.legs.map(({ winners: w }, i) => {
        const race = races.find((r) => r.raceDayId === day.id && r.number === pool.firstRace + i)!;
        const winner = results.get(race.id)!.finishers.find((f) => f.position === 1)!;
        expect(w).toEqual([winner.number]);
        return winner.odds!;
      });
      expect(pool.payout).toBeCloseTo(Math.max(25, legs.reduce((a, b) => a * b, 1) * 0.6), 0);
    }
  });

  it('meetings every few days for six weeks, today three; settled coupons show every record state', async () => {
    const dates = [...new Set(raceDays.map((d) => d.date))].sort();
    expect(days(dates[0]!, dates.at(-1)!)).toBeGreaterThanOrEqual(35);
    expect(raceDays.filter((d) => d.date === dates.at(-1)).length).toBe(3);
    const settled = (await server.deps.store.collection('raceEstimates').get()).map(parseRaceEstimate).flatMap((e) => (e.settlement ? [e.settlement] : []));
    const hits = settled.map((s) => s.legsHit);
    expect(settled.filter((s) => s.allHit).length).toBeGreaterThanOrEqual(2);
    expect(hits.filter((h) => h === 5).length).toBeGreaterThanOrEqual(2);
    expect(hits.filter((h) => h < 5).length).toBeGreaterThanOrEqual(10);
    // A 5/6 is never a win.
    expect(settled.filter((s) => s.legsHit === 5).every((s) => !s.allHit)).toBe(true);
  });
});
