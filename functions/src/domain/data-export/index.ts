/** The data-export area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { exportMemberData } from './export-member-data.js';
