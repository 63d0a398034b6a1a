import { istanbulDate } from '../../functions/src/platform/time.js';

/**
 * A small, hand-checkable race history for the jockey pages (API and browser tests).
 * Each race: [source code, time, distance, surface, runners]; a runner is
 * [horse code, name, jockey, place or null]. Horse numbers follow the list order.
 */

type Runner = [code: string, name: string, jockey: string, place: number | null];
type RaceRow = [code: string, time: string, distance: number, surface: 'Çim' | 'Kum', runners: Runner[]];
interface CardRow {
  cardId: string;
  hippodrome: string;
  city: string;
  date: string;
  races: RaceRow[];
}

export const JOCKEY_CARDS: CardRow[] = [
  {
    cardId: '9101',
    hippodrome: 'İstanbul Veliefendi Hipodromu',
    city: 'İstanbul',
    date: '20/12/2025',
    races: [
      ['91101', '13:30', 1200, 'Kum', [['60001', 'ALTINBAŞ', 'Halis Karataş', 1], ['60002', 'BORAN', 'Özcan Yıldırım', 3], ['60003', 'CEVHER', 'Ahmet Çelik', 2]]],
      ['91102', '14:00', 1900, 'Çim', [['60004', 'DORUKHAN', 'Halis Karataş', 2], ['60005', 'ERGUVAN', 'Özcan Yıldırım', 4], ['60006', 'FIRTINA', 'Ahmet Çelik', 1], ['60007', 'GÜLBAHAR', 'Gökhan Kocakaya', 3]]],
    ],
  },
  {
    cardId: '9201',
    hippodrome: 'Ankara 75. Yıl Hipodromu',
    city: 'Ankara',
    date: '10/11/2026',
    races: [
      ['92101', '14:00', 1400, 'Kum', [['60001', 'ALTINBAŞ', 'Halis Karataş', 1], ['60002', 'BORAN', 'Ahmet Çelik', 3], ['60008', 'HAYAL', 'Özcan Yıldırım', 2]]],
      ['92102', '14:30', 2100, 'Çim', [['60004', 'DORUKHAN', 'Halis Karataş', 5], ['60006', 'FIRTINA', 'Özcan Yıldırım', 2], ['60009', 'IŞIK', 'Ahmet Çelik', 1], ['60010', 'JALE', 'Gökhan Kocakaya', null], ['60011', 'KARTAL', 'Serkan Demir', 3]]],
      ['92103', '15:00', 1200, 'Kum', [['60012', 'LALE', 'Halis Karataş', 1], ['60013', 'MAVİ', 'Gökhan Kocakaya', 2]]],
    ],
  },
];

/**
 * Trainers by horse (the programme's ANTRENOR): Sedat Karabulut trains ALTINBAŞ, DORUKHAN, FIRTINA
 * and LALE, Nihat Aksoy the rest (tests/api/trainers.test.ts counts them by hand).
 */
export const SEDAT_HORSES = new Set(['60001', '60004', '60006', '60012']);
export const trainerOf = (code: string) => (SEDAT_HORSES.has(code) ? 'Sedat Karabulut' : 'Nihat Aksoy');

const cardHead = (c: CardRow) => ({ CARDID: c.cardId, HIPODROM: c.hippodrome, YER: c.city, TARIH: c.date });

export function jockeyProgramme(cards = JOCKEY_CARDS) {
  return cards.map((c) => ({
    ...cardHead(c),
    ACILIS: c.races[0]![1],
    kosular: c.races.map(([code, time, distance, surface, runners], r) => ({
      NO: r + 1,
      KOD: code,
      SAAT: time,
      MESAFE: distance,
      PIST: surface,
      atlar: runners.map(([kod, name, jockey], i) => ({ NO: i + 1, KOD: kod, AD: name, YAS: '4y d e', JOKEY: jockey, ANTRENOR: trainerOf(kod), KILO: 57 })),
    })),
  }));
}

/**
 * Tomorrow's card with the programme's first race only, under codes no other card uses (card
 * `<prefix>01`, race `<prefix>011`, horses from `<prefix>100`), its first runner changed by `first`:
 * a jockey or trainer the site meets only after its build.
 */
export function lateProgramme(prefix: string, first: { JOKEY: string } | { ANTRENOR: string }) {
  const tomorrow = istanbulDate(new Date(Date.now() + 86_400_000));
  const [card] = jockeyProgramme();
  return {
    ...card!,
    CARDID: `${prefix}01`,
    TARIH: `${tomorrow.slice(8, 10)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)}`,
    kosular: card!.kosular.slice(0, 1).map((r) => ({ ...r, KOD: `${prefix}011`, atlar: r.atlar.map((a, i) => ({ ...a, KOD: String(Number(`${prefix}100`) + i), ...(i === 0 ? first : {}) })) })),
  };
}

export function jockeyResults(cards = JOCKEY_CARDS) {
  return cards.map((c) => ({
    ...cardHead(c),
    kosular: c.races.map(([code, , , , runners], r) => ({
      NO: r + 1,
      KOD: code,
      sonuclar: runners.map(([kod, , , place], i) => ({ KOD: kod, NO: i + 1, SIRA: place, DERECE: place === null ? null : `1.2${place}.00` })),
    })),
  }));
}

/** The fixture with one place changed: DORUKHAN (Halis Karataş) 4th instead of 5th in Ankara's 2nd race, KARTAL 5th instead of 3rd. */
export function correctedCards(): CardRow[] {
  return JOCKEY_CARDS.map((c) => ({
    ...c,
    races: c.races.map(([code, time, distance, surface, runners]): RaceRow => [
      code,
      time,
      distance,
      surface,
      code === '92102' ? runners.map(([k, n, j, p]): Runner => [k, n, j, k === '60004' ? 4 : k === '60011' ? 5 : p]) : runners,
    ]),
  }));
}
