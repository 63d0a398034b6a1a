import type { EntryView } from './types';

/** TJK's equipment abbreviations as its programme's legend explains them. */
export const EQUIPMENT: Record<string, string> = {
  KG: 'Kapalı gözlük',
  KUL: 'Kulaklık',
  DB: 'Dil bağı',
  BB: 'Burun bandı',
  ÇABA: 'Çene altı baskı aparatı',
  SKG: 'Ring mahallinden starta kadar kapalı gözlük',
  SKUL: 'Ring mahallinden starta kadar kulaklık',
  SGKR: 'Ring mahallinden starta kadar göz koruyucu',
  GKR: 'Göz koruyucu',
  YP: 'Yanak peluşu',
  TGK: 'Tek gözü kapalı',
  ÖG: 'Start makinesine önden giriş',
  DS: 'Dış start (Komiserler Kurulu kararı)',
};

/** Ganyan odds and AGF as Turkish decimals: '5,40', '%22,50'. */
const twoDecimals = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatOdds = (odds: number) => twoDecimals.format(odds);
export const formatAgf = (agf: number) => `%${twoDecimals.format(agf)}`;
/** Weights as TJK prints them: '57', '53,5'. */
export const formatWeight = (kilo: number) => kilo.toLocaleString('tr-TR', { maximumFractionDigits: 1 });

/** TJK's surface letters in SON 6: C çim, K kum, S sentetik. */
export const SURFACE_LETTER = { Çim: 'C', Kum: 'K', Sentetik: 'S' } as const;

export const sexLabel = (sex: EntryView['sex']) => (sex === 'm' ? 'erkek' : sex === 'f' ? 'dişi' : null);

/**
 * The AGF rank of each runner of a race (1 = the most backed), by horse number; only runners with an
 * AGF (TJK publishes it for altılı legs), non-runners left out. Equal AGFs share a rank.
 */
export function agfRanks(entries: readonly Pick<EntryView, 'number' | 'agf' | 'nonRunner'>[]): Map<number, number> {
  const rated = entries.filter((e) => e.agf !== null && !e.nonRunner).map((e) => ({ number: e.number, agf: e.agf! }));
  return new Map(rated.map((e) => [e.number, 1 + rated.filter((other) => other.agf > e.agf).length]));
}

/** The programme opened at a venue's race (RaceProgramme reads ?tarih=&hipodrom=&kosu=); no date means today. */
export const raceLink = (venueId: string, raceNumber: number, date?: string) =>
  `/yaris-programi?${date ? `tarih=${date}&` : ''}hipodrom=${encodeURIComponent(venueId)}&kosu=${raceNumber}`;
