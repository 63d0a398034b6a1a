import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArticle, type ArticleRecord } from '../../functions/src/domain/articles/article.js';
import { parseTrainer } from '../../functions/src/domain/trainers/trainer.js';
import { trainerIdFromName } from '../../functions/src/domain/trainers/trainer-id.js';
import { parseRaceEstimate, type RaceEstimate } from '../../functions/src/domain/estimates/estimate.js';
import { parseJockey } from '../../functions/src/domain/jockeys/jockey.js';
import { parseHorse, parseRace, parseRaceDay, parseResult, type Horse, type Race, type RaceDay, type RaceResult } from '../../functions/src/domain/races/race.js';
import { foldTurkish } from '../../functions/src/domain/text/turkish.js';
import { FEMALE_TAILS, JUVENILE_CLASS, MALE_TAILS, RACE_CLASSES } from '../../server/seed/races.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 49: the demo world is one season from which every page derives. This walks the whole
 * seeded store (the data `npm start` shows) and checks what a racing fan would cross-check
 * between the card, the horse page, the results, the jockey page and the tips.
 */

const LETTER: Record<string, string> = { Çim: 'C', Kum: 'K', Sentetik: 'S' };
const words = (text: string) => ` ${foldTurkish(text).replace(/[^a-z0-9]+/g, ' ')} `;
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('seed consistency: one race world (issue 49)', () => {
  let server: TestServer;
  let days: RaceDay[];
  let races: Race[];
  let results: RaceResult[];
  let horses: Horse[];
  let articles: ArticleRecord[];
  let estimates: RaceEstimate[];
  const raceById = new Map<string, Race>();
  /** Each horse's finishes, oldest first. */
  const finishes = new Map<string, { date: string; surface: string; position: number | null }[]>();

  beforeAll(async () => {
    server = await startTestServer({ seeded: true });
    const store = server.deps.store;
    days = (await store.collection('raceDays').get()).map(parseRaceDay);
    races = (await store.collection('races').get()).map(parseRace);
    results = (await store.collection('results').get()).map(parseResult);
    horses = (await store.collection('horses').get()).map(parseHorse);
    articles = (await store.collection('articles').get()).map(parseArticle);
    estimates = (await store.collection('raceEstimates').get()).map(parseRaceEstimate);
    for (const race of races) raceById.set(race.id, race);
    for (const result of [...results].sort((a, b) => a.date.localeCompare(b.date) || a.number - b.number)) {
      const race = raceById.get(result.raceId)!;
      for (const f of result.finishers) finishes.set(f.horseId, [...(finishes.get(f.horseId) ?? []), { date: race.date, surface: race.surface, position: f.position }]);
    }
  });
  afterAll(() => server.close());

  it('every declared runner meets its race conditions: age group, and no more earlier wins than the class allows', () => {
    const classes = new Map<string, { maxWins: number | null; juvenile: boolean }>([...RACE_CLASSES, JUVENILE_CLASS].map((c) => [c.name, { maxWins: c.maxWins, juvenile: c === JUVENILE_CLASS }]));
    let checked = 0;
    for (const race of races) {
      const cls = classes.get(race.category ?? '');
      expect(cls, `${race.id} ${race.category}`).toBeDefined();
      for (const entry of race.entries) {
        if (cls!.juvenile) expect(entry.age, `${race.id} ${entry.name}`).toBe(2);
        else expect(entry.age, `${race.id} ${entry.name}`).toBeGreaterThanOrEqual(3);
        const wins = (finishes.get(entry.horseId) ?? []).filter((f) => f.date < race.date && f.position === 1).length;
        if (cls!.maxWins !== null) expect(wins, `${race.date} ${race.category}: ${entry.name} had ${wins} wins`).toBeLessThanOrEqual(cls!.maxWins);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1500);
    // The conditions matter: Şartlı races do hold earlier winners, Maidens none.
    expect(races.some((r) => r.category?.startsWith('Şartlı') && r.entries.some((e) => (finishes.get(e.horseId) ?? []).some((f) => f.date < r.date && f.position === 1)))).toBe(true);
  });

  it("every card's form figures (SON6) are the horse's stored runs, and the horse page counts the same runs", () => {
    for (const race of races) {
      for (const entry of race.entries) {
        const before = (finishes.get(entry.horseId) ?? []).filter((f) => f.date < race.date).slice(-6);
        const expected = before.map((f) => `${LETTER[f.surface]}${f.position === null ? '-' : f.position >= 10 ? 0 : f.position}`).join('');
        expect(entry.lastSix ?? '', `${race.date} ${race.number}. koşu ${entry.name}`).toBe(expected);
      }
    }
    for (const horse of horses) expect(horse.raceHistory.length, horse.name).toBe((finishes.get(horse.id) ?? []).length);
  });

  it('pedigrees hold together: the sire is not the dam’s sire, every parent is of breeding age, names fit the sex', () => {
    for (const horse of horses) {
      const ending = horse.name.split(' ').at(-1)!;
      const tail = [...MALE_TAILS, ...FEMALE_TAILS].find((t) => ending === t || (horse.name.split(' ').length === 1 && ending.endsWith(t)));
      if (tail && MALE_TAILS.has(tail)) expect(horse.sex, horse.name).toBe('m');
      if (tail && FEMALE_TAILS.has(tail)) expect(horse.sex, horse.name).toBe('f');
      expect(foldTurkish(horse.father ?? ''), horse.name).not.toBe(foldTurkish(horse.mothersFather ?? '-'));
      const born = horse.birthYear!;
      const sire = horse.pedigree.sire.birthYear;
      const dam = horse.pedigree.dam.birthYear;
      const damSire = horse.pedigree.maternalGrandsire.birthYear;
      if (sire) expect(born - sire, `${horse.name} sire`).toBeGreaterThanOrEqual(4);
      if (sire) expect(born - sire, `${horse.name} sire`).toBeLessThanOrEqual(25);
      if (dam) expect(born - dam, `${horse.name} dam`).toBeGreaterThanOrEqual(4);
      if (dam) expect(born - dam, `${horse.name} dam`).toBeLessThanOrEqual(22);
      if (dam && damSire) expect(dam - damSire, `${horse.name} dam's sire`).toBeGreaterThanOrEqual(4);
    }
  });

  it('no venue-day where the riders share a surname; trainers and owners are varied', () => {
    for (const day of days) {
      const card = races.filter((r) => r.raceDayId === day.id);
      const jockeys = new Set(card.flatMap((r) => r.entries.map((e) => e.jockey!)));
      const surnames = new Set([...jockeys].map((j) => j.split(' ').at(-1)));
      expect(surnames.size, `${day.date} ${day.location}: ${[...jockeys].join(', ')}`).toBe(jockeys.size);
      const trainers = new Set(card.flatMap((r) => r.entries.map((e) => e.trainer!.split(' ').at(-1))));
      expect(trainers.size, `${day.id} trainers`).toBeGreaterThanOrEqual(8);
      const owners = new Set(card.flatMap((r) => r.entries.map((e) => e.owner)));
      expect(owners.size, `${day.id} owners`).toBeGreaterThanOrEqual(25);
    }
  });

  it("jockeys' figures equal a recount of their rides in the results", async () => {
    const recount = new Map<string, { rides: number; wins: number }>();
    for (const result of results) {
      for (const f of result.finishers) {
        const c = recount.get(f.jockey!) ?? { rides: 0, wins: 0 };
        c.rides += 1;
        if (f.position === 1) c.wins += 1;
        recount.set(f.jockey!, c);
      }
    }
    const jockeys = (await server.deps.store.collection('jockeys').get()).map(parseJockey);
    expect(jockeys.length).toBeGreaterThanOrEqual(recount.size);
    for (const jockey of jockeys) {
      const c = recount.get(jockey.name) ?? { rides: 0, wins: 0 };
      expect({ name: jockey.name, rides: jockey.totals.rides, wins: jockey.totals.wins }).toEqual({ name: jockey.name, ...c });
    }
  });

  it("trainers' figures equal a recount of their runners in the results, in total, per season and per venue", async () => {
    type Tally = { rides: number; wins: number; places: number };
    const recount = new Map<string, Record<'total' | 'year' | 'venue', Map<string, Tally>>>();
    const add = (map: Map<string, Tally>, key: string, position: number | null) => {
      const t = map.get(key) ?? { rides: 0, wins: 0, places: 0 };
      t.rides += 1;
      if (position === 1) t.wins += 1;
      if (position !== null && position <= 4) t.places += 1;
      map.set(key, t);
    };
    for (const result of results) {
      const race = raceById.get(result.raceId)!;
      for (const f of result.finishers) {
        const trainer = race.entries.find((e) => e.horseId === f.horseId)!.trainer!;
        const c = recount.get(trainer) ?? { total: new Map(), year: new Map(), venue: new Map() };
        add(c.total, 'all', f.position);
        add(c.year, race.date.slice(0, 4), f.position);
        add(c.venue, race.venueId, f.position);
        recount.set(trainer, c);
      }
    }
    const trainers = (await server.deps.store.collection('trainers').get()).map(parseTrainer);
    expect(recount.size).toBeGreaterThan(10);
    expect(new Set(trainers.map((t) => t.id))).toEqual(new Set(races.flatMap((r) => r.entries.map((e) => trainerIdFromName(e.trainer)))));
    for (const trainer of trainers) {
      const c = recount.get(trainer.name);
      const total = c?.total.get('all') ?? { rides: 0, wins: 0, places: 0 };
      expect({ name: trainer.name, ...trainer.totals }).toEqual({ name: trainer.name, ...total });
      const counts = (group: Record<string, Tally>) => Object.fromEntries(Object.entries(group).map(([k, v]) => [k, { rides: v.rides, wins: v.wins, places: v.places }]));
      expect(counts(trainer.stats.year), trainer.name).toEqual(Object.fromEntries(c?.year ?? []));
      expect(counts(trainer.stats.venue), trainer.name).toEqual(Object.fromEntries(c?.venue ?? []));
    }
  });

  it('every settled race has every dividend of the source, agreeing with its finishing order', () => {
    expect(results.length).toBeGreaterThan(200);
    const byDay = new Map<string, RaceResult[]>();
    for (const result of results) byDay.set(result.raceDayId, [...(byDay.get(result.raceDayId) ?? []), result]);
    for (const result of results) {
      const placed = result.finishers.filter((f) => f.position !== null).map((f) => f.number);
      const [a, b, c, d] = placed;
      const pay = (kind: string) => result.payouts.filter((p) => p.kind === kind);
      const label = `${result.date} ${result.number}. koşu`;
      expect(result.ganyanDividend, label).toBe(result.finishers[0]!.odds);
      expect(pay('Plase').map((p) => p.combination), label).toEqual(placed.slice(0, result.finishers.length >= 8 ? 3 : 2).map(String));
      expect(pay('İkili').map((p) => p.combination), label).toEqual([[a, b].sort((x, y) => x! - y!).join('-')]);
      expect(pay('Sıralı İkili').map((p) => p.combination), label).toEqual([`${a}/${b}`]);
      expect(pay('Plase İkili'), label).toHaveLength(3);
      expect(pay('Üçlü').map((p) => p.combination), label).toEqual([[a, b, c].sort((x, y) => x! - y!).join('-')]);
      expect(pay('Sıralı Üçlü').map((p) => p.combination), label).toEqual([`${a}/${b}/${c}`]);
      expect(pay('Tabela').map((p) => p.combination), label).toEqual([`${a}/${b}/${c}/${d}`]);
      // Multi-race pools end at this race and name their legs.
      const card = byDay.get(result.raceDayId)!;
      const winnerOf = (n: number) => card.find((r) => r.number === n)?.finishers[0]!.number;
      for (const [kind, legs] of [['Çifte', 2], ["3'lü Ganyan", 3], ["4'lü Ganyan", 4], ["5'li Ganyan", 5]] as const) {
        if (result.number < legs) continue;
        const first = result.number - legs + 1;
        const expected = Array.from({ length: legs }, (_, i) => winnerOf(first + i)).join('/');
        expect(pay(kind).map((p) => [p.legs, p.combination]), `${label} ${kind}`).toEqual([[`${first}-${result.number}`, expected]]);
      }
      for (const p of result.payouts) expect(p.payout, `${label} ${p.kind}`).toBeGreaterThan(1);
    }
    for (const day of days.filter((d) => byDay.has(d.id))) expect(day.sixPools.length, day.id).toBe(1);
  });

  it('some days have a non-runner or a jockey change, and a non-runner is never in the result', () => {
    const scratched = races.flatMap((r) => r.entries.filter((e) => e.nonRunner).map((e) => ({ race: r, entry: e })));
    expect(scratched.length).toBeGreaterThanOrEqual(3);
    for (const { race, entry } of scratched) {
      const result = results.find((r) => r.raceId === race.id);
      if (result) expect(result.finishers.map((f) => f.horseId)).not.toContain(entry.horseId);
    }
    const changed = races.flatMap((r) => r.entries.filter((e) => e.previousJockey !== null).map((e) => ({ race: r, entry: e })));
    expect(changed.length).toBeGreaterThanOrEqual(3);
    for (const { race, entry } of changed) {
      expect(entry.previousJockey).not.toBe(entry.jockey);
      // The replacement rides nothing else in that race.
      expect(race.entries.filter((e) => e.jockey === entry.jockey)).toHaveLength(1);
    }
  });

  it('every tip is about declared horses: its picks and every horse its text names run in its races', async () => {
    const jockeyNames = (await server.deps.store.collection('jockeys').get()).map((j) => String(j.name));
    const allHorseNames = horses.map((h) => ({ id: h.id, name: h.name, folded: words(h.name) }));
    const tips = articles.filter((a) => a.category === 'estimation' && a.status === 'published' && !a.isDeleted);
    expect(tips.length).toBeGreaterThan(40);
    for (const tip of tips) {
      const own = estimates.filter((e) => e.articleId === tip.id);
      expect(own.length, `${tip.id} ${tip.title} has no estimate`).toBeGreaterThan(0);
      const declared = new Set(own.flatMap((e) => e.races.flatMap((r) => raceById.get(r.id)!.entries.map((x) => x.horseId))));
      for (const e of own) {
        for (const r of e.races) {
          const race = raceById.get(r.id)!;
          for (const h of r.selectedHorses) expect(race.entries.find((x) => x.number === h.number)?.horseId, `${tip.id} ${h.name}`).toBe(h.horseId);
        }
      }
      const text = words([tip.title, tip.subtitle ?? '', tip.excerpt, plain(tip.content)].join(' '));
      for (const horse of allHorseNames) {
        if (text.includes(horse.folded)) expect(declared.has(horse.id), `${tip.id} "${tip.title}" names ${horse.name}, not in its races`).toBe(true);
      }
      // A single-race tip quotes its card: distance, surface and field size; a rider it names rides in it.
      if (own.length === 1 && own[0]!.races.length === 1) {
        const race = raceById.get(own[0]!.races[0]!.id)!;
        const body = plain(tip.content);
        const riders = new Set(race.entries.map((e) => e.jockey));
        for (const name of jockeyNames) if (text.includes(words(name))) expect(riders.has(name), `${tip.id} names ${name}, who does not ride in its race`).toBe(true);
        expect(body, tip.id).toContain(`${race.distance} metre`);
        expect(body, tip.id).toContain(`${race.entries.filter((e) => !e.nonRunner).length} at`);
      }
    }
  });

  it('every race day with cards has a VIP tip, and its notice went out', async () => {
    const fanouts = await server.deps.store.collection('notificationFanouts').get();
    const noticed = new Set(fanouts.flatMap((f) => (f.articleIds as string[] | undefined) ?? []));
    for (const date of new Set(days.map((d) => d.date))) {
      const vip = estimates.filter((e) => e.raceData.date === date).map((e) => articles.find((a) => a.id === e.articleId)!).filter((a) => a.visibility === 'premium');
      expect(vip.length, `${date}: no VIP tip`).toBeGreaterThan(0);
      expect(vip.some((a) => noticed.has(a.id)), `${date}: no VIP notice`).toBe(true);
    }
    // Members subscribed to them did get mails: the deliveries are recorded as the real fan-out records them.
    expect(fanouts.every((f) => f.status === 'done')).toBe(true);
    const deliveries = await server.deps.store.collection('notificationDeliveries').where('status', '==', 'queued').get();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.length).toBe(fanouts.reduce((n, f) => n + (f.queued as number), 0));
  });
});
