import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';

/**
 * What the race-day desk says about the race source (issue 49): when the scheduled (or a staff
 * "Şimdi içe aktar") import last ran, when a programme and results last arrived, and what went
 * wrong. One document, written at the end of every run of jobs/race-import.ts.
 */

export const IMPORT_STATUS_ID = 'race-source';

export const importStatusSchema = z.object({
  lastRunAt: z.date(),
  /** 'schedule' for the cron job, else the staff member who pressed the button. */
  trigger: z.string(),
  lastProgrammeAt: z.date().nullable(),
  lastResultsAt: z.date().nullable(),
  fetched: z.number().int(),
  missing: z.number().int(),
  written: z.number().int(),
  /** Turkish lines: failed fetches and rejected files (first errors of each). */
  errors: z.array(z.string()),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const parseImportStatus = (raw: unknown) => importStatusSchema.parse(raw);

/** The last run's status, or null before the first run. */
export async function readImportStatus(deps: Pick<AppDeps, 'store'>): Promise<ImportStatus | null> {
  const raw = await deps.store.get('importStatus', IMPORT_STATUS_ID);
  return raw ? parseImportStatus(raw) : null;
}

export async function saveImportStatus(deps: Pick<AppDeps, 'store'>, status: ImportStatus): Promise<void> {
  await deps.store.set('importStatus', IMPORT_STATUS_ID, status);
}
