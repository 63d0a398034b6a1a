/** The jockeys area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getJockeyView, listJockeyRides } from './jockey-queries.js';
export { ensureJockeys, recordJockeyRides } from './record-rides.js';
export { jockeyHorseSchema, jockeyRideSchema, jockeySchema } from './jockey.js';
export { jockeyStatistics, LAST_RIDES, TOP_PARTNERSHIPS, type JockeyView } from './jockey-queries.js';
export { runFields, type RideRace } from './record-rides.js';
export { ensurePeople, recordRuns, type Ledger } from './run-ledger.js';
export { listJockeys } from './jockeys-repo.js';
export { yearVenueKey } from './run-ledger.js';
export type { Counts, Jockey } from './jockey.js';
