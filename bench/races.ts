import { computeHorseStatistics } from '../functions/src/domain/races/horse-stats.js';
import { importRaceFiles } from '../functions/src/jobs/import-races.js';
import type { HistoryItem } from '../functions/src/domain/races/race.js';
import { startTestServer } from '../tests/support/server.js';

/**
 * Race benchmarks (issue 5 acceptance):
 *  - a day's programme, 3 venues x 9 races x 14 horses, from the API: p95 <= 20 ms
 *  - statistics of a horse with 80 races: <= 5 ms
 *  - the same day's results (every race run, pools and margins), from the API: p95 <= 20 ms (issue 20, as the programme)
 */

const GOAL_PROGRAMME_P95_MS = 20;
const GOAL_STATS_MS = 5;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function programmeCards() {
  const venues = [
    ['İstanbul Veliefendi Hipodromu', 'İstanbul'],
    ['Ankara 75. Yıl Hipodromu', 'Ankara'],
    ['İzmir Şirinyer Hipodromu', 'İzmir'],
  ] as const;
  return venues.map(([hippodrome, city], v) => ({
    CARDID: `81000${v}`,
    HIPODROM: hippodrome,
    YER: city,
    TARIH: '20/11/2026',
    ACILIS: '13:30',
    KAPANIS: '18:00',
    hava: { SICAKLIK: 15, NEM: 60, DURUM: 'Açık' },
    pist: { cim: { DURUM: 'İyi' }, kum: { DURUM: 'Normal' } },
    kosular: Array.from({ length: 9 }, (_, r) => ({
      NO: r + 1,
      KOD: `8100${v}${r}`,
      SAAT: `${13 + Math.floor((r + 1) / 2)}:${r % 2 ? '00' : '30'}`,
      MESAFE: 1200 + r * 100,
      PIST: r % 2 ? 'Çim' : 'Kum',
      atlar: Array.from({ length: 14 }, (_, h) => ({
        NO: h + 1,
        KOD: String(900000 + v * 1000 + r * 20 + h),
        AD: `BENCH AT ${v}${r}${h}`,
        YAS: '4y d e',
        BABA: 'TURBO',
        ANNE: `ANNE ${h}`,
        ANNEBABA: 'DAI JIN',
        JOKEY: 'Ahmet Kaya',
        SAHIP: 'Atlas Harası',
        ANTRENOR: 'Mehmet Demir',
        START: h + 1,
        KILO: 57,
        SON6: 'K1C2K3',
        GANYAN: 4.5,
        AGF: 7.1,
      })),
    })),
  }));
}

/** Results of every race of `programmeCards()`: finishing order, times, margins, pools. */
export function resultCards() {
  return programmeCards().map((card) => ({
    CARDID: card.CARDID,
    HIPODROM: card.HIPODROM,
    YER: card.YER,
    TARIH: card.TARIH,
    ALTILI: [{ ILK_KOSU: 4, IKRAMIYE: 48_128, KAZANANLAR: [[1], [2], [3], [4], [5], [6]] }],
    kosular: card.kosular.map((race) => ({
      NO: race.NO,
      KOD: race.KOD,
      GANYAN: 4.35,
      BAHISLER: [
        { TUR: 'İkili', KAZANAN: '2-1', IKRAMIYE: 12.4 },
        { TUR: 'Sıralı İkili', KAZANAN: '2/1', IKRAMIYE: 24.1 },
        { TUR: 'Plase', KAZANAN: '2', IKRAMIYE: 1.6 },
      ],
      sonuclar: race.atlar.map((horse, i) => ({ KOD: horse.KOD, NO: horse.NO, SIRA: i + 1, DERECE: `1.${20 + i}.45`, FARK: i === 0 ? null : '1 Boy', IKRAMIYE: i < 5 ? 100_000 / (i + 1) : 0 })),
    })),
  }));
}

/** p95 of 300 GETs after 30 warm-ups; several urls are taken in turn (pages that no cache may answer). */
export async function timeGets(url: string | string[], label: string): Promise<number> {
  const urls = typeof url === 'string' ? [url] : url;
  for (let i = 0; i < 30; i += 1) await (await fetch(urls[i % urls.length]!)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const started = performance.now();
    const response = await fetch(urls[(30 + i) % urls.length]!);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${label} answered ${response.status}`);
  }
  return percentile(times, 95);
}

function history(runs: number): HistoryItem[] {
  const surfaces = ['Çim', 'Kum', 'Sentetik'] as const;
  return Array.from({ length: runs }, (_, i) => ({
    raceId: `r${i}`,
    date: `${2020 + (i % 6)}-0${1 + (i % 9)}-15`,
    racecourse: 'İstanbul Veliefendi Hipodromu',
    city: 'İstanbul',
    raceNumber: 1 + (i % 9),
    distance: 1000 + (i % 15) * 100,
    surface: surfaces[i % 3]!,
    trackCond: ['Normal', 'İyi', 'Ağır', 'Yumuşak'][i % 4]!,
    finishPos: i % 7 === 6 ? null : 1 + (i % 12),
    jockey: 'Ahmet Kaya',
    weight: 57,
    odds: 3.2,
    earnings: (i % 5) * 10_000,
    time: '1.24.56',
  }));
}

export async function benchRaces(): Promise<{ name: string; value: number; unit: string; goal: number; pass: boolean }[]> {
  const server = await startTestServer({ now: new Date('2026-11-20T08:00:00Z') });
  try {
    const summary = await importRaceFiles(server.deps, [{ name: 'bench.json', content: programmeCards() }]);
    if (summary.rejected || summary.entries !== 3 * 9 * 14) throw new Error('bench programme did not import');
    const p95 = await timeGets(`${server.baseUrl}/api/races/date/2026-11-20`, 'programme');

    const runs = history(80);
    for (let i = 0; i < 200; i += 1) computeHorseStatistics(runs);
    const statTimes: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const started = performance.now();
      computeHorseStatistics(runs);
      statTimes.push(performance.now() - started);
    }
    const statsP95 = percentile(statTimes, 95);

    const results = await importRaceFiles(server.deps, [{ name: 'bench-results.json', content: resultCards() }]);
    if (results.rejected || results.results !== 27) throw new Error('bench results did not import');
    const resultsP95 = await timeGets(`${server.baseUrl}/api/races/results?date=2026-11-20`, 'results day');
    return [
      { name: 'races: day programme (3x9x14) GET p95', value: p95, unit: 'ms', goal: GOAL_PROGRAMME_P95_MS, pass: p95 <= GOAL_PROGRAMME_P95_MS },
      { name: 'races: statistics of a horse with 80 races p95', value: statsP95, unit: 'ms', goal: GOAL_STATS_MS, pass: statsP95 <= GOAL_STATS_MS },
      { name: 'races: day results (3x9x14, pools) GET p95', value: resultsP95, unit: 'ms', goal: GOAL_PROGRAMME_P95_MS, pass: resultsP95 <= GOAL_PROGRAMME_P95_MS },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchRaces();
  for (const r of results) console.log(`${r.pass ? 'PASS' : 'FAIL'} ${r.name}: ${r.value.toFixed(3)} ${r.unit} (goal <= ${r.goal} ${r.unit})`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
