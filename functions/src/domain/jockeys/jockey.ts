import { z } from 'zod';
import { finisherSchema, raceSchema } from '../races/index.js';

/**
 * Stored jockey records, all derived from imported results (record-rides.ts keeps them in step):
 *  - `jockeys/{id}`: name and the aggregates (totals, by venue, surface, distance band, year), so
 *    a jockey's statistics are one document read however many rides there are;
 *  - `jockeyRides/{raceId}__{horseId}`: one ride (a finisher of a result), for the last rides and paging;
 *  - `jockeyHorses/{jockeyId}__{horseId}`: the partnership of a jockey and a horse.
 * A ride counts as a win at place 1 and on the 'tabela' (placed) at places 1 to 4, TJK's tabela.
 */

export const JOCKEY_MESSAGES = {
  invalidId: 'Geçersiz jokey kimliği.',
  notFound: 'Jokey bulunamadı.',
} as const;

/** Places that count as 'tabela' (placed): the first four, as TJK's tabela bet and results define it. */
export const PLACED_UP_TO = 4;

export const countsSchema = z.object({ rides: z.number().int(), wins: z.number().int(), places: z.number().int() });
export type Counts = z.infer<typeof countsSchema>;

/** A group's counts with the text shown for its key (venue: the city). */
export const labelledCountsSchema = countsSchema.extend({ label: z.string() });
export type LabelledCounts = z.infer<typeof labelledCountsSchema>;

/** 'yearVenue' (`2026|istanbul`): a season at one venue, for the standings' two filters at once. */
export const STAT_GROUPS = ['venue', 'surface', 'distance', 'year', 'yearVenue'] as const;
export type StatGroup = (typeof STAT_GROUPS)[number];

const groupSchema = z.record(z.string(), labelledCountsSchema);

export const jockeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Folded name, for Turkish-aware ordering. */
  nameKey: z.string(),
  totals: countsSchema,
  // yearVenue came later: a record stored before it reads as having none.
  stats: z.object({ venue: groupSchema, surface: groupSchema, distance: groupSchema, year: groupSchema, yearVenue: groupSchema.default({}) }),
  /** Istanbul date of the newest ride, null before the first result. */
  lastRideDate: z.string().nullable(),
  updatedAt: z.date(),
});
export type Jockey = z.infer<typeof jockeySchema>;

/** A ride copies its race's and its finisher's fields (runFields in record-rides.ts), so it takes their rules from them. */
export const jockeyRideSchema = z.object({
  id: z.string(),
  jockeyId: z.string(),
  /** The name as the result's programme wrote it. */
  jockeyName: z.string(),
  raceId: raceSchema.shape.id,
  ...raceSchema.pick({ date: true, startsAt: true, venueId: true, hippodrome: true, distance: true, surface: true }).shape,
  city: raceSchema.shape.location,
  raceNumber: raceSchema.shape.number,
  ...finisherSchema.pick({ horseId: true, number: true, position: true, time: true, odds: true }).shape,
  horseName: finisherSchema.shape.name,
  /** Finishers in the result. */
  runners: z.number().int(),
});
export type JockeyRide = z.infer<typeof jockeyRideSchema>;

/** A partnership names its horse as the newest ride did. */
export const jockeyHorseSchema = z.object({
  id: z.string(),
  ...jockeyRideSchema.pick({ jockeyId: true, horseId: true, horseName: true }).shape,
  ...countsSchema.shape,
});
export type JockeyHorse = z.infer<typeof jockeyHorseSchema>;

export const parseJockey = (raw: unknown) => jockeySchema.parse(raw);
export const parseJockeyRide = (raw: unknown) => jockeyRideSchema.parse(raw);
export const parseJockeyHorse = (raw: unknown) => jockeyHorseSchema.parse(raw);

export const rideId = (raceId: string, horseId: string) => `${raceId}__${horseId}`;
export const partnershipId = (jockeyId: string, horseId: string) => `${jockeyId}__${horseId}`;
