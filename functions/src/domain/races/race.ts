import { z } from 'zod';
import { SURFACES } from './source-schemas.js';

/**
 * Stored race records (collections `venues`, `raceDays`, `races`, `results`, `horses`).
 * Entries are embedded in their race: a race is always read whole (programme table, estimate
 * tool), a card has at most 20 races of at most 30 horses, well under Firestore's 1 MiB.
 * Ids come from the source keys, so re-importing a file lands on the same documents.
 */

export const RACE_ID = /^r\d{1,12}$/;
export const HORSE_ID = /^h\d{1,12}$/;
export const TJK_ID = /^\d{1,12}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const raceIdFromCode = (code: string) => `r${code}`;
export const horseIdFromCode = (code: string) => `h${code}`;

export const venueSchema = z.object({
  id: z.string(),
  /** Hippodrome name as the source writes it ('İstanbul Veliefendi Hipodromu'). */
  name: z.string(),
  city: z.string(),
  updatedAt: z.date(),
});
export type Venue = z.infer<typeof venueSchema>;

/**
 * One altılı pool: its first leg, the payout per 1 TL and each leg's winners (a dead heat gives a
 * leg two). Legs are maps holding arrays because Firestore stores no array inside an array.
 */
const sixPoolSchema = z.preprocess(
  legacySixPool,
  z.object({ firstRace: z.number().int(), payout: z.number(), legs: z.array(z.object({ winners: z.array(z.number().int()) })) }),
);

/**
 * Race days written before 12.2026 by the embedded store hold `winners: number[][]`, a shape
 * Firestore refuses; they read as legs until migrateSixPools rewrites them.
 */
function legacySixPool(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !('winners' in raw) || 'legs' in raw) return raw;
  const { winners, ...rest } = raw as { winners: unknown };
  return { ...rest, legs: Array.isArray(winners) ? winners.map((leg) => ({ winners: leg })) : winners };
}

export const isLegacySixPool = (raw: unknown) => legacySixPool(raw) !== raw;

export const raceDaySchema = z.object({
  id: z.string(),
  /** Source card id; null when the source did not give one (the id is then built from track, place, date, opening). */
  cardId: z.string().nullable(),
  venueId: z.string(),
  hippodrome: z.string(),
  location: z.string(),
  date: z.string().regex(ISO_DATE),
  opening: z.string(),
  closing: z.string().nullable(),
  weather: z.object({ temperature: z.number().nullable(), humidity: z.number().nullable(), condition: z.string().nullable() }),
  track: z.object({ grass: z.string().nullable(), dirt: z.string().nullable() }),
  raceCount: z.number().int(),
  raceIds: z.array(z.string()),
  /** Altılı ganyan pools of the card, from the results file. */
  sixPools: z.array(sixPoolSchema).default([]),
  updatedAt: z.date(),
});
export type RaceDay = z.infer<typeof raceDaySchema>;

export const lastSixItemSchema = z.object({ surface: z.enum(SURFACES).nullable(), position: z.number().int().nullable() });

export const entrySchema = z.object({
  number: z.number().int(),
  horseId: z.string(),
  tjkId: z.string(),
  name: z.string(),
  age: z.number().int(),
  sex: z.enum(['m', 'f']).nullable(),
  color: z.string().nullable(),
  father: z.string().nullable(),
  mother: z.string().nullable(),
  mothersFather: z.string().nullable(),
  jockey: z.string().nullable(),
  owner: z.string().nullable(),
  trainer: z.string().nullable(),
  start: z.number().int().nullable(),
  weight: z.number(),
  lastSix: z.string().nullable(),
  lastSixItems: z.array(lastSixItemSchema),
  /** Ganyan odds (x/1) when the source gives them. */
  odds: z.number().nullable(),
  agf: z.number().nullable(),
  // The fields below came later to the source (spec 000 §3.5 extension): races stored before read as "not given".
  /** Handikap puanı. */
  hp: z.number().int().nullable().default(null),
  /** Equipment codes in the source's order ('KG', 'DB'); races.css legend explains them. */
  equipment: z.array(z.string()).default([]),
  /** Days since the horse last ran (TJK's KGS). */
  daysSinceLastRun: z.number().int().nullable().default(null),
  nonRunner: z.boolean().default(false),
  /** The jockey declared first, when the jockey was changed; `jockey` is the one who rides. */
  previousJockey: z.string().nullable().default(null),
});
export type Entry = z.infer<typeof entrySchema>;

export const raceSchema = z.object({
  id: z.string(),
  code: z.string(),
  raceDayId: z.string(),
  venueId: z.string(),
  hippodrome: z.string(),
  location: z.string(),
  date: z.string(),
  number: z.number().int(),
  time: z.string(),
  startsAt: z.date(),
  distance: z.number().int(),
  surface: z.enum(SURFACES),
  trackCondition: z.string().nullable(),
  category: z.string().nullable(),
  prize: z.number().nullable(),
  entries: z.array(entrySchema),
  hasResult: z.boolean(),
  updatedAt: z.date(),
});
export type Race = z.infer<typeof raceSchema>;

export const finisherSchema = z.object({
  position: z.number().int().nullable(),
  number: z.number().int(),
  horseId: z.string(),
  name: z.string(),
  jockey: z.string().nullable(),
  time: z.string().nullable(),
  odds: z.number().nullable(),
  earnings: z.number(),
  /** Distance to the horse ahead ('Burun', '1 Boy'); absent in results imported before it was read. */
  margin: z.string().nullable().default(null),
});
export type Finisher = z.infer<typeof finisherSchema>;

export const resultSchema = z.object({
  id: z.string(),
  raceId: z.string(),
  ...raceSchema.pick({ raceDayId: true, date: true, venueId: true, number: true }).shape,
  ganyanDividend: z.number().nullable(),
  /** Other pools of the race (ikili, sıralı…), per 1 TL, in the source's order. */
  payouts: z.array(z.object({ kind: z.string(), combination: z.string(), payout: z.number(), legs: z.string().nullable().default(null) })).default([]),
  finishers: z.array(finisherSchema),
  updatedAt: z.date(),
});
export type RaceResult = z.infer<typeof resultSchema>;

/** One past run of a horse: its race's and its finisher's fields under the horse page's names. */
export const historyItemSchema = z.object({
  raceId: raceSchema.shape.id,
  ...raceSchema.pick({ date: true, distance: true, surface: true }).shape,
  racecourse: raceSchema.shape.hippodrome,
  city: raceSchema.shape.location,
  raceNumber: raceSchema.shape.number,
  trackCond: raceSchema.shape.trackCondition,
  finishPos: finisherSchema.shape.position,
  ...finisherSchema.pick({ jockey: true, odds: true, earnings: true, time: true }).shape,
  weight: z.number().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

const ancestorSchema = z.object({ name: z.string().nullable(), birthYear: z.number().int().nullable() });

export const horseSchema = z.object({
  id: z.string(),
  tjkId: z.string(),
  name: z.string(),
  nameKey: z.string(),
  /** Folded word prefixes of the name, for Turkish-aware search with array-contains. */
  searchPrefixes: z.array(z.string()),
  age: z.number().int(),
  birthYear: z.number().int().nullable(),
  // The identity fields come from the horse's newest programme entry (import-races.ts), so they take its types.
  ...entrySchema.pick({ sex: true, color: true, father: true, mother: true, mothersFather: true }).shape,
  /** Folded dam name: siblings share it. */
  damKey: z.string().nullable(),
  ...entrySchema.pick({ jockey: true, owner: true, trainer: true, lastSix: true }).shape,
  /** Date of the programme the identity fields came from: an older programme never overwrites a newer one. */
  programmeDate: z.string().nullable(),
  pedigree: z.object({
    sire: ancestorSchema,
    dam: ancestorSchema,
    paternalGrandsire: ancestorSchema,
    paternalGranddam: ancestorSchema,
    maternalGrandsire: ancestorSchema,
    maternalGranddam: ancestorSchema,
  }),
  raceHistory: z.array(historyItemSchema),
  updatedAt: z.date(),
});
export type Horse = z.infer<typeof horseSchema>;

export const parseVenue = (raw: unknown) => venueSchema.parse(raw);
export const parseRaceDay = (raw: unknown) => raceDaySchema.parse(raw);
export const parseRace = (raw: unknown) => raceSchema.parse(raw);
export const parseResult = (raw: unknown) => resultSchema.parse(raw);
export const parseHorse = (raw: unknown) => horseSchema.parse(raw);

// Istanbul days and clock times: the shared date module (browser-safe), re-exported for the areas
// that import them from here.
export { istanbulDate, istanbulInstant } from '../../shared/text/dates.js';
