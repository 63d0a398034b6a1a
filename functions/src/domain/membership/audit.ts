import type { Transaction } from '../../ports/document-store.js';

/** One entry of `auditLog`: who did what to which record, with the state before and after. */
export interface AuditEntry {
  action: string;
  actorId: string;
  actorEmail: string;
  targetUserId: string | null;
  entity: { collection: string; id: string };
  before: unknown;
  after: unknown;
  notes?: string | null;
  at: Date;
}

/** Written inside the caller's transaction, so the entry exists exactly when the change does. */
export function writeAudit(tx: Transaction, id: string, entry: AuditEntry): void {
  tx.create('auditLog', id, { ...entry, notes: entry.notes ?? null });
}
