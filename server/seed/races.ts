import { seededRandom, type SeededRandom } from './random.js';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { type ImportSummary } from '../../functions/src/domain/races/import-races.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';

/**
 * Demo race data for the local store: programmes for today and the six weeks before it, with
 * results for every past meeting, written in the source's shape and loaded through the real
 * importer (so the seed also proves the pipeline). Deterministic: the same day gives the same
 * files, so seeding twice changes nothing.
 *
 * It has to read right to a racing fan (issue 16): every horse rests at least two weeks between
 * runs and is back within six, ages 2-9 with two-year-olds in their own races, each race's field
 * drawn from one class band, weights that follow the race type (handicap weights by rating),
 * times that follow surface, distance, going and class, odds from the AGF shares, the winner's
 * ganyan equal to its odds, margins that match the time gaps and an altılı payout that grows with
 * the winners' odds. `tests/api/races-seed.test.ts` checks these rules over the seeded store.
 */

const PAST_DAYS = 40;
const RACES_PER_CARD = 9;
/** Rest between two runs of a horse, in days (2-6 weeks; the most rested go first). */
export const REST_DAYS = { min: 14, max: 42 } as const;
const HORSES = 1300;

export const DEMO_VENUES = [
  { city: 'İstanbul', hippodrome: 'İstanbul Veliefendi Hipodromu', surfaces: ['Çim', 'Kum', 'Sentetik'], opening: '13:30' },
  { city: 'Ankara', hippodrome: 'Ankara 75. Yıl Hipodromu', surfaces: ['Çim', 'Kum'], opening: '14:00' },
  { city: 'İzmir', hippodrome: 'İzmir Şirinyer Hipodromu', surfaces: ['Çim', 'Kum'], opening: '14:30' },
  { city: 'Bursa', hippodrome: 'Bursa Osmangazi Hipodromu', surfaces: ['Çim', 'Kum'], opening: '15:00' },
  { city: 'Adana', hippodrome: 'Adana Yeşiloba Hipodromu', surfaces: ['Çim', 'Kum'], opening: '13:00' },
] as const;

const NAME_HEADS = ['KARA', 'AK', 'DEMİR', 'ALTIN', 'GÜMÜŞ', 'YILDIZ', 'DELİ', 'ASİL', 'HÜR', 'ŞAHİN', 'POYRAZ', 'RÜZGAR', 'BORA', 'TUNA', 'AY', 'GÜN', 'ER', 'KIR', 'BOZ', 'AL', 'ATEŞ', 'DORUK', 'SEVDA', 'ÇELİK', 'KUZEY', 'ŞEN', 'UMUT', 'BARUT', 'PAMUK', 'SİS', 'TOROS', 'MAVİ', 'SARP', 'ILGAZ', 'KAYRA', 'YAMAN', 'ÇAKIR', 'SONAY', 'TAN', 'ASLI', 'ERCİYES', 'BULUT', 'GÖKÇE', 'CESUR', 'HAKAN', 'ATİLLA', 'SİLA', 'KOR', 'YAĞIZ', 'ÖZGÜR', 'MERT', 'DEFNE'];
const NAME_TAILS = ['BEY', 'KIZ', 'YEL', 'HAN', 'TAY', 'ŞİMŞEK', 'OK', 'KAYA', 'YÜREK', 'PRENS', 'SULTAN', 'HATUN', 'DORU', 'ALP', 'AKINCI', 'FIRTINA', 'YİĞİT', 'CEYLAN', 'EFE', 'GÜLÜ', 'PERİ', 'ASLAN', 'KARTAL', 'TOPRAK', 'DENİZ'];
export const MALE_TAILS: ReadonlySet<string> = new Set(['BEY', 'HAN', 'PRENS', 'YİĞİT', 'EFE', 'ALP', 'AKINCI', 'ASLAN']);
export const FEMALE_TAILS: ReadonlySet<string> = new Set(['KIZ', 'SULTAN', 'HATUN', 'PERİ', 'CEYLAN', 'GÜLÜ']);
/** Stallions at stud: [name, birth year, sire, dam]. Born 2003-2012, so 4-22 years old when a foal of 2017-2024 was conceived. */
const SIRES = [
  ['VICTORY GALLOP', 2004, 'CRYPTOCLEARANCE', 'VICTORIOUS LIL'],
  ['DAI JIN', 2003, 'PERUGINO', 'DAMIANA'],
  ['TURBO', 2005, 'ARAZI', 'TURKANA'],
  ['BOLD PILOT', 2006, 'JADE HUNTER', 'ALKA'],
  ['MOUNTAIN CAT', 2007, 'STORM CAT', 'ALWAYS MINT'],
  ['SEA OF SECRETS', 2006, 'STORM CAT', 'SEA GODDESS'],
  ['LUXOR', 2008, 'GRAND LODGE', 'LUXURY'],
  ['WOLF POWER', 2009, 'DIXIELAND BAND', 'WOLF HUNT'],
  ['KANUNİ', 2010, 'DAI JIN', 'KANDİL'],
  ['GALLANT HUNTER', 2011, 'JADE HUNTER', 'GALLANT LADY'],
  ['STRATEGIC PRINCE', 2007, 'DANSILI', 'PRINCESS SORAYA'],
  ["AUTHOR'S PRIDE", 2012, "SADLER'S WELLS", 'PROUD PAGE'],
] as const;
/** The mares' sires, a generation older (born 1990-2000) and never the same horse as a foal's sire. */
const DAM_SIRES = [
  ['SHARPEN UP', 1990],
  ['ÇAKIR BEY', 1991],
  ['NIGHT SHIFT', 1992],
  ['TARIK', 1993],
  ['MISTER BAILEYS', 1994],
  ['ERCİŞ', 1995],
  ['SELKIRK', 1996],
  ['KÖROĞLU', 1997],
  ['ROYAL ACADEMY', 1998],
  ['SUNDAY SILENCE', 1999],
  ['ZAFONIC', 2000],
] as const;
const MARE_HEADS = ['MAVİ', 'GÜZEL', 'NAZLI', 'SARI', 'İNCE', 'ŞİRİN', 'BEYAZ', 'EMEL', 'LALE', 'YAZ', 'BAHAR', 'GÖNÜL'];
const MARE_TAILS = ['GÖK', 'GÜL', 'SU', 'YILDIZ', 'PERİ', 'DÜŞ', 'NUR', 'SEHER', 'ÇİÇEK', 'ELMAS', 'İNCİ'];
const FIRST = [
  'Ahmet', 'Mehmet', 'Mustafa', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'Murat', 'Emre', 'Gökhan', 'Selim', 'Özcan', 'Vedat', 'Kemal', 'Onur', 'Serkan',
  'Cemil', 'Barış', 'Erdem', 'Uğur', 'Halis', 'Anıl', 'Ersin', 'Nuri', 'Yasin', 'Akın', 'Bayram', 'Cengiz', 'Dursun', 'Eyüp', 'Fikret', 'Gürkan',
  'Harun', 'İsmail', 'Kadir', 'Levent', 'Metin', 'Necmi', 'Rıdvan', 'Sinan',
];
/** Owners include women, as the real register does. */
const OWNER_FIRST = [...FIRST.slice(0, 24), 'Ayşe', 'Fatma', 'Zeynep', 'Elif', 'Gülay', 'Nermin', 'Sevim', 'Canan'];
/** 48 surnames: one venue's 16 riders never share one (issue 49 saw every İstanbul jockey named … Kaya). */
const LAST = [
  'Kaya', 'Demir', 'Çelik', 'Şahin', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç',
  'Kurt', 'Özkan', 'Güneş', 'Erdoğdu', 'Karataş', 'Kaplan', 'Polat', 'Yavuz', 'Tekin', 'Bulut', 'Akgül', 'Sarı', 'Tunç', 'Avcı', 'Eren', 'Altun',
  'Bozkurt', 'Keskin', 'Ünal', 'Özçelik', 'Aktaş', 'Işık', 'Türkmen', 'Uysal', 'Korkmaz', 'Ateş', 'Sönmez', 'Balcı', 'Gündoğdu', 'Kocabaş', 'Uçar', 'Duman',
];
const STABLES = ['Gökçe Eküri', 'Atlas Harası', 'Karadağ Eküri', 'Yeşilova Harası', 'Boğaziçi Eküri', 'Toros Eküri', 'Ege Harası', 'Uludağ Eküri', 'Kızılırmak Harası', 'Akdeniz Eküri', 'Çukurova Harası', 'Sakarya Eküri'];
/** TJK's equipment codes as the programme prints them after a horse's name. */
const EQUIPMENT = ['KG', 'DB', 'KUL'];
const WEATHER = ['Açık', 'Parçalı Bulutlu', 'Bulutlu', 'Yağmurlu', 'Az Bulutlu'];
/** Going and its effect on speed (m/s). */
const GRASS: Record<string, number> = { İyi: 0, Yumuşak: -0.25, 'Çok Yumuşak': -0.4, Ağır: -0.6 };
const DIRT: Record<string, number> = { Normal: 0, Islak: 0.05, Sulu: -0.1, Ağır: -0.45 };
/** Winner's speed (m/s) over 1200 m on good going for a middling field. */
const BASE_SPEED: Record<string, number> = { Çim: 16.7, Kum: 15.9, Sentetik: 16.3 };

/**
 * Race types with the rating band their field comes from, the distances they are run over, a
 * first prize and how weights are set (handicaps by rating, the others by age and sex).
 */
export const RACE_CLASSES = [
  { name: 'Maiden', band: [15, 45], distances: [1200, 1300, 1400, 1500, 1600], prize: 180_000, handicap: false, maxWins: 0 },
  { name: 'Şartlı 1', band: [30, 55], distances: [1200, 1400, 1600, 1800], prize: 220_000, handicap: false, maxWins: 1 },
  { name: 'Şartlı 2', band: [40, 65], distances: [1300, 1400, 1600, 1900, 2000], prize: 260_000, handicap: false, maxWins: 2 },
  { name: 'Şartlı 3', band: [50, 75], distances: [1400, 1600, 1800, 2000, 2100], prize: 300_000, handicap: false, maxWins: 3 },
  { name: 'Handikap 15', band: [15, 45], distances: [1200, 1400, 1600, 1900, 2200], prize: 150_000, handicap: true, maxWins: null },
  { name: 'Handikap 17', band: [25, 60], distances: [1300, 1500, 1700, 2000, 2200], prize: 190_000, handicap: true, maxWins: null },
  { name: 'Handikap 22', band: [45, 85], distances: [1400, 1600, 1900, 2100, 2400], prize: 260_000, handicap: true, maxWins: null },
  { name: 'Kısa Vade Handikap', band: [30, 65], distances: [1200, 1400, 1600, 1800], prize: 200_000, handicap: true, maxWins: null },
  { name: 'Grup 3', band: [70, 100], distances: [1600, 1800, 2000, 2400], prize: 600_000, handicap: false, maxWins: null },
] as const;
/** `maxWins`: the race's condition on earlier wins (Maiden: none; Şartlı k: at most k); null = open. */
export const JUVENILE_CLASS = { name: '2 Yaşlılar Maiden', band: [0, 100], distances: [1000, 1100, 1200, 1300, 1400], prize: 200_000, handicap: false, maxWins: 0 } as const;
type RaceClass = (typeof RACE_CLASSES)[number] | typeof JUVENILE_CLASS;


/** Riders of one hippodrome: 16 different surnames, and no rider of another hippodrome has the same full name. */
export function jockeysOf(venue: number): string[] {
  return Array.from({ length: 16 }, (_, k) => {
    const n = venue * 16 + k;
    return `${FIRST[(n * 7) % FIRST.length]} ${LAST[n % LAST.length]}`;
  });
}
/** 18 trainers with 18 different surnames (5 is coprime with 48). */
const trainerName = (t: number) => `${FIRST[(t * 3 + 5) % FIRST.length]} ${LAST[(t * 5 + 20) % LAST.length]}`;
/** About 180 private owners (each owns several horses) besides the stables. */
const ownerName = (o: number) => `${OWNER_FIRST[(o * 11) % OWNER_FIRST.length]} ${LAST[(o * 13 + 7) % LAST.length]}`;

interface SeedHorse {
  code: string;
  name: string;
  birthYear: number;
  sex: 'e' | 'i' | 'd' | 'k';
  color: string;
  /** Class, 0-100: decides the races it is entered in, its odds and its chances. */
  rating: number;
  sire: (typeof SIRES)[number];
  dam: string;
  damBirth: number;
  damSire: (typeof DAM_SIRES)[number];
  damDam: string;
  owner: string;
  trainer: string;
  equipment: string[];
  /** Day number (days since 1970) of its last run. */
  lastRun: number;
  /** Day it runs again at the earliest. */
  readyOn: number;
  /** Finishes of the seeded season, newest last, with surface letters for SON6: exactly its race history. */
  form: string[];
  wins: number;
}

/**
 * One national population of horses that travel between hippodromes. Their careers start with the
 * seeded season: a horse's form figures (SON6) are its stored runs, never invented older ones, so
 * the card, the horse page and the class conditions (Maiden = no win) tell one story.
 */
function buildHorses(thisYear: number, firstDay: number): SeedHorse[] {
  const r = seededRandom(20261122);
  const names = NAME_HEADS.length * NAME_TAILS.length;
  return Array.from({ length: HORSES }, (_, i) => {
    // 11 is coprime with the number of names: every name is used once.
    const n = (i * 11) % names;
    const head = NAME_HEADS[n % NAME_HEADS.length]!;
    const tail = NAME_TAILS[Math.floor(n / NAME_HEADS.length)]!;
    const damIndex = r.int(0, MARE_HEADS.length * MARE_TAILS.length - 1);
    // Ages 2-9, most of them 3-5.
    const age = r.pick([2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 9]);
    // Some name endings say the sex (a filly is not a '…BEY', a colt not a '…HATUN'); the others are drawn.
    const drawn = r.next() < 0.4;
    const female = FEMALE_TAILS.has(tail) || (!MALE_TAILS.has(tail) && drawn);
    // Staggered over the window's first weeks, as if each had last run before it started.
    const lastRun = firstDay - r.int(1, REST_DAYS.max - 1);
    return {
      code: String(60000 + i),
      name: `${head} ${tail}`.replace(/^(\S+) (BEY|HAN|OK|EFE)$/, '$1$2'),
      birthYear: thisYear - age,
      sex: female ? (age <= 4 ? 'd' : 'k') : age >= 5 && r.next() < 0.4 ? 'i' : 'e',
      color: r.pick(['d', 'a', 'k', 'y']),
      // Older horses have found their level; juveniles are not rated yet.
      rating: age === 2 ? 40 : Math.min(100, Math.max(15, Math.round(20 + r.next() * 55 + (age >= 4 ? r.next() * 25 : 0)))),
      sire: r.pick(SIRES),
      dam: `${MARE_HEADS[damIndex % MARE_HEADS.length]} ${MARE_TAILS[Math.floor(damIndex / MARE_HEADS.length)]}`,
      // Siblings share a dam, so her birth year and sire follow from her name; 5-19 years old at foaling.
      damBirth: 2005 + (damIndex % 8),
      damSire: DAM_SIRES[damIndex % DAM_SIRES.length]!,
      damDam: `${MARE_HEADS[(damIndex + 5) % MARE_HEADS.length]} ${MARE_TAILS[(damIndex + 3) % MARE_TAILS.length]}`,
      owner: i % 3 === 0 ? STABLES[i % STABLES.length]! : ownerName(i % 180),
      trainer: trainerName(i % 18),
      equipment: r.sample(EQUIPMENT, r.pick([0, 0, 1, 1, 2])).sort(),
      lastRun,
      readyOn: lastRun + REST_DAYS.min + r.int(0, 10),
      form: [],
      wins: 0,
    };
  });
}

function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function formatRaceTime(raw: number): string {
  const seconds = Math.round(raw * 100) / 100;
  const min = Math.floor(seconds / 60);
  const sec = seconds - min * 60;
  return `${min}.${sec.toFixed(2).padStart(5, '0')}`;
}

/** The official margin for a gap in seconds (a length is about 0.17 s). */
function margin(gap: number): string {
  if (gap < 0.06) return 'Burun';
  if (gap < 0.1) return 'Baş';
  if (gap < 0.14) return 'Boyun';
  const halves = Math.max(1, Math.round(gap / 0.085));
  const whole = Math.floor(halves / 2);
  return whole === 0 ? '1/2 Boy' : `${whole}${halves % 2 ? ' 1/2' : ''} Boy`;
}

/** Whether a horse may be entered: age group, and earlier wins within the race's condition. */
const eligible = (h: SeedHorse, cls: RaceClass, year: number) =>
  (cls === JUVENILE_CLASS ? year - h.birthYear === 2 : year - h.birthYear >= 3) && (cls.maxWins === null || h.wins <= cls.maxWins);

/**
 * The field of one race: eligible horses of the class band that are rested, the longest-waiting
 * first (so nobody waits past six weeks), the band widened only when too few are ready.
 */
function drawField(horses: SeedHorse[], cls: RaceClass, day: number, year: number, size: number, used: Set<string>, r: SeededRandom): SeedHorse[] {
  const ready = horses.filter((h) => !used.has(h.code) && h.readyOn <= day && eligible(h, cls, year));
  for (let widen = 0; ; widen += 10) {
    const fits = ready.filter((h) => h.rating >= cls.band[0] - widen && h.rating <= cls.band[1] + widen);
    if (fits.length >= size || widen >= 100) {
      return fits
        .map((h) => ({ h, urgency: day - h.lastRun + r.next() * 6 }))
        .sort((a, b) => b.urgency - a.urgency)
        .slice(0, size)
        .map((x) => x.h);
    }
  }
}

/** Handicap weights follow the rating; the others carry the age/sex weight of the conditions. */
function weightFor(h: SeedHorse, cls: RaceClass, year: number, r: SeededRandom): number {
  const female = h.sex === 'd' || h.sex === 'k';
  if (cls.handicap) {
    const [min, max] = cls.band;
    const share = Math.min(1, Math.max(0, (h.rating - min) / (max - min)));
    return Math.round((50 + share * 11 + r.int(0, 2) * 0.5) * 2) / 2;
  }
  const base = cls === JUVENILE_CLASS ? 55 : year - h.birthYear === 3 ? 56 : cls.name === 'Grup 3' ? 58 : 57;
  return base - (female ? 1.5 : 0);
}

const money = (value: number) => Math.min(999_999_999, Math.round(value * 100) / 100);
const product = (values: number[]) => values.reduce((a, b) => a * b, 1);

/**
 * The pools paid on one race, per 1 TL after the pool's cut, from the odds of the horses that
 * made them (so a longer shot pays more): plase, ikili, sıralı ikili, plase ikili, üçlü, sıralı
 * üçlü, tabela (first four), and the multi-race pools that end with this race: çifte and the 3'lü,
 * 4'lü, 5'li ganyan, whose legs `KOSULAR` names. `placed` are horse numbers in finishing order,
 * `odds` the ganyan odds by horse number; `previous` the winners and their odds of the races before.
 */
function racePayouts(no: number, placed: number[], odds: Map<number, number>, runners: number, previous: { winner: number; odds: number }[]) {
  const o = (n: number) => odds.get(n)!;
  const [a, b, c, d] = placed as [number, number, number, number];
  const sorted = (...ns: number[]) => [...ns].sort((x, y) => x - y).join('-');
  const out: { TUR: string; KAZANAN: string; IKRAMIYE: number; KOSULAR?: string }[] = [];
  // TJK pays plase on the first two, and on the first three from eight runners up.
  for (const n of placed.slice(0, runners >= 8 ? 3 : 2)) out.push({ TUR: 'Plase', KAZANAN: String(n), IKRAMIYE: money(Math.max(1.05, 1 + (o(n) - 1) * 0.3)) });
  out.push({ TUR: 'İkili', KAZANAN: sorted(a, b), IKRAMIYE: money(Math.max(1.5, o(a) * o(b) * 0.45)) });
  out.push({ TUR: 'Sıralı İkili', KAZANAN: `${a}/${b}`, IKRAMIYE: money(Math.max(2, o(a) * o(b) * 0.85)) });
  for (const [x, y] of [[a, b], [a, c], [b, c]] as const) out.push({ TUR: 'Plase İkili', KAZANAN: sorted(x, y), IKRAMIYE: money(Math.max(1.1, o(x) * o(y) * 0.12)) });
  out.push({ TUR: 'Üçlü', KAZANAN: sorted(a, b, c), IKRAMIYE: money(Math.max(2, o(a) * o(b) * o(c) * 0.12)) });
  out.push({ TUR: 'Sıralı Üçlü', KAZANAN: `${a}/${b}/${c}`, IKRAMIYE: money(Math.max(3, o(a) * o(b) * o(c) * 0.6)) });
  if (d !== undefined) out.push({ TUR: 'Tabela', KAZANAN: `${a}/${b}/${c}/${d}`, IKRAMIYE: money(Math.max(5, o(a) * o(b) * o(c) * o(d) * 0.5)) });
  const chain = [...previous, { winner: a, odds: o(a) }];
  for (const [legs, label] of [[2, 'Çifte'], [3, "3'lü Ganyan"], [4, "4'lü Ganyan"], [5, "5'li Ganyan"]] as const) {
    if (chain.length < legs) continue;
    const part = chain.slice(-legs);
    out.push({ TUR: label, KOSULAR: `${no - legs + 1}-${no}`, KAZANAN: part.map((p) => p.winner).join('/'), IKRAMIYE: money(Math.max(2, product(part.map((p) => p.odds)) * 0.65)) });
  }
  return out;
}

/** One race of the season as the articles seed reads it (tips and news quote the card and the result). */
export interface SeasonRace {
  code: string;
  date: string;
  city: string;
  hippodrome: string;
  number: number;
  time: string;
  distance: number;
  surface: string;
  going: string | null;
  category: string;
  entries: { number: number; name: string; jockey: string; trainer: string; lastSix: string; odds: number; nonRunner: boolean }[];
  /** Horse numbers in finishing order; empty for today's races. */
  order: number[];
}

export interface SeedSeason {
  files: { name: string; content: unknown }[];
  races: SeasonRace[];
}

const seasons = new Map<string, SeedSeason>();

export function buildSeedFiles(now: Date): { name: string; content: unknown }[] {
  return buildSeason(now).files;
}

/**
 * The whole demo season for the Istanbul day of `now`: the source files and, for the other seeds,
 * each race as the card and result show it. Built once per day (pure, deterministic).
 */
export function buildSeason(now: Date): SeedSeason {
  const today = istanbulDate(now);
  const cached = seasons.get(today);
  if (cached) return cached;
  const todayNumber = Math.round(Date.parse(`${today}T00:00:00Z`) / 86_400_000);
  const horses = buildHorses(Number(today.slice(0, 4)), todayNumber - PAST_DAYS);
  const files: { name: string; content: unknown }[] = [];
  const season: SeasonRace[] = [];
  for (let offset = PAST_DAYS; offset >= 0; offset -= 1) {
    const dayNumber = todayNumber - offset;
    const date = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
    const stamp = date.replaceAll('-', '');
    const year = Number(date.slice(0, 4));
    const tarih = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    // Today İstanbul, Ankara and İzmir race; before that one meeting on two days of three (always
    // yesterday), the venues taking turns. More meetings would need thousands of horses (and as
    // many prebuilt horse pages) for every horse to rest two weeks between runs.
    const venueIndexes = offset === 0 ? [0, 1, 2] : offset === 1 || dayNumber % 3 !== 0 ? [dayNumber % DEMO_VENUES.length] : [];
    if (venueIndexes.length === 0) continue;
    const programme: unknown[] = [];
    const results: unknown[] = [];
    const used = new Set<string>();
    for (const v of venueIndexes) {
      const venue = DEMO_VENUES[v]!;
      const r = seededRandom(dayNumber * 31 + v);
      const grass = r.pick(Object.keys(GRASS));
      const dirt = r.pick(Object.keys(DIRT));
      const jockeys = jockeysOf(v);
      const cardId = `${stamp}${v}`;
      const races: unknown[] = [];
      const raceResults: unknown[] = [];
      const winners: { winner: number; odds: number }[] = [];
      // Some days a horse is scratched (koşmaz) or a rider replaced after the declarations, as on real cards.
      const scratchRace = (dayNumber + v) % 3 === 0 ? r.int(2, RACES_PER_CARD) : 0;
      const riderChangeRace = (dayNumber + v) % 4 === 1 ? r.int(1, RACES_PER_CARD) : 0;
      for (let no = 1; no <= RACES_PER_CARD; no += 1) {
        // The opener is for two-year-olds; a group race at most once a card, late on.
        const cls: RaceClass = no === 1 ? JUVENILE_CLASS : r.pick(RACE_CLASSES.filter((c) => c.name !== 'Grup 3' || no >= 8));
        const distance = r.pick(cls.distances);
        const surface = cls === JUVENILE_CLASS || distance >= 2000 ? r.pick(venue.surfaces.filter((s) => s !== 'Sentetik')) : r.pick(venue.surfaces);
        const going = surface === 'Çim' ? grass : surface === 'Kum' ? dirt : null;
        const runners = drawField(horses, cls, dayNumber, year, r.int(8, 10), used, r);
        for (const h of runners) used.add(h.code);
        const riders = [...jockeys].sort(() => r.next() - 0.5);
        // Market shares follow class: the AGF percentages sum to 100, odds are 85 % of fair.
        const power = runners.map((h) => Math.exp((h.rating + r.next() * 12) / 12));
        const total = power.reduce((a, b) => a + b, 0);
        const starts = runners.map((_, i) => i + 1).sort(() => r.next() - 0.5);
        const scratched = no === scratchRace ? r.int(0, runners.length - 1) : -1;
        const replaced = no === riderChangeRace ? r.int(0, runners.length - 1) : -1;
        const atlar = runners.map((h, i) => {
          const agf = Math.round((power[i]! / total) * 10000) / 100;
          return {
            NO: i + 1,
            KOD: h.code,
            AD: h.name,
            YAS: `${year - h.birthYear}y ${h.color} ${h.sex}`,
            BABA: h.sire[0],
            ANNE: h.dam,
            ANNEBABA: h.damSire[0],
            // The replacement rides; the declared rider is kept (a rider of this card free in this race).
            JOKEY: i === replaced ? riders[runners.length]! : riders[i]!,
            ...(i === replaced ? { ESKI_JOKEY: riders[i]! } : {}),
            SAHIP: h.owner,
            ANTRENOR: h.trainer,
            START: starts[i]!,
            KILO: weightFor(h, cls, year, r),
            ...(cls === JUVENILE_CLASS ? {} : { HP: h.rating }),
            ...(h.equipment.length ? { TAKI: h.equipment.join(' ') } : {}),
            ...(i === scratched ? { KOSMAZ: true } : {}),
            SON6: h.form.slice(-6).join('') || undefined,
            GANYAN: Math.max(1.05, Math.round((85 / Math.max(agf, 0.01)) * 100) / 100),
            AGF: agf,
            SOY: {
              DOGUM: h.birthYear,
              BABA: { DOGUM: h.sire[1] },
              ANNE: { DOGUM: h.damBirth },
              BABABABA: { AD: h.sire[2] },
              BABAANNE: { AD: h.sire[3] },
              ANNEBABA: { DOGUM: h.damSire[1] },
              ANNEANNE: { AD: h.damDam },
            },
          };
        });
        const code = `${stamp}${v}${String(no).padStart(2, '0')}`;
        const prize = Math.round((cls.prize * (0.9 + r.next() * 0.2)) / 10_000) * 10_000;
        const time = addMinutes(venue.opening, (no - 1) * 30);
        races.push({ NO: no, KOD: code, SAAT: time, MESAFE: distance, PIST: surface, CINS: cls.name, IKRAMIYE: prize, atlar });
        const seasonRace: SeasonRace = {
          code,
          date,
          city: venue.city,
          hippodrome: venue.hippodrome,
          number: no,
          time,
          distance,
          surface,
          going,
          category: cls.name,
          entries: atlar.map((a, i) => ({ number: a.NO, name: a.AD, jockey: a.JOKEY, trainer: a.ANTRENOR, lastSix: a.SON6 ?? '', odds: a.GANYAN, nonRunner: i === scratched })),
          order: [],
        };
        season.push(seasonRace);
        for (const h of runners) {
          h.lastRun = dayNumber;
          h.readyOn = dayNumber + REST_DAYS.min + r.int(0, 7);
        }
        if (offset > 0) {
          // Finishing order drawn by the market's view, with room for upsets; a scratched horse does not run.
          const order: number[] = [];
          const left = runners.map((_, i) => i).filter((i) => i !== scratched);
          while (left.length) {
            const weights = left.map((i) => power[i]! ** 0.8);
            let pick = r.next() * weights.reduce((a, b) => a + b, 0);
            let k = 0;
            while (pick > weights[k]! && k < left.length - 1) pick -= weights[k++]!;
            order.push(left.splice(k, 1)[0]!);
          }
          const share = [1, 0.4, 0.2, 0.1, 0.05];
          const letter = surface === 'Çim' ? 'C' : surface === 'Kum' ? 'K' : 'S';
          const fieldClass = runners.reduce((s, h) => s + h.rating, 0) / runners.length;
          // Longer races are run slower, heavy going and young horses slower, better fields faster.
          const speed =
            BASE_SPEED[surface]! - 0.00045 * (distance - 1200) + (going ? ((surface === 'Çim' ? GRASS : DIRT)[going] ?? 0) : 0) + (fieldClass - 50) * 0.006 - (cls === JUVENILE_CLASS ? 0.35 : 0) + (r.next() - 0.5) * 0.2;
          let seconds = distance / speed;
          const dnf = order.length >= 9 && r.next() < 0.1 ? order[order.length - 1] : -1;
          const odds = new Map(atlar.map((a) => [a.NO, a.GANYAN]));
          const placed = order.filter((i) => i !== dnf).map((i) => i + 1);
          raceResults.push({
            NO: no,
            KOD: code,
            GANYAN: atlar[order[0]!]!.GANYAN,
            BAHISLER: racePayouts(no, placed, odds, order.length, winners),
            sonuclar: order.map((i, place) => {
              const finished = i !== dnf;
              const gap = place > 0 ? 0.03 + r.next() ** 1.5 * 0.8 : 0;
              seconds += gap;
              runners[i]!.form.push(`${letter}${finished ? (place + 1 >= 10 ? 0 : place + 1) : '-'}`);
              if (finished && place === 0) runners[i]!.wins += 1;
              return {
                KOD: runners[i]!.code,
                NO: i + 1,
                SIRA: finished ? place + 1 : null,
                DERECE: finished ? formatRaceTime(seconds) : null,
                FARK: finished && place > 0 ? margin(gap) : undefined,
                GANYAN: atlar[i]!.GANYAN,
                IKRAMIYE: finished && place < 5 ? prize * share[place]! : 0,
              };
            }),
          });
          seasonRace.order = placed;
          winners.push({ winner: order[0]! + 1, odds: atlar[order[0]!]!.GANYAN });
        }
      }
      programme.push({
        CARDID: cardId,
        HIPODROM: venue.hippodrome,
        YER: venue.city,
        TARIH: tarih,
        ACILIS: venue.opening,
        KAPANIS: addMinutes(venue.opening, (RACES_PER_CARD - 1) * 30 + 15),
        hava: { SICAKLIK: r.int(6, 22), NEM: r.int(40, 90), DURUM: r.pick(WEATHER) },
        pist: { cim: { DURUM: grass }, kum: { DURUM: dirt } },
        kosular: races,
      });
      if (offset > 0) {
        // The altılı pays more the less expected its six winners were (per 1 TL, after the pool's cut).
        const six = winners.slice(3, 9);
        const payout = Math.max(25, money(product(six.map((w) => w.odds)) * 0.6));
        results.push({
          CARDID: cardId,
          HIPODROM: venue.hippodrome,
          YER: venue.city,
          TARIH: tarih,
          ALTILI: [{ ILK_KOSU: 4, IKRAMIYE: payout, KAZANANLAR: six.map((w) => [w.winner]) }],
          kosular: raceResults,
        });
      }
    }
    files.push({ name: `seed/program-${date}.json`, content: programme });
    if (results.length) files.push({ name: `seed/sonuc-${date}.json`, content: results });
  }
  const built = { files, races: season };
  seasons.set(today, built);
  return built;
}

/** Loads the demo programme through the importer, day by day (each day's results need its programme). */
export async function seedRaces(deps: Pick<AppDeps, 'store' | 'now' | 'config' | 'log' | 'requestRebuild' | 'mailer' | 'sms'>): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const file of buildSeedFiles(deps.now())) {
    const summary = await importRaceFiles(deps, [file]);
    if (summary.rejected > 0) throw new Error(`Seed race file rejected: ${JSON.stringify(summary.files[0]?.errors.slice(0, 5))}`);
    summaries.push(summary);
  }
  return summaries;
}
