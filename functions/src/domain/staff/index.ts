/** The staff area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { staffBadges } from './badges.js';
