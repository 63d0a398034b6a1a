/** The jockeys area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getJockeyView, listJockeyRides } from './jockey-queries.js';
export { ensureJockeys, recordJockeyRides } from './record-rides.js';
export { jockeyHorseSchema, jockeyRideSchema, jockeySchema } from './jockey.js';
export { jockeyStatistics, personHead, type JockeyView } from './jockey-queries.js';
export { LAST_RIDES, listPersonIds, personProfile, personRuns, TOP_PARTNERSHIPS, withRates } from './person-queries.js';
export { runFields, type RideRace } from './record-rides.js';
export { ensurePeople, recordRuns, yearVenueKey, type Ledger } from './run-ledger.js';
export { listJockeys } from './jockeys-repo.js';
export type { Counts, Jockey } from './jockey.js';
