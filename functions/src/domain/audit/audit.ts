import type { Transaction } from '../../ports/document-store.js';
import type { UserRecord } from '../identity/user.js';

/** One entry of `auditLog`: who did what to which record, with the state before and after. */
export interface AuditEntry {
  action: string;
  actorId: string;
  actorEmail: string;
  targetUserId: string | null;
  entity: { collection: string; id: string };
  before: unknown;
  after: unknown;
  notes: string | null;
  at: Date;
}

/** What a service says about its change; `by` is a staff member, the member themself or SYSTEM. */
export interface AuditChange {
  action: string;
  by: Pick<UserRecord, 'id' | 'email'>;
  targetUserId?: string | null;
  entity: { collection: string; id: string };
  before: unknown;
  after: unknown;
  notes?: string | null;
  at: Date;
}

/** The author of entries written by scheduled jobs. */
export const SYSTEM: AuditChange['by'] = { id: 'system', email: 'system@ganyan' };

/**
 * Written inside the caller's transaction, so the entry exists exactly when the change does.
 * `id` is the entry's document id: a fresh one, or a derived one where a replay must collide.
 */
export function writeAudit(tx: Transaction, id: string, change: AuditChange): void {
  const { by, targetUserId, notes, ...rest } = change;
  const entry: AuditEntry = { ...rest, actorId: by.id, actorEmail: by.email, targetUserId: targetUserId ?? null, notes: notes ?? null };
  tx.create('auditLog', id, { ...entry });
}
