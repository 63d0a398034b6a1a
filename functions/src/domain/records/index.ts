/** The records area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { authorRecord, RANKING_WINDOW, RECORD_WINDOWS, type AuthorRecord } from './author-record.js';
export { authorProofs, rankAuthors } from './records.js';
export { publicProofEstimates } from './vip-proof.js';
