/** The estimates area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { attachedEstimateChecks } from './article-result.js';
export { estimatesOfAuthor, listAllEstimates, listEstimateArticles } from './estimate-queries.js';
export { attachEstimateAudioSchema, attachEstimateVideoSchema, createEstimateSchema, ESTIMATE_MESSAGES, parseRaceEstimate, updateEstimateSchema, type RaceEstimate, type Settlement } from './estimate.js';
export { IMPORT_STATUS_ID, parseImportStatus, readImportStatus, saveImportStatus, type ImportStatus } from './import-status.js';
export { attachEstimateAudio, attachEstimateVideo, createEstimate, deleteAllEstimates, deleteEstimate, estimateView, removeEstimateAudio, removeEstimateVideo, updateEstimate } from './manage-estimates.js';
export { AMENDMENT_MESSAGES, manualResultSchema, nonRunnersSchema, setManualResult, setNonRunners } from './race-amendments.js';
export { DESK_MESSAGES, deskQuerySchema, publishTip, publishTipSchema, raceDesk } from './race-desk.js';
export { listArticleRaceEstimates } from './race-estimates.js';
export { selectionsText } from './selections-text.js';
export { settleEstimatesForRaces } from './settlement.js';
export { daySummary, type DayMeeting, type DaySummary } from './day-summary.js';
export { tipsForDate } from './tips-queries.js';
