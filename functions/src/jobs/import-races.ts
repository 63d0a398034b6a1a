import type { AppDeps } from '../platform/deps.js';
import { settleEstimatesForRaces } from '../domain/estimates/index.js';
import { notifyFollowers } from '../domain/follows/index.js';
import { ensureJockeys, recordJockeyRides } from '../domain/jockeys/index.js';
import { ensureTrainers, recordTrainerRuns } from '../domain/trainers/index.js';
import { importOrder, summariseImport, writeRaceFile, type FileReport, type ImportInput, type ImportSummary } from '../domain/races/index.js';

/**
 * The one race importer: the CLI, the scheduled job and the local seed all call it. Races write
 * the file (all of it or nothing); then the areas that follow races catch up: jockeys, the
 * estimates the results settle, and the members who follow a horse.
 */

/** config/log/requestRebuild are for settling the estimates that new results complete; mailer for the horse tracker's notices. */
type Deps = Pick<AppDeps, 'store' | 'now' | 'config' | 'log' | 'requestRebuild' | 'mailer' | 'sms'>;

/** Imports one file: all of it, or (on any error) nothing. */
export async function importRaceFile(deps: Deps, input: ImportInput): Promise<FileReport> {
  const { report, races, results } = await writeRaceFile(deps, input);
  if (!report.accepted) return report;
  // Every race of the file, not only the rewritten ones: ride records are compared one by one,
  // so a repeat changes nothing and a run that failed here is completed by the next import.
  try {
    if (report.kind === 'programme') {
      await ensureJockeys(deps, [...races.values()].flatMap((r) => r.entries.map((e) => e.jockey)));
      await ensureTrainers(deps, [...races.values()].flatMap((r) => r.entries.map((e) => e.trainer)));
    } else {
      const finished = [...results.values()].map((result) => ({ result, race: races.get(result.raceId)! }));
      await recordJockeyRides(deps, finished);
      await recordTrainerRuns(deps, finished);
    }
  } catch (error) {
    deps.log.error('jockey and trainer records failed', { file: input.name, error: String(error) });
  }
  // Every race of an accepted results file, not only the rewritten ones: settling is idempotent
  // (results hash), and a settlement that failed last time is retried by the next import.
  if (results.size > 0) await settleEstimatesForRaces(deps, [...results.keys()]);
  // Every race of the file again: notices are once per member, horse and race (notify-followers.ts).
  try {
    await notifyFollowers(deps, { declaredRaceIds: report.kind === 'programme' ? [...races.keys()] : [], resultRaceIds: [...results.keys()] });
  } catch (error) {
    // The import stands; the next run sends what this one could not.
    deps.log.error('horse follow notices failed', { file: input.name, error: String(error) });
  }
  return report;
}

/** Imports files in order, programmes before results so a folder holding both works in one run. */
export async function importRaceFiles(deps: Deps, inputs: ImportInput[]): Promise<ImportSummary> {
  const files: FileReport[] = [];
  for (const input of importOrder(inputs)) files.push(await importRaceFile(deps, input));
  return summariseImport(files);
}
