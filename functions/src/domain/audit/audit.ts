import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Transaction } from '../../ports/document-store.js';
import { isDocumentId } from '../../ports/document-values.js';
import type { UserRecord } from '../identity/index.js';

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

/**
 * The entry stored under `id`, as the caller's transaction reads it, or null: an action keyed by
 * an Idempotency-Key replays the answer its first run recorded.
 */
export async function getAuditEntryIn(tx: Transaction, id: string): Promise<AuditEntry | null> {
  return (await tx.get('auditLog', id)) as AuditEntry | null;
}

type Doc = Record<string, unknown>;

/** One staff-managed document: its collection, its id, the 404 text when it is missing and the rebuild it calls for. */
export interface AuditTarget {
  collection: string;
  id: string;
  notFound: string;
  /** The rebuild reason when the prebuilt site shows this document; none when it does not. */
  rebuild?: string | null;
}

/**
 * Writes `next(current)` (or deletes, when it is null) with its audit entry. A create expects no
 * document (`current` is null); an update or delete of a missing one is the target's 404.
 */
export async function writeAudited(deps: AppDeps, actor: Actor, target: AuditTarget, next: (current: Doc | null, tx: Transaction) => Promise<Doc | null> | Doc | null, creating = false): Promise<Doc | null> {
  const { collection, id } = target;
  const written = await deps.store.runTransaction(async (tx) => {
    const current = isDocumentId(id) ? await tx.get(collection, id) : null;
    if (!creating && !current) throw new AppError('NOT_FOUND', target.notFound);
    const after = await next(current, tx);
    if (after) tx.set(collection, id, after);
    else tx.delete(collection, id);
    const mode = creating ? 'create' : after ? 'update' : 'delete';
    writeAudit(tx, deps.store.newId(), { action: `${collection}.${mode}`, by: actor.user, entity: { collection, id }, before: current, after, at: deps.now() });
    return after ? { id, ...after } : null;
  });
  if (target.rebuild) deps.requestRebuild(target.rebuild);
  return written;
}
