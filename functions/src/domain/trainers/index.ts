/** The trainers area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { ensureTrainers, recordTrainerRuns } from './record-runs.js';
export { trainerHref, trainerIdFromName, TRAINER_ID } from './trainer-id.js';
export { getTrainerView, listTrainerIds, listTrainerRuns, type TrainerView } from './trainer-queries.js';
export { parseTrainer, type Trainer } from './trainer.js';
export { getStandings, MIN_RIDES_FOR_RATE, STANDINGS_MESSAGES, type Standings } from './standings.js';
