import type { HistoryItem } from './race.js';

/** Statistics of spec 000 §3.6, always derived from the race history so they cannot drift from it. */

export interface PlaceCounts {
  runs: number;
  wins: number;
  seconds: number;
  thirds: number;
  fourths: number;
  fifths: number;
  earnings: number;
}

export interface HorseStatistics {
  totals: PlaceCounts & { winRate: number };
  surfaceStats: { grass: PlaceCounts; dirt: PlaceCounts; synthetic: PlaceCounts };
  yearlyStats: (PlaceCounts & { year: number })[];
  distanceStats: { distance: DistanceBucket; runs: number; wins: number; winRate: number; earnings: number }[];
  conditionStats: { condition: string; runs: number; wins: number; winRate: number }[];
}

export const DISTANCE_BUCKETS = ['1000-1200', '1201-1400', '1401-1600', '1601-1800', '1801-2000', '2001+'] as const;
export type DistanceBucket = (typeof DISTANCE_BUCKETS)[number];

/** Upper bounds are inclusive: 1200 m is a sprint, 1201 m is not. Shorter races count with the shortest bucket. */
export function distanceBucket(distance: number): DistanceBucket {
  if (distance <= 1200) return '1000-1200';
  if (distance <= 1400) return '1201-1400';
  if (distance <= 1600) return '1401-1600';
  if (distance <= 1800) return '1601-1800';
  if (distance <= 2000) return '1801-2000';
  return '2001+';
}

const empty = (): PlaceCounts => ({ runs: 0, wins: 0, seconds: 0, thirds: 0, fourths: 0, fifths: 0, earnings: 0 });
const PLACE_KEYS = ['wins', 'seconds', 'thirds', 'fourths', 'fifths'] as const;

function add(counts: PlaceCounts, run: HistoryItem): void {
  counts.runs += 1;
  const key = run.finishPos !== null && run.finishPos >= 1 && run.finishPos <= 5 ? PLACE_KEYS[run.finishPos - 1] : undefined;
  if (key) counts[key] += 1;
  counts.earnings += run.earnings;
}

/** Percentage with one decimal; 0 for no runs. */
export function winRate(wins: number, runs: number): number {
  return runs === 0 ? 0 : Math.round((wins / runs) * 1000) / 10;
}

const roundMoney = (value: number) => Math.round(value * 100) / 100;

export function computeHorseStatistics(history: readonly HistoryItem[]): HorseStatistics {
  const totals = empty();
  const surfaces = { grass: empty(), dirt: empty(), synthetic: empty() };
  const years = new Map<number, PlaceCounts>();
  const buckets = new Map<DistanceBucket, PlaceCounts>(DISTANCE_BUCKETS.map((b) => [b, empty()]));
  const conditions = new Map<string, PlaceCounts>();

  for (const run of history) {
    add(totals, run);
    add(run.surface === 'Çim' ? surfaces.grass : run.surface === 'Kum' ? surfaces.dirt : surfaces.synthetic, run);
    const year = Number(run.date.slice(0, 4));
    if (!years.has(year)) years.set(year, empty());
    add(years.get(year)!, run);
    add(buckets.get(distanceBucket(run.distance))!, run);
    const condition = run.trackCond ?? 'Bilinmiyor';
    if (!conditions.has(condition)) conditions.set(condition, empty());
    add(conditions.get(condition)!, run);
  }

  const money = (c: PlaceCounts): PlaceCounts => ({ ...c, earnings: roundMoney(c.earnings) });
  return {
    totals: { ...money(totals), winRate: winRate(totals.wins, totals.runs) },
    surfaceStats: { grass: money(surfaces.grass), dirt: money(surfaces.dirt), synthetic: money(surfaces.synthetic) },
    yearlyStats: [...years.entries()].sort((a, b) => b[0] - a[0]).map(([year, c]) => ({ year, ...money(c) })),
    distanceStats: DISTANCE_BUCKETS.map((distance) => {
      const c = buckets.get(distance)!;
      return { distance, runs: c.runs, wins: c.wins, winRate: winRate(c.wins, c.runs), earnings: roundMoney(c.earnings) };
    }),
    conditionStats: [...conditions.entries()]
      .sort((a, b) => b[1].runs - a[1].runs || a[0].localeCompare(b[0], 'tr'))
      .map(([condition, c]) => ({ condition, runs: c.runs, wins: c.wins, winRate: winRate(c.wins, c.runs) })),
  };
}
