import { z } from 'zod';
import { jockeyHorseSchema, jockeyRideSchema, jockeySchema } from '../jockeys/index.js';

/**
 * Stored trainer records (issue 49, 53), derived from imported results by the same ledger as the
 * jockeys' (jockeys/run-ledger.ts), so a trainer's figures count exactly the runners a recount of
 * the results finds under the trainer the programme named:
 *  - `trainers/{id}`: name and the aggregates (totals, by venue, surface, distance band, year, a
 *    year at a venue), the same shape as a jockey's record;
 *  - `trainerRuns/{raceId}__{horseId}`: one runner of a result with its trainer and its jockey;
 *  - `trainerHorses/{trainerId}__{horseId}`: the trainer's record with one horse.
 */

export const TRAINER_MESSAGES = {
  invalidId: 'Geçersiz antrenör kimliği.',
  notFound: 'Antrenör bulunamadı.',
} as const;

/** A trainer's record holds the same aggregates as a jockey's. */
export const trainerSchema = jockeySchema;
export type Trainer = z.infer<typeof trainerSchema>;

export const trainerRunSchema = jockeyRideSchema.omit({ jockeyId: true, jockeyName: true }).extend({
  trainerId: z.string(),
  /** The name as the race's programme wrote it. */
  trainerName: z.string(),
  /** Who rode the runner. */
  jockey: z.string().nullable(),
});
export type TrainerRun = z.infer<typeof trainerRunSchema>;

export const trainerHorseSchema = jockeyHorseSchema.omit({ jockeyId: true }).extend({ trainerId: z.string() });
export type TrainerHorse = z.infer<typeof trainerHorseSchema>;

export const parseTrainer = (raw: unknown) => trainerSchema.parse(raw);
export const parseTrainerRun = (raw: unknown) => trainerRunSchema.parse(raw);
export const parseTrainerHorse = (raw: unknown) => trainerHorseSchema.parse(raw);
