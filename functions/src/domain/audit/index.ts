/** The audit area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { getAuditEntryIn, SYSTEM, writeAudit, writeAudited, type AuditEntry, type AuditTarget } from './audit.js';
