import { partnershipId, rideId, type Jockey, type JockeyHorse, type JockeyRide } from '../functions/src/domain/jockeys/jockey.js';
import { applyRide, emptyJockey } from '../functions/src/domain/jockeys/record-rides.js';
import { startTestServer } from '../tests/support/server.js';
import { timeGets } from './races.js';

/**
 * Jockey statistics at scale (issue 20): a store holding the rides of N results (8 runners each,
 * 40 jockeys, 6,000 horses, 5 venues over 6 years) with the busiest jockey up in a third of all
 * races; GET /api/jockeys/{busiest} p95 <= 20 ms. The aggregates are built with the importer's own
 * `applyRide`, the rides written as the importer writes them (one document per finisher).
 */

export const GOAL_JOCKEY_P95_MS = 20;
const RUNNERS = 8;
const JOCKEYS = 40;
const HORSES = 6000;
const VENUES = [
  ['istanbul', 'İstanbul'],
  ['ankara', 'Ankara'],
  ['izmir', 'İzmir'],
  ['bursa', 'Bursa'],
  ['adana', 'Adana'],
] as const;
const SURFACES = ['Çim', 'Kum', 'Sentetik'] as const;

type Plain<T> = Omit<T, 'id' | 'updatedAt'>;

export async function benchJockeys(results = 100_000): Promise<{ name: string; value: number; unit: string; goal: number; pass: boolean; note: string }[]> {
  const server = await startTestServer({ now: new Date('2026-11-20T08:00:00Z') });
  try {
    const { store } = server.deps;
    const jockeys = new Map<string, Plain<Jockey>>();
    const pairs = new Map<string, Plain<JockeyHorse>>();
    let batch = store.batch();
    let pending = 0;
    const flush = async () => {
      if (pending === 0) return;
      await batch.commit();
      batch = store.batch();
      pending = 0;
    };
    const started = performance.now();
    for (let r = 0; r < results; r += 1) {
      const day = Math.floor(r / 27);
      const date = new Date(Date.UTC(2021, 0, 1) + day * 86_400_000 * 0.08).toISOString().slice(0, 10);
      const [venueId, city] = VENUES[r % VENUES.length]!;
      for (let h = 0; h < RUNNERS; h += 1) {
        // The busiest jockey (j-bench-jokey-0) rides in every third race.
        const j = h === 0 && r % 3 === 0 ? 0 : 1 + ((r * 7 + h * 13) % (JOCKEYS - 1));
        const horse = (r * RUNNERS + h * 17) % HORSES;
        const ride: JockeyRide = {
          id: rideId(`r${r}`, `h${horse}`),
          jockeyId: `j-bench-jokey-${j}`,
          jockeyName: `Bench Jokey ${j}`,
          raceId: `r${r}`,
          date,
          startsAt: new Date(`${date}T${String(13 + (r % 9)).padStart(2, '0')}:00:00+03:00`),
          venueId,
          city,
          hippodrome: `${city} Hipodromu`,
          raceNumber: 1 + (r % 9),
          distance: 1000 + ((r * 3) % 15) * 100,
          surface: SURFACES[r % 3]!,
          horseId: `h${horse}`,
          horseName: `BENCH AT ${horse}`,
          number: h + 1,
          position: (h + r) % 9 === 8 ? null : 1 + ((h + r) % RUNNERS),
          time: '1.24.56',
          odds: 4.5,
          runners: RUNNERS,
        };
        if (!jockeys.has(ride.jockeyId)) jockeys.set(ride.jockeyId, emptyJockey(ride.jockeyName));
        applyRide(jockeys.get(ride.jockeyId)!, ride, 1);
        const pid = partnershipId(ride.jockeyId, ride.horseId);
        const pair = pairs.get(pid) ?? { jockeyId: ride.jockeyId, horseId: ride.horseId, horseName: ride.horseName, rides: 0, wins: 0, places: 0 };
        pair.rides += 1;
        pair.wins += ride.position === 1 ? 1 : 0;
        pair.places += ride.position !== null && ride.position <= 3 ? 1 : 0;
        pairs.set(pid, pair);
        const { id, ...data } = ride;
        batch.set('jockeyRides', id, data);
        pending += 1;
        if (pending === 500) await flush();
      }
    }
    const now = server.deps.now();
    for (const [id, jockey] of jockeys) {
      batch.set('jockeys', id, { ...jockey, updatedAt: now });
      if ((pending += 1) === 500) await flush();
    }
    for (const [id, pair] of pairs) {
      batch.set('jockeyHorses', id, pair);
      if ((pending += 1) === 500) await flush();
    }
    await flush();
    const seedSeconds = (performance.now() - started) / 1000;
    const busiest = [...jockeys.entries()].sort((a, b) => b[1].totals.rides - a[1].totals.rides)[0]!;
    const url = `${server.baseUrl}/api/jockeys/${busiest[0]}`;
    const check = (await (await fetch(url)).json()) as { data: { totals: { rides: number }; lastRides: unknown[]; partnerships: unknown[] } };
    if (check.data.totals.rides !== busiest[1].totals.rides || check.data.lastRides.length !== 30 || check.data.partnerships.length !== 10) throw new Error('bench jockey answered the wrong figures');
    const p95 = await timeGets(url, 'jockey statistics');
    const note = `${results.toLocaleString('tr-TR')} results, ${(results * RUNNERS).toLocaleString('tr-TR')} rides (seeded in ${seedSeconds.toFixed(0)} s); busiest jockey ${busiest[1].totals.rides.toLocaleString('tr-TR')} rides`;
    return [{ name: `jockeys: statistics of the busiest jockey (${busiest[1].totals.rides} rides, ${results} results) GET p95`, value: p95, unit: 'ms', goal: GOAL_JOCKEY_P95_MS, pass: p95 <= GOAL_JOCKEY_P95_MS, note }];
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchJockeys(Number(process.argv[2] ?? 100_000));
  for (const r of results) console.log(`${r.pass ? 'PASS' : 'FAIL'} ${r.name}: ${r.value.toFixed(3)} ${r.unit} (goal <= ${r.goal} ${r.unit}); ${r.note}`);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
