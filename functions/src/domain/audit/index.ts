/** The audit area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { SYSTEM, writeAudit, writeAudited, type AuditTarget } from './audit.js';
