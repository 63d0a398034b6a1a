import { describe, expect, it } from 'vitest';
import { computeHorseStatistics, distanceBucket } from '../../functions/src/domain/races/horse-stats.js';
import type { HistoryItem } from '../../functions/src/domain/races/race.js';

let n = 0;
function run(date: string, distance: number, surface: HistoryItem['surface'], finishPos: number | null, earnings: number, trackCond: string | null = 'Normal'): HistoryItem {
  n += 1;
  return { raceId: `r${n}`, date, racecourse: 'İstanbul Veliefendi Hipodromu', city: 'İstanbul', raceNumber: 1, distance, surface, trackCond, finishPos, jockey: null, weight: 57, odds: null, earnings, time: null };
}

describe('distance buckets', () => {
  it('puts 1200 m in the sprint bucket and 1201 m in the next one', () => {
    expect(distanceBucket(1200)).toBe('1000-1200');
    expect(distanceBucket(1201)).toBe('1201-1400');
    expect(distanceBucket(1400)).toBe('1201-1400');
    expect(distanceBucket(1401)).toBe('1401-1600');
    expect(distanceBucket(2000)).toBe('1801-2000');
    expect(distanceBucket(2001)).toBe('2001+');
    expect(distanceBucket(800)).toBe('1000-1200');
  });
});

describe('horse statistics from the race history', () => {
  // Hand-computed: 8 runs, 3 wins (Kum 1200, Çim 1201, Sentetik 2400), one 2nd, one 3rd, one 5th, one 6th, one did not finish.
  const history = [
    run('2026-10-01', 1200, 'Kum', 1, 100_000, 'Normal'),
    run('2026-09-01', 1201, 'Çim', 1, 150_000, 'Yumuşak'),
    run('2026-08-01', 1200, 'Kum', 2, 40_000, 'Normal'),
    run('2026-07-01', 1600, 'Çim', 3, 20_000.5, 'İyi'),
    run('2025-12-01', 1800, 'Kum', 5, 5_000, 'Ağır'),
    run('2025-11-01', 2000, 'Çim', 6, 0, 'İyi'),
    run('2025-10-01', 2400, 'Sentetik', 1, 200_000, 'Normal'),
    run('2025-09-01', 1401, 'Kum', null, 0, null),
  ];
  const stats = computeHorseStatistics(history);

  it('counts runs, places and earnings per surface', () => {
    expect(stats.surfaceStats.dirt).toEqual({ runs: 4, wins: 1, seconds: 1, thirds: 0, fourths: 0, fifths: 1, earnings: 145_000 });
    expect(stats.surfaceStats.grass).toEqual({ runs: 3, wins: 1, seconds: 0, thirds: 1, fourths: 0, fifths: 0, earnings: 170_000.5 });
    expect(stats.surfaceStats.synthetic).toEqual({ runs: 1, wins: 1, seconds: 0, thirds: 0, fourths: 0, fifths: 0, earnings: 200_000 });
    expect(stats.totals).toMatchObject({ runs: 8, wins: 3, earnings: 515_000.5, winRate: 37.5 });
  });

  it('groups by year, newest first', () => {
    expect(stats.yearlyStats).toEqual([
      { year: 2026, runs: 4, wins: 2, seconds: 1, thirds: 1, fourths: 0, fifths: 0, earnings: 310_000.5 },
      { year: 2025, runs: 4, wins: 1, seconds: 0, thirds: 0, fourths: 0, fifths: 1, earnings: 205_000 },
    ]);
  });

  it('groups by distance bucket with win rate, 1200 and 1201 apart', () => {
    expect(stats.distanceStats).toEqual([
      { distance: '1000-1200', runs: 2, wins: 1, winRate: 50, earnings: 140_000 },
      { distance: '1201-1400', runs: 1, wins: 1, winRate: 100, earnings: 150_000 },
      { distance: '1401-1600', runs: 2, wins: 0, winRate: 0, earnings: 20_000.5 },
      { distance: '1601-1800', runs: 1, wins: 0, winRate: 0, earnings: 5_000 },
      { distance: '1801-2000', runs: 1, wins: 0, winRate: 0, earnings: 0 },
      { distance: '2001+', runs: 1, wins: 1, winRate: 100, earnings: 200_000 },
    ]);
  });

  it('groups by track condition with win rate, most-run first', () => {
    expect(stats.conditionStats).toEqual([
      { condition: 'Normal', runs: 3, wins: 2, winRate: 66.7 },
      { condition: 'İyi', runs: 2, wins: 0, winRate: 0 },
      { condition: 'Ağır', runs: 1, wins: 0, winRate: 0 },
      { condition: 'Bilinmiyor', runs: 1, wins: 0, winRate: 0 },
      { condition: 'Yumuşak', runs: 1, wins: 1, winRate: 100 },
    ]);
  });

  it('an empty history gives zero counts, not invented figures', () => {
    const none = computeHorseStatistics([]);
    expect(none.totals).toMatchObject({ runs: 0, wins: 0, winRate: 0 });
    expect(none.yearlyStats).toEqual([]);
    expect(none.conditionStats).toEqual([]);
    expect(none.distanceStats.every((d) => d.runs === 0)).toBe(true);
  });
});
