import type { AppDeps } from '../../platform/deps.js';
import { ensurePeople, recordRuns, runFields, type Ledger, type RideRace } from '../jockeys/index.js';
import type { Race, RaceResult } from '../races/index.js';
import { TRAINER_ID, trainerIdFromName } from './trainer-id.js';
import { parseTrainerHorse, parseTrainerRun, TRAINER_MESSAGES, type TrainerHorse, type TrainerRun } from './trainer.js';

/**
 * Keeps the trainer records in step with imported results and staff corrections, called wherever
 * the jockeys' are (import-races.ts, race-amendments.ts) and with the same ledger, so both are
 * idempotent the same way. The result names no trainer: a finisher's trainer is the one its
 * race's programme declared.
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export type TrainerRace = RideRace & Pick<Race, 'entries'>;

/** The runs of one result: every finisher whose programme entry named a trainer. */
export function trainerRunsOf(race: TrainerRace, result: Pick<RaceResult, 'finishers'>): TrainerRun[] {
  const entries = new Map(race.entries.map((e) => [e.horseId, e]));
  const runs: TrainerRun[] = [];
  for (const f of result.finishers) {
    const trainer = entries.get(f.horseId)?.trainer?.trim();
    const trainerId = trainerIdFromName(trainer);
    if (!trainerId || !trainer) continue;
    runs.push({ ...runFields(race, f, result.finishers.length), trainerId, trainerName: trainer, jockey: f.jockey });
  }
  return runs;
}

/** Trainers in the ledger: a finisher's trainer is the one its race's programme declared. */
export const TRAINERS: Ledger<TrainerRun, TrainerHorse, TrainerRace> = {
  people: 'trainers', runs: 'trainerRuns', pairs: 'trainerHorses', idField: 'trainerId',
  person: (run) => ({ id: run.trainerId, name: run.trainerName }),
  parseRun: parseTrainerRun, parsePair: parseTrainerHorse, runsOf: trainerRunsOf,
  idOf: trainerIdFromName, idPattern: TRAINER_ID, messages: TRAINER_MESSAGES,
};

/** Records the runs of these results (whole races). Returns the runs written or removed. */
export const recordTrainerRuns = (deps: Deps, results: { race: TrainerRace; result: Pick<RaceResult, 'finishers'> }[]) => recordRuns(deps, TRAINERS, results);

/** Trainers named by an imported programme get their (empty) record: the card's links never 404. */
export const ensureTrainers = (deps: Deps, names: (string | null)[]) => ensurePeople(deps, TRAINERS, names);
