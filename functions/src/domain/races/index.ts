/** The races area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getHorse, getHorseByTjkId, getSiblings, listHorses, loadHorse, pedigreeOf, searchHorses } from './horse-queries.js';
export { computeHorseStatistics, DISTANCE_BUCKETS, distanceBucket, winRate } from './horse-stats.js';
export { importOrder, summariseImport, writeRaceFile, type FileReport, type ImportInput, type ImportSummary } from './import-races.js';
export { invalidateRaceReads, type CachedProgramme } from './programme-cache.js';
export { assertDate, cachedProgrammeForDate, getLiveRace, getRace, getRaceResults, listLocations, listRaces, programmeStamp, upcomingRaces } from './race-queries.js';
export { finisherSchema, ISO_DATE, parseHorse, parseRace, parseRaceDay, parseResult, RACE_ID, raceSchema, type Entry, type Finisher, type Horse, type Race, type RaceDay, type RaceResult } from './race.js';
export { cachedResultsForDate } from './results-queries.js';
export { SURFACES } from './source-schemas.js';
export { nextDeclaredRace, todaysRides, type RaceRef, type TodayRide } from './next-race.js';
export { parseVenue } from './race.js';
export { raceStatus, type RaceStatus } from './race-queries.js';
export { getHorsesById, getRaceDayIn, getRaceIn, getRacesById, getRacesIn, getResultIn, getResultsById, getResultsIn, listVenues, raceDaysOn, racesOn, racesStartingFrom, setResultFinishersIn, writeResultIn } from './races-repo.js';
