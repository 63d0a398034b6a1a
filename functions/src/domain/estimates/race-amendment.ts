import { z } from 'zod';
import type { Transaction } from '../../ports/document-store.js';

/**
 * What staff declared about a race beyond the source (`raceAmendments`, one document per race):
 * non-runners, disqualifications and who entered a result by hand. Kept apart from the imported
 * race so a later programme import cannot silently drop it; settlement reads it, race-amendments.ts
 * writes it.
 */
export const raceAmendmentSchema = z.object({
  id: z.string(),
  raceId: z.string(),
  raceDayId: z.string(),
  date: z.string(),
  nonRunners: z.array(z.number().int()).default([]),
  disqualified: z.array(z.number().int()).default([]),
  /** The staff member who entered or last corrected the result by hand; null when it is the source's. */
  resultBy: z.string().nullable().default(null),
  updatedAt: z.date(),
});
export type RaceAmendment = z.infer<typeof raceAmendmentSchema>;
export const parseRaceAmendment = (raw: unknown) => raceAmendmentSchema.parse(raw);

/** Declared non-runners of these races (reads inside the settling transaction). */
export async function nonRunnersByRace(tx: Pick<Transaction, 'getAll'>, raceIds: string[]): Promise<Map<string, number[]>> {
  const docs = raceIds.length ? await tx.getAll('raceAmendments', raceIds) : [];
  const out = new Map<string, number[]>();
  docs.forEach((doc, i) => out.set(raceIds[i]!, doc ? parseRaceAmendment(doc).nonRunners : []));
  return out;
}
