import { partnershipId, rideId, type Jockey, type JockeyHorse, type JockeyRide } from '../../functions/src/domain/jockeys/jockey.js';
import { jockeyIdFromName } from '../../functions/src/domain/jockeys/jockey-id.js';
import { applyRide, emptyJockey } from '../../functions/src/domain/jockeys/record-rides.js';
import { namePrefixes } from '../../functions/src/domain/races/import-races.js';
import { istanbulDate, istanbulInstant, type Horse, type HistoryItem } from '../../functions/src/domain/races/race.js';
import { foldTurkish } from '../../functions/src/domain/text/turkish.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { BatchWriter, seedArticles } from './articles.js';
import { seededRandom } from './random.js';
import { DEMO_VENUES, REST_DAYS } from './races.js';

/**
 * The store of a site a few years old (issue 21): 20,000 articles, 30,000 horses with their race
 * history, 1,500 jockeys with their rides, aggregates and partnerships. A bench and `npm run seed
 * -- --scale-fixture` option, never the demo seed: a developer's store stays small.
 *
 * Written straight through batches (the importer's transactions would take an hour): the horse
 * documents, rides and jockey aggregates are the shapes the importer writes, the aggregates built
 * with its own `applyRide`. Runs are grouped into real races (a day, a venue, a race number), so a
 * field's finishing order and its runner count agree on every horse and jockey page.
 * Deterministic: the same day gives the same fixture.
 */

export const SCALE_FIXTURE = { articles: 20_000, horses: 30_000, jockeys: 1_500 } as const;
export type ScaleSizes = { articles: number; horses: number; jockeys: number };

/** The fixture at a share of its size (0.2: a fifth), for a measurement to extrapolate from. */
export function scaledFixture(factor: number): ScaleSizes {
  return { articles: Math.round(SCALE_FIXTURE.articles * factor), horses: Math.round(SCALE_FIXTURE.horses * factor), jockeys: Math.round(SCALE_FIXTURE.jockeys * factor) };
}
/** Three years of racing before the seeding day. */
const HISTORY_DAYS = 3 * 365;
const DAY = 86_400_000;
/** Scale horse codes start here, far above the demo's (h1000…) and the TJK feed's. */
const FIRST_CODE = 7_000_000;

const HEADS = ['KARA', 'AK', 'DEMİR', 'ALTIN', 'GÜMÜŞ', 'YILDIZ', 'DELİ', 'ASİL', 'HÜR', 'ŞAHİN', 'POYRAZ', 'RÜZGAR', 'BORA', 'TUNA', 'AY', 'GÜN', 'KIR', 'BOZ', 'ATEŞ', 'DORUK', 'SEVDA', 'ÇELİK', 'KUZEY', 'ŞEN', 'UMUT', 'BARUT', 'PAMUK', 'SİS', 'TOROS', 'MAVİ', 'SARP', 'ILGAZ', 'KAYRA', 'YAMAN', 'ÇAKIR', 'TAN', 'ERCİYES', 'BULUT', 'GÖKÇE', 'CESUR', 'YAĞIZ', 'ÖZGÜR', 'DEFNE', 'LODOS', 'KARAYEL', 'TİPİ', 'ŞAFAK', 'ALAZ', 'AKIN', 'TOLGA'];
const TAILS = ['BEY', 'KIZ', 'YEL', 'HAN', 'TAY', 'ŞİMŞEK', 'OK', 'KAYA', 'YÜREK', 'PRENS', 'SULTAN', 'HATUN', 'DORU', 'ALP', 'AKINCI', 'FIRTINA', 'YİĞİT', 'CEYLAN', 'EFE', 'GÜLÜ', 'PERİ', 'ASLAN', 'KARTAL', 'TOPRAK', 'DENİZ'];
/** Racing's own way of naming the next horse after an earlier one. */
const ROMAN = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX', 'XXI', 'XXII', 'XXIII', 'XXIV', 'XXV', 'XXVI'];
const SIRES = ['VICTORY GALLOP', 'DAI JIN', 'TURBO', 'BOLD PILOT', 'MOUNTAIN CAT', 'SEA OF SECRETS', 'LUXOR', 'WOLF POWER', 'KANUNİ', 'GALLANT HUNTER', 'STRATEGIC PRINCE', 'ILLUSTRIOUS', 'SAYGIN', 'ÇAKABEY'];
const MARES = ['MAVİ GÖK', 'GÜZEL GÜL', 'NAZLI SU', 'SARI YILDIZ', 'İNCE PERİ', 'ŞİRİN DÜŞ', 'BEYAZ NUR', 'EMEL SEHER', 'LALE ÇİÇEK', 'YAZ ELMAS', 'BAHAR İNCİ', 'GÖNÜL SU'];
/** Jockey names of their own: the demo's jockeys keep their records. */
const JOCKEY_FIRST = ['Abdullah', 'Adem', 'Alper', 'Anıl', 'Arda', 'Atakan', 'Batuhan', 'Berkay', 'Bülent', 'Caner', 'Cihan', 'Çağlar', 'Doğukan', 'Ercan', 'Erkan', 'Ersin', 'Fatih', 'Ferhat', 'Furkan', 'Gürkan', 'Halil', 'Harun', 'İlker', 'İsmail', 'Kaan', 'Koray', 'Levent', 'Metin', 'Necdet', 'Oğuzhan', 'Orhan', 'Ozan', 'Rıza', 'Sinan', 'Şükrü', 'Taner', 'Tarık', 'Umut', 'Yasin', 'Zafer'];
const JOCKEY_LAST = ['Akbulut', 'Akgül', 'Akın', 'Altun', 'Ateş', 'Avcı', 'Bayram', 'Bozkurt', 'Coşkun', 'Çakmak', 'Duman', 'Duran', 'Eren', 'Ekinci', 'Gök', 'Gündoğdu', 'Işıkçı', 'Kalkan', 'Karaca', 'Karakaya', 'Keser', 'Korkmaz', 'Metin', 'Oral', 'Orhon', 'Önal', 'Özer', 'Sezer', 'Soylu', 'Süzer', 'Şeker', 'Taş', 'Tekeli', 'Toprak', 'Turan', 'Uysal', 'Vural', 'Yalın', 'Yazıcı', 'Zengin'];
const OWNERS = ['Gökçe Eküri', 'Atlas Harası', 'Karadağ Eküri', 'Yeşilova Harası', 'Boğaziçi Eküri', 'Toros Eküri', 'Ege Harası', 'Uludağ Eküri', 'Çukurova Harası', 'Marmara Eküri'];
const TRAINERS = ['Ferit Karaca', 'Necati Bozkurt', 'Levent Sözer', 'Orhan Tepe', 'Cengiz Aral', 'Sabri Tuna', 'Nihat Ekşi', 'Yavuz Erol'];
const GOING = { Çim: ['İyi', 'Yumuşak', 'Ağır'], Kum: ['Normal', 'Islak', 'Ağır'], Sentetik: ['Normal'] } as const;

type Plain<T> = Omit<T, 'id' | 'updatedAt'>;
interface Run {
  horse: number;
  jockey: number;
  weight: number;
  odds: number;
}
interface RaceSlot {
  day: number;
  venue: number;
  number: number;
  runs: Run[];
}

export interface ScaleSummary {
  articles: number;
  horses: number;
  jockeys: number;
  rides: number;
  races: number;
}

/** The fixture on top of whatever the store holds (the demo seed, usually). */
export async function seedScaleFixture(deps: AppDeps, sizes: ScaleSizes = SCALE_FIXTURE): Promise<ScaleSummary> {
  const { articles } = await seedArticles(deps, { scale: sizes.articles });
  const r = seededRandom(20_261_124);
  const today = istanbulDate(deps.now());
  const firstDay = Date.parse(`${today}T00:00:00Z`) - HISTORY_DAYS * DAY;
  const dateOf = (day: number) => new Date(firstDay + day * DAY).toISOString().slice(0, 10);
  const jockeyNames = JOCKEY_FIRST.flatMap((f) => JOCKEY_LAST.map((l) => `${f} ${l}`)).slice(0, sizes.jockeys);

  // Careers: each horse runs every 2-6 weeks until its last run; about a tenth are still racing.
  const slots = new Map<string, RaceSlot>();
  const horses = Array.from({ length: sizes.horses }, (_, i) => {
    const lastDay = Math.min(HISTORY_DAYS - 1, r.int(0, Math.round(HISTORY_DAYS * 1.1)));
    const runs = r.int(3, 14);
    const jockey = r.int(0, jockeyNames.length - 1);
    const name = `${HEADS[i % HEADS.length]} ${TAILS[Math.floor(i / HEADS.length) % TAILS.length]} ${ROMAN[Math.floor(i / (HEADS.length * TAILS.length)) % ROMAN.length]}`;
    let day = lastDay;
    for (let n = 0; n < runs && day >= 0; n += 1) {
      const venue = (day + r.int(0, 2)) % DEMO_VENUES.length;
      const number = r.int(1, 9);
      const key = `${day}-${venue}-${number}`;
      const slot = slots.get(key) ?? { day, venue, number, runs: [] };
      // Now and then another jockey rides: a jockey's page lists many horses, a horse's several jockeys.
      slot.runs.push({ horse: i, jockey: r.chance(0.8) ? jockey : r.int(0, jockeyNames.length - 1), weight: r.int(52, 60), odds: Math.round(r.next() * 300 + 120) / 100 });
      slots.set(key, slot);
      day -= r.int(REST_DAYS.min, REST_DAYS.max);
    }
    return { name, birthYear: Number(today.slice(0, 4)) - r.int(3, 8), sex: r.chance(0.5) ? ('m' as const) : ('f' as const), sire: r.pick(SIRES), dam: r.pick(MARES), owner: r.pick(OWNERS), history: [] as HistoryItem[], lastDate: null as string | null };
  });

  const writer = new BatchWriter(deps);
  const jockeys = new Map<number, Plain<Jockey>>();
  const pairs = new Map<string, Plain<JockeyHorse>>();
  let rides = 0;
  for (const slot of [...slots.values()].sort((a, b) => a.day - b.day)) {
    const venue = DEMO_VENUES[slot.venue]!;
    const date = dateOf(slot.day);
    const surface = venue.surfaces[(slot.day + slot.number) % venue.surfaces.length]!;
    const distance = 1000 + ((slot.number * 3 + slot.day) % 15) * 100;
    const going = GOING[surface][slot.day % GOING[surface].length]!;
    const raceId = `rs-${date}-${slot.venue}-${slot.number}`;
    const order = r.sample(slot.runs, slot.runs.length);
    for (const [place, run] of order.entries()) {
      const horse = horses[run.horse]!;
      const horseId = `h${FIRST_CODE + run.horse}`;
      const jockeyName = jockeyNames[run.jockey]!;
      const position = r.chance(0.03) ? null : place + 1;
      const time = position === null ? null : `1.${String(10 + Math.round(distance / 100) + place).padStart(2, '0')}.${String(r.int(0, 99)).padStart(2, '0')}`;
      horse.history.push({ raceId, date, racecourse: venue.hippodrome, city: venue.city, raceNumber: slot.number, distance, surface, trackCond: going, finishPos: position, jockey: jockeyName, weight: run.weight, odds: run.odds, earnings: position !== null && position <= 5 ? Math.round(150_000 / position) : 0, time });
      horse.lastDate = date;
      const ride: JockeyRide = {
        id: rideId(raceId, horseId),
        jockeyId: jockeyIdFromName(jockeyName)!,
        jockeyName,
        raceId,
        date,
        startsAt: istanbulInstant(date, `${13 + Math.floor(slot.number / 2)}:${slot.number % 2 ? '00' : '30'}`),
        venueId: foldTurkish(venue.city),
        city: venue.city,
        hippodrome: venue.hippodrome,
        raceNumber: slot.number,
        distance,
        surface,
        horseId,
        horseName: horse.name,
        number: place + 1,
        position,
        time,
        odds: run.odds,
        runners: order.length,
      };
      if (!jockeys.has(run.jockey)) jockeys.set(run.jockey, emptyJockey(jockeyName));
      applyRide(jockeys.get(run.jockey)!, ride, 1);
      const pid = partnershipId(ride.jockeyId, horseId);
      const pair = pairs.get(pid) ?? { jockeyId: ride.jockeyId, horseId, horseName: horse.name, rides: 0, wins: 0, places: 0 };
      pair.rides += 1;
      pair.wins += position === 1 ? 1 : 0;
      pair.places += position !== null && position <= 3 ? 1 : 0;
      pairs.set(pid, pair);
      const { id, ...data } = ride;
      await writer.set('jockeyRides', id, data);
      rides += 1;
    }
  }

  const now = deps.now();
  for (const [i, horse] of horses.entries()) {
    const id = `h${FIRST_CODE + i}`;
    const history = horse.history.sort((a, b) => (a.date === b.date ? b.raceNumber - a.raceNumber : a.date < b.date ? 1 : -1));
    const ancestor = (name: string | null, birthYear: number | null = null) => ({ name, birthYear });
    const doc: Omit<Horse, 'id'> = {
      tjkId: String(FIRST_CODE + i),
      name: horse.name,
      nameKey: foldTurkish(horse.name),
      searchPrefixes: namePrefixes(horse.name),
      age: Number(today.slice(0, 4)) - horse.birthYear,
      birthYear: horse.birthYear,
      sex: horse.sex,
      color: horse.sex === 'm' ? 'd' : 'k',
      father: horse.sire,
      mother: horse.dam,
      mothersFather: SIRES[(i + 3) % SIRES.length]!,
      damKey: foldTurkish(horse.dam),
      jockey: history[0]?.jockey ?? null,
      owner: horse.owner,
      trainer: TRAINERS[i % TRAINERS.length]!,
      // TJK's last-six form, oldest first: surface letter and place (0 tenth or worse, '-' did not finish).
      lastSix: history
        .slice(0, 6)
        .reverse()
        .map((h) => `${h.surface === 'Çim' ? 'C' : h.surface === 'Kum' ? 'K' : 'S'}${h.finishPos === null ? '-' : h.finishPos >= 10 ? '0' : h.finishPos}`)
        .join(''),
      // The programme date the importer keeps: the day of the horse's latest run here.
      programmeDate: horse.lastDate,
      pedigree: { sire: ancestor(horse.sire), dam: ancestor(horse.dam), paternalGrandsire: ancestor(null), paternalGranddam: ancestor(null), maternalGrandsire: ancestor(SIRES[(i + 3) % SIRES.length]!), maternalGranddam: ancestor(null) },
      raceHistory: history,
      updatedAt: now,
    };
    await writer.set('horses', id, doc);
  }
  for (const [i, jockey] of jockeys) await writer.set('jockeys', jockeyIdFromName(jockeyNames[i])!, { ...jockey, updatedAt: now });
  // Jockeys the fixture gave no ride still get their record, as ensureJockeys gives one.
  for (const [i, name] of jockeyNames.entries()) if (!jockeys.has(i)) await writer.set('jockeys', jockeyIdFromName(name)!, { ...emptyJockey(name), updatedAt: now });
  for (const [id, pair] of pairs) await writer.set('jockeyHorses', id, pair);
  await writer.flush();
  return { articles, horses: horses.length, jockeys: jockeyNames.length, rides, races: slots.size };
}
