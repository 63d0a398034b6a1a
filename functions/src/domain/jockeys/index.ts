/** The jockeys area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getJockeyView, listJockeyRides } from './jockey-queries.js';
export { ensureJockeys, recordJockeyRides } from './record-rides.js';
