import { importRaceFiles, type ImportSummary } from '../../functions/src/domain/races/import-races.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';

/**
 * Demo race data for the local store: programmes for today and the two weeks before it, with
 * results for every past day, written in the source's shape and loaded through the real
 * importer (so the seed also proves the pipeline). Deterministic: the same day gives the same
 * files, so seeding twice changes nothing.
 */

const PAST_DAYS = 14;
const RACES_PER_CARD = 9;

export const DEMO_VENUES = [
  { city: 'İstanbul', hippodrome: 'İstanbul Veliefendi Hipodromu', surfaces: ['Çim', 'Kum', 'Sentetik'], opening: '13:30' },
  { city: 'Ankara', hippodrome: 'Ankara 75. Yıl Hipodromu', surfaces: ['Çim', 'Kum'], opening: '14:00' },
  { city: 'İzmir', hippodrome: 'İzmir Şirinyer Hipodromu', surfaces: ['Çim', 'Kum'], opening: '14:30' },
  { city: 'Bursa', hippodrome: 'Bursa Osmangazi Hipodromu', surfaces: ['Çim', 'Kum'], opening: '15:00' },
  { city: 'Adana', hippodrome: 'Adana Yeşiloba Hipodromu', surfaces: ['Çim', 'Kum'], opening: '13:00' },
] as const;

const NAME_HEADS = ['KARA', 'AK', 'DEMİR', 'ALTIN', 'GÜMÜŞ', 'YILDIZ', 'DELİ', 'ASİL', 'HÜR', 'ŞAHİN', 'POYRAZ', 'RÜZGAR', 'BORA', 'TUNA', 'AY', 'GÜN', 'ER', 'KIR', 'BOZ', 'AL', 'ATEŞ', 'DORUK', 'SEVDA', 'ÇELİK', 'KUZEY', 'ŞEN', 'UMUT', 'BARUT', 'PAMUK', 'SİS'];
const NAME_TAILS = ['BEY', 'KIZ', 'YEL', 'HAN', 'TAY', 'ŞİMŞEK', 'OK', 'KAYA', 'YÜREK', 'PRENS', 'SULTAN', 'HATUN', 'DORU', 'ALP', 'AKINCI', 'FIRTINA', 'YİĞİT', 'CEYLAN', 'EFE', 'GÜLÜ', 'PERİ', 'ASLAN', 'KARTAL', 'TOPRAK', 'DENİZ'];
const SIRES = [
  ['VICTORY GALLOP', 1995, 'CRYPTOCLEARANCE', 'VICTORIOUS LIL'],
  ['DAI JIN', 2000, 'PERUGINO', 'DAMIANA'],
  ['TURBO', 2001, 'ARAZI', 'TURKANA'],
  ['BOLD PILOT', 1993, 'JADE HUNTER', 'ALKA'],
  ['MOUNTAIN CAT', 1990, 'STORM CAT', 'ALWAYS MINT'],
  ['SEA OF SECRETS', 2006, 'STORM CAT', 'SEA GODDESS'],
  ['LUXOR', 2005, 'GRAND LODGE', 'LUXURY'],
  ['WOLF POWER', 2004, 'DIXIELAND BAND', 'WOLF HUNT'],
  ['KANUNİ', 2009, 'DAI JIN', 'KANDİL'],
  ['GALLANT HUNTER', 2003, 'JADE HUNTER', 'GALLANT LADY'],
  ['STRATEGIC PRINCE', 2007, 'DANSILI', 'PRINCESS SORAYA'],
  ['AUTHOR\'S PRIDE', 2008, 'SADLER\'S WELLS', 'PROUD PAGE'],
] as const;
const MARE_HEADS = ['MAVİ', 'GÜZEL', 'NAZLI', 'SARI', 'İNCE', 'ŞİRİN', 'BEYAZ', 'EMEL', 'LALE', 'YAZ', 'BAHAR', 'GÖNÜL'];
const MARE_TAILS = ['GÖK', 'GÜL', 'SU', 'YILDIZ', 'PERİ', 'DÜŞ', 'NUR', 'SEHER', 'ÇİÇEK', 'ELMAS', 'İNCİ'];
const FIRST = ['Ahmet', 'Mehmet', 'Mustafa', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'Murat', 'Emre', 'Gökhan', 'Selim', 'Özcan', 'Vedat', 'Kemal', 'Onur', 'Serkan', 'Cemil', 'Barış', 'Erdem', 'Uğur'];
const LAST = ['Kaya', 'Demir', 'Çelik', 'Şahin', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Güneş', 'Erdoğdu'];
const STABLES = ['Gökçe Eküri', 'Atlas Harası', 'Karadağ Eküri', 'Yeşilova Harası', 'Boğaziçi Eküri', 'Toros Eküri', 'Ege Harası', 'Uludağ Eküri'];
const WEATHER = ['Açık', 'Parçalı Bulutlu', 'Bulutlu', 'Yağmurlu', 'Az Bulutlu'];
const GRASS = ['İyi', 'Yumuşak', 'Çok Yumuşak', 'Ağır'];
const DIRT = ['Normal', 'Islak', 'Sulu', 'Ağır'];
const DISTANCES = [1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200, 2400];
const CATEGORIES = ['Maiden', 'Şartlı 1', 'Şartlı 2', 'Şartlı 3', 'Handikap 15', 'Handikap 17', 'Handikap 22', 'Grup 3', 'Kısa Vade Handikap'];

/** mulberry32: small, deterministic, good enough for demo data. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const person = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + 3) % LAST.length]}`;
/** Jockeys are drawn from 25 slots (20 distinct names). */
const JOCKEYS = 25;
function freeRider(drawn: number, riders: Set<string>): string {
  for (let k = 0; k < JOCKEYS; k += 1) {
    const name = person(((drawn + k) % JOCKEYS) + 100);
    if (!riders.has(name)) {
      riders.add(name);
      return name;
    }
  }
  throw new Error('more runners than jockeys');
}

interface SeedHorse {
  code: string;
  name: string;
  birthYear: number;
  sex: 'e' | 'd' | 'k';
  color: string;
  sire: (typeof SIRES)[number];
  dam: string;
  damBirth: number;
  damSire: (typeof SIRES)[number];
  damDam: string;
  owner: string;
  trainer: string;
  /** Recent finishes, newest last, with surface letters for SON6. */
  form: string[];
}

/** One national population of horses that travel between hippodromes, so they run often and build histories. */
function buildHorses(thisYear: number): SeedHorse[] {
  const r = rng(20261122);
  let nameIndex = 0;
  return Array.from({ length: 420 }, (_, i) => {
      const head = NAME_HEADS[nameIndex % NAME_HEADS.length]!;
      const tail = NAME_TAILS[Math.floor(nameIndex / NAME_HEADS.length) % NAME_TAILS.length]!;
      nameIndex += 7; // 7 is coprime with 750 (30 x 25): every name is used once
      const damIndex = r.int(0, MARE_HEADS.length * MARE_TAILS.length - 1);
      return {
        code: String(60000 + i),
        name: `${head} ${tail}`.replace(/^(\S+) (BEY|HAN|OK|EFE)$/, '$1$2'),
        birthYear: thisYear - r.int(2, 7),
        sex: r.pick(['e', 'e', 'd', 'k'] as const),
        color: r.pick(['d', 'a', 'k', 'y']),
        sire: r.pick(SIRES),
        dam: `${MARE_HEADS[damIndex % MARE_HEADS.length]} ${MARE_TAILS[Math.floor(damIndex / MARE_HEADS.length)]}`,
        damBirth: 2008 + (damIndex % 8),
        damSire: SIRES[damIndex % SIRES.length]!,
        damDam: `${MARE_HEADS[(damIndex + 5) % MARE_HEADS.length]} ${MARE_TAILS[(damIndex + 3) % MARE_TAILS.length]}`,
        owner: i % 3 === 0 ? STABLES[i % STABLES.length]! : person(i * 3),
        trainer: person(40 + (i % 18)),
        form: [],
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

export function buildSeedFiles(now: Date): { name: string; content: unknown }[] {
  const today = istanbulDate(now);
  const horses = buildHorses(Number(today.slice(0, 4)));
  const files: { name: string; content: unknown }[] = [];
  for (let offset = PAST_DAYS; offset >= 0; offset -= 1) {
    const date = istanbulDate(new Date(Date.parse(`${today}T12:00:00Z`) - offset * 86_400_000));
    const dayNumber = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    const stamp = date.replaceAll('-', '');
    const year = Number(date.slice(0, 4));
    const tarih = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    // Three hippodromes race each day, İstanbul, Ankara and İzmir always among today's.
    const venueIndexes = offset === 0 ? [0, 1, 2] : [0, 1, 2, 3, 4].filter((v) => (v + dayNumber) % 5 < 3);
    const programme: unknown[] = [];
    const results: unknown[] = [];
    // A horse runs at most once a day.
    const used = new Set<string>();
    for (const v of venueIndexes) {
      const venue = DEMO_VENUES[v]!;
      const r = rng(dayNumber * 31 + v);
      const grass = r.pick(GRASS);
      const dirt = r.pick(DIRT);
      const cardId = `${stamp}${v}`;
      const races: unknown[] = [];
      const raceResults: unknown[] = [];
      const winners: number[] = [];
      for (let no = 1; no <= RACES_PER_CARD; no += 1) {
        const surface = r.pick(venue.surfaces);
        const distance = r.pick(DISTANCES);
        const field = r.int(8, 14);
        const runners: SeedHorse[] = [];
        // 3 cards x 9 races x at most 14 horses need at most 378 of the 420 horses: the draw always ends.
        while (runners.length < field) {
          const h = horses[r.int(0, horses.length - 1)]!;
          if (!used.has(h.code)) {
            used.add(h.code);
            runners.push(h);
          }
        }
        const strength = runners.map(() => 0.5 + r.next() * 3);
        const total = strength.reduce((a, b) => a + b, 0);
        const starts = runners.map((_, i) => i + 1).sort(() => r.next() - 0.5);
        // A jockey rides one horse per race: a drawn jockey already up moves on to the next free one
        // (same number of draws, so the rest of the demo data stays as it was).
        const riders = new Set<string>();
        const atlar = runners.map((h, i) => {
          const agf = Math.round((strength[i]! / total) * 10000) / 100;
          return {
            NO: i + 1,
            KOD: h.code,
            AD: h.name,
            YAS: `${year - h.birthYear}y ${h.color} ${h.sex}`,
            BABA: h.sire[0],
            ANNE: h.dam,
            ANNEBABA: h.damSire[0],
            JOKEY: freeRider(r.int(0, JOCKEYS - 1), riders),
            SAHIP: h.owner,
            ANTRENOR: h.trainer,
            START: starts[i]!,
            KILO: 50 + r.int(0, 24) / 2,
            SON6: h.form.slice(-6).join('') || undefined,
            GANYAN: Math.max(1.05, Math.round((85 / agf) * 100) / 100),
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
        const prize = 100_000 + r.int(0, 40) * 10_000;
        races.push({ NO: no, KOD: code, SAAT: addMinutes(venue.opening, (no - 1) * 30), MESAFE: distance, PIST: surface, CINS: r.pick(CATEGORIES), IKRAMIYE: prize, atlar });
        if (offset > 0) {
          // Finishing order drawn by strength: stronger horses win more often.
          const order: number[] = [];
          const left = runners.map((_, i) => i);
          while (left.length) {
            const weights = left.map((i) => strength[i]! ** 2);
            let pick = r.next() * weights.reduce((a, b) => a + b, 0);
            let k = 0;
            while (pick > weights[k]! && k < left.length - 1) pick -= weights[k++]!;
            order.push(left.splice(k, 1)[0]!);
          }
          const share = [1, 0.4, 0.2, 0.1, 0.05];
          const letter = surface === 'Çim' ? 'C' : surface === 'Kum' ? 'K' : 'S';
          // Winner near 16.4 m/s; each later horse a few lengths (0.1-0.6 s) behind the one before.
          let seconds = distance / 16.4 + r.next() * 4;
          const dnf = field >= 12 && r.next() < 0.15 ? order[order.length - 1] : -1;
          raceResults.push({
            NO: no,
            KOD: code,
            GANYAN: atlar[order[0]!]!.GANYAN,
            sonuclar: order.map((i, place) => {
              const finished = i !== dnf;
              if (place > 0) seconds += 0.1 + r.next() * 0.5;
              const time = formatRaceTime(seconds);
              runners[i]!.form.push(`${letter}${finished ? (place + 1 >= 10 ? 0 : place + 1) : '-'}`);
              return { KOD: runners[i]!.code, NO: i + 1, SIRA: finished ? place + 1 : null, DERECE: finished ? time : null, GANYAN: atlar[i]!.GANYAN, IKRAMIYE: finished && place < 5 ? prize * share[place]! : 0 };
            }),
          });
          winners.push(order[0]! + 1);
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
        results.push({
          CARDID: cardId,
          HIPODROM: venue.hippodrome,
          YER: venue.city,
          TARIH: tarih,
          ALTILI: [{ ILK_KOSU: 4, IKRAMIYE: 1000 + r.int(0, 500) * 137, KAZANANLAR: winners.slice(3, 9).map((w) => [w]) }],
          kosular: raceResults,
        });
      }
    }
    files.push({ name: `seed/program-${date}.json`, content: programme });
    if (results.length) files.push({ name: `seed/sonuc-${date}.json`, content: results });
  }
  return files;
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
