import { z } from 'zod';

/**
 * The upstream shapes, as the racing data source sends them (spec 000 §3.5), plus the results
 * file shape this project defines. Field names stay in the source's Turkish capitals so a
 * validation error names the same path a person sees in the file (`kosular[2].atlar[5].KILO`).
 */

const text = (label: string, max = 120) =>
  z.string({ error: `${label} metin olmalıdır.` }).trim().min(1, `${label} boş olamaz.`).max(max, `${label} en fazla ${max} karakter olabilir.`);

/** Numbers arrive either as JSON numbers or as Turkish decimal text ('57,5'). */
const decimal = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/, `${label} sayı olmalıdır.`).transform((v) => Number(v.replace(',', '.')))], {
      error: `${label} sayı olmalıdır.`,
    })
    .pipe(z.number().min(min, `${label} en az ${min} olmalıdır.`).max(max, `${label} en fazla ${max} olabilir.`));

const integer = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, `${label} tam sayı olmalıdır.`).transform(Number)], { error: `${label} tam sayı olmalıdır.` })
    .pipe(z.number().int(`${label} tam sayı olmalıdır.`).min(min, `${label} en az ${min} olmalıdır.`).max(max, `${label} en fazla ${max} olabilir.`));

/** Source keys (card, race and horse codes) are digit strings; numbers are accepted and kept as text. */
const code = (label: string) =>
  z
    .union([z.number().int().nonnegative(), z.string().trim()], { error: `${label} geçerli bir kod olmalıdır.` })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,12}$/, `${label} yalnızca rakamlardan oluşan bir kod olmalıdır.`));

/** TARIH as 'DD/MM/YYYY', 'DD.MM.YYYY' or 'YYYY-MM-DD'; stored as 'YYYY-MM-DD'. */
export const sourceDate = z
  .string({ error: 'Tarih metin olmalıdır.' })
  .trim()
  .transform((value, ctx) => {
    const dmy = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(value);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
    const date = y ? new Date(`${y}-${m}-${d}T00:00:00Z`) : null;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}`) {
      ctx.addIssue({ code: 'custom', message: `Geçersiz tarih: '${value}' (GG/AA/YYYY bekleniyor).` });
      return z.NEVER;
    }
    return `${y}-${m}-${d}`;
  });

export const clockTime = (label: string) =>
  z
    .string({ error: `${label} metin olmalıdır.` })
    .trim()
    .regex(/^([01]\d|2[0-3])[:.][0-5]\d$/, `${label} SS:DD biçiminde olmalıdır.`)
    .transform((v) => v.replace('.', ':'));

export const SURFACES = ['Çim', 'Kum', 'Sentetik'] as const;
export type Surface = (typeof SURFACES)[number];

/** PIST as the source spells it ('ÇİM', 'çim', 'Kum', 'Sentetik', 'sentetik'). */
const surface = z
  .string({ error: 'Pist metin olmalıdır.' })
  .trim()
  .transform((value, ctx) => {
    const folded = value.toLocaleLowerCase('tr-TR');
    const found = SURFACES.find((s) => s.toLocaleLowerCase('tr-TR') === folded);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `Bilinmeyen pist: '${value}' (Çim, Kum veya Sentetik olmalı).` });
      return z.NEVER;
    }
    return found;
  });

/** YAS is either an age ('4') or TJK's '4y d e' (age, colour, sex). */
const age = z
  .union([z.number(), z.string().trim()], { error: 'Yaş sayı veya metin olmalıdır.' })
  .transform((value, ctx) => {
    const match = /^(\d{1,2})\s*(?:y\.?)?\s*([a-zçğıöşü]{1,3})?\s*([a-zçğıöşü])?$/i.exec(String(value));
    const years = match ? Number(match[1]) : NaN;
    if (!match || years < 1 || years > 30) {
      ctx.addIssue({ code: 'custom', message: `Geçersiz yaş: '${value}'.` });
      return z.NEVER;
    }
    const sexLetter = match[3]?.toLocaleLowerCase('tr-TR');
    // TJK: e erkek, i iğdiş (both male), d/k dişi/kısrak.
    const sex = sexLetter === 'e' || sexLetter === 'i' ? ('m' as const) : sexLetter === 'd' || sexLetter === 'k' ? ('f' as const) : null;
    return { years, color: match[2]?.toLocaleLowerCase('tr-TR') ?? null, sex };
  });

/** SON6: up to six recent finishes, each digit optionally led by a surface letter (C, K, S). 0 means 10th or worse. */
const lastSix = z
  .string({ error: 'Son 6 metin olmalıdır.' })
  .trim()
  .regex(/^([CKSÇ]?[0-9-])*$/i, 'Son 6 yalnızca derece rakamları ve pist harfleri (C, K, S) içerebilir.')
  .refine((v) => (v.match(/[0-9-]/g) ?? []).length <= 6, 'Son 6 en fazla altı derece içerebilir.');

const ancestor = z.strictObject({ AD: text('Ad').optional(), DOGUM: integer('Doğum yılı', 1950, 2100).optional() });

export const sourceEntrySchema = z.object({
  NO: integer('At numarası', 1, 30),
  KOD: code('At kodu'),
  AD: text('At adı', 60),
  YAS: age,
  BABA: text('Baba', 60).nullish(),
  ANNE: text('Anne', 60).nullish(),
  ANNEBABA: text('Anne babası', 60).nullish(),
  JOKEY: text('Jokey', 80).nullish(),
  SAHIP: text('Sahip', 120).nullish(),
  ANTRENOR: text('Antrenör', 80).nullish(),
  START: integer('Start', 1, 30).nullish(),
  KILO: decimal('Kilo', 40, 75),
  SON6: lastSix.nullish(),
  GANYAN: decimal('Ganyan', 1, 9999).nullish(),
  AGF: decimal('AGF', 0, 100).nullish(),
  /** Handikap puanı, for horses rated by TJK's handicapper. */
  HP: integer('Handikap puanı', 0, 200).nullish(),
  /** Equipment as TJK writes it after the name, space separated ('KG DB', 'SKG KUL'). */
  TAKI: z
    .string({ error: 'Takı metin olmalıdır.' })
    .trim()
    .max(40, 'Takı en fazla 40 karakter olabilir.')
    .regex(/^[A-ZÇĞİÖŞÜ ]*$/, "Takı yalnızca büyük harfli kısaltmalardan oluşabilir (ör. 'KG DB').")
    .nullish(),
  /** KGS: days since the horse last ran. */
  KGS: integer('Koşmadığı gün sayısı', 0, 9999).nullish(),
  /** Declared out after the programme was published (koşmaz). */
  KOSMAZ: z.boolean({ error: 'Koşmaz evet/hayır (true/false) olmalıdır.' }).nullish(),
  /** The jockey first declared, when TJK announced a jockey change (JOKEY is then the new one). */
  ESKI_JOKEY: text('Eski jokey', 80).nullish(),
  /** Optional deeper pedigree some feeds carry; birth years feed the pedigree tree. */
  SOY: z
    .strictObject({
      DOGUM: integer('Doğum yılı', 1950, 2100).optional(),
      BABA: ancestor.optional(),
      ANNE: ancestor.optional(),
      BABABABA: ancestor.optional(),
      BABAANNE: ancestor.optional(),
      ANNEBABA: ancestor.optional(),
      ANNEANNE: ancestor.optional(),
    })
    .optional(),
});
export type SourceEntry = z.output<typeof sourceEntrySchema>;

export const sourceRaceSchema = z
  .object({
    NO: integer('Koşu numarası', 1, 20),
    KOD: code('Koşu kodu'),
    SAAT: clockTime('Saat'),
    MESAFE: integer('Mesafe', 100, 6000),
    PIST: surface,
    CINS: text('Koşu cinsi', 80).nullish(),
    IKRAMIYE: decimal('İkramiye', 0, 100_000_000).nullish(),
    atlar: z.array(sourceEntrySchema, { error: 'atlar bir liste olmalıdır.' }).min(1, 'Koşuda en az bir at olmalıdır.').max(30),
  })
  .superRefine((race, ctx) => {
    const seen = new Map<number, number>();
    race.atlar.forEach((entry, i) => {
      if (seen.has(entry.NO)) ctx.addIssue({ code: 'custom', path: ['atlar', i, 'NO'], message: `At numarası ${entry.NO} bu koşuda iki kez geçiyor.` });
      seen.set(entry.NO, i);
    });
  });
export type SourceRace = z.output<typeof sourceRaceSchema>;

export const sourceCardSchema = z
  .object({
    CARDID: code('Kart kodu').nullable(),
    HIPODROM: text('Hipodrom', 80),
    YER: text('Yer', 60),
    TARIH: sourceDate,
    ACILIS: clockTime('Açılış saati'),
    KAPANIS: clockTime('Kapanış saati').nullish(),
    hava: z
      .object({
        SICAKLIK: decimal('Sıcaklık', -40, 60).nullish(),
        NEM: decimal('Nem', 0, 100).nullish(),
        DURUM: text('Hava durumu', 60).nullish(),
      })
      .nullish(),
    pist: z
      .object({
        cim: z.object({ DURUM: text('Çim pist durumu', 40).nullish() }).nullish(),
        kum: z.object({ DURUM: text('Kum pist durumu', 40).nullish() }).nullish(),
      })
      .nullish(),
    kosular: z.array(sourceRaceSchema, { error: 'kosular bir liste olmalıdır.' }).min(1, 'Kartta en az bir koşu olmalıdır.').max(20),
  })
  .superRefine((card, ctx) => {
    const numbers = new Set<number>();
    card.kosular.forEach((race, i) => {
      if (numbers.has(race.NO)) ctx.addIssue({ code: 'custom', path: ['kosular', i, 'NO'], message: `Koşu numarası ${race.NO} bu kartta iki kez geçiyor.` });
      numbers.add(race.NO);
    });
  });
export type SourceCard = z.output<typeof sourceCardSchema>;

/** Time as 'm.ss.cc' (TJK's derece) or 'ss.cc'. */
const raceTime = z
  .string({ error: 'Derece metin olmalıdır.' })
  .trim()
  .regex(/^(\d{1,2}[.:])?\d{2}[.,]\d{2}$/, "Derece 'd.ss.ss' biçiminde olmalıdır (ör. 1.24.56).");

export const sourceFinisherSchema = z.object({
  KOD: code('At kodu'),
  NO: integer('At numarası', 1, 30),
  AD: text('At adı', 60).nullish(),
  /** Finishing place; null when the horse did not finish (düştü, koşmadı). */
  SIRA: integer('Derece sırası', 1, 30).nullable(),
  DERECE: raceTime.nullish(),
  GANYAN: decimal('Ganyan', 1, 9999).nullish(),
  IKRAMIYE: decimal('İkramiye', 0, 100_000_000).nullish(),
  /** Distance to the horse ahead as the official result writes it ('Burun', '1 1/2 Boy'). */
  FARK: text('Fark', 30).nullish(),
});

/** A pool paid on one race besides the ganyan: ikili, sıralı ikili, plase, üçlü… */
export const sourcePayoutSchema = z.object({
  TUR: text('Bahis türü', 40),
  /** The winning combination as the source writes it ('2-5', '2/5/1'). */
  KAZANAN: text('Kazanan kombinasyon', 40),
  /** Payout per 1 TL unit. */
  IKRAMIYE: decimal('Bahis ikramiyesi', 0, 1_000_000_000),
  /** The legs of a multi-race pool (çifte, 3'lü-5'li ganyan) as 'first-last' ('3-6'); absent for one-race pools. */
  KOSULAR: z
    .string({ error: 'Koşular metin olmalıdır.' })
    .trim()
    .regex(/^\d{1,2}-\d{1,2}$/, "Koşular 'ilk-son' biçiminde olmalıdır (ör. 3-6).")
    .nullish(),
});

export const sourceResultRaceSchema = z
  .object({
    NO: integer('Koşu numarası', 1, 20),
    KOD: code('Koşu kodu'),
    /** Ganyan dividend paid per 1 TL on the winner. */
    GANYAN: decimal('Ganyan ikramiyesi', 1, 99_999).nullish(),
    BAHISLER: z.array(sourcePayoutSchema).max(20).nullish(),
    sonuclar: z.array(sourceFinisherSchema, { error: 'sonuclar bir liste olmalıdır.' }).min(1, 'Sonuç listesinde en az bir at olmalıdır.').max(30),
  })
  .superRefine((race, ctx) => {
    const places = new Set<number>();
    race.sonuclar.forEach((f, i) => {
      if (f.SIRA !== null) {
        if (places.has(f.SIRA)) ctx.addIssue({ code: 'custom', path: ['sonuclar', i, 'SIRA'], message: `${f.SIRA}. sıra iki kez verilmiş.` });
        places.add(f.SIRA);
      }
    });
  });

export const sourceSixPoolSchema = z.object({
  /** Number of the first of the six legs. */
  ILK_KOSU: integer('Altılı ilk koşu', 1, 20),
  /** Payout per 1 TL unit for six correct legs. */
  IKRAMIYE: decimal('Altılı ikramiyesi', 0, 1_000_000_000),
  /** Winning horse number in each leg; several when a leg dead-heated. */
  KAZANANLAR: z.array(z.array(integer('Kazanan at', 1, 30)).min(1)).length(6, 'Altılıda altı ayak olmalıdır.'),
});

export const sourceResultCardSchema = z.object({
  CARDID: code('Kart kodu').nullable(),
  HIPODROM: text('Hipodrom', 80),
  YER: text('Yer', 60),
  TARIH: sourceDate,
  ACILIS: clockTime('Açılış saati').nullish(),
  ALTILI: z.array(sourceSixPoolSchema).max(4).nullish(),
  kosular: z.array(sourceResultRaceSchema, { error: 'kosular bir liste olmalıdır.' }).min(1, 'Kartta en az bir koşu olmalıdır.'),
});
export type SourceResultCard = z.output<typeof sourceResultCardSchema>;

/** A file holds one card or a list of cards; results cards carry `sonuclar` instead of `atlar`. */
export type FileKind = 'programme' | 'results';

export function detectFileKind(raw: unknown): FileKind {
  const cards = Array.isArray(raw) ? raw : [raw];
  const isResult = cards.some(
    (card) =>
      typeof card === 'object' &&
      card !== null &&
      Array.isArray((card as { kosular?: unknown }).kosular) &&
      ((card as { kosular: unknown[] }).kosular).some((r) => typeof r === 'object' && r !== null && 'sonuclar' in r),
  );
  return isResult ? 'results' : 'programme';
}

/** 'kosular[2].atlar[5].KILO', with the card index first when the file holds a list. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(dosya)';
}
