import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { isDocumentId } from '../../ports/document-values.js';
import { AppError } from '../../platform/errors.js';
import { escapeHtml, formatTurkishDate, foldTurkish } from '../text/index.js';
import { getUser } from '../identity/index.js';
import { writeAudit } from '../audit/index.js';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, CONTACT_TYPES, parseContactMessage, type ContactMessage } from './contact-message.js';
import { CONTACT_ADMIN_MESSAGES as M, type ContactRespondInput, type ContactUpdate } from './contact-admin-schema.js';

export * from './contact-admin-schema.js';

/**
 * Contact messages for admins (spec 002 'Contact messages'). The public form (membership) writes
 * `contactMessages` as new/medium; here admins read, triage, assign and answer them.
 */

type AdminContact = ContactMessage;
const parse = parseContactMessage;

export function contactView(m: AdminContact) {
  return { _id: m.id, ...m };
}
export type ContactView = ReturnType<typeof contactView>;

/** Far above the volume a contact form sees; filters past the first one and search run in memory. */
const SCAN_LIMIT = 5000;

export interface ContactListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ContactMessage['status'] | undefined;
  type?: ContactMessage['type'] | undefined;
  priority?: ContactMessage['priority'] | undefined;
}

/** Newest first. One equality filter narrows in the store (status, else type, else priority), the rest in memory. */
export async function listContacts(deps: AppDeps, q: ContactListQuery) {
  let query = deps.store.collection('contactMessages');
  const narrow = q.status ? (['status', q.status] as const) : q.type ? (['type', q.type] as const) : q.priority ? (['priority', q.priority] as const) : null;
  if (narrow) query = query.where(narrow[0], '==', narrow[1]);
  let rows = (await query.orderBy('createdAt', 'desc').limit(SCAN_LIMIT).get()).map(parse);
  if (q.type) rows = rows.filter((r) => r.type === q.type);
  if (q.priority) rows = rows.filter((r) => r.priority === q.priority);
  if (q.search) {
    const needle = foldTurkish(q.search);
    rows = rows.filter((r) => [r.name, r.email, r.subject].some((f) => foldTurkish(f).includes(needle)));
  }
  const total = rows.length;
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  const start = (q.page - 1) * q.limit;
  return { contacts: rows.slice(start, start + q.limit).map(contactView), page: q.page, totalPages, total };
}
/** One page of the messages list (the admin screen reads `contacts`, not `data[]`). */
export type ContactPageView = Awaited<ReturnType<typeof listContacts>>;

async function load(deps: AppDeps, id: string): Promise<AdminContact> {
  const raw = isDocumentId(id) ? await deps.store.get('contactMessages', id) : null;
  if (!raw) throw new AppError('NOT_FOUND', M.notFound);
  return parse(raw);
}

/** Change one message in a transaction with its audit entry; `apply` returns the changed fields. */
async function change(deps: AppDeps, actor: Actor, id: string, action: string, apply: (current: AdminContact, now: Date) => Partial<AdminContact>, notes: string | null = null) {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', M.notFound);
  return deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('contactMessages', id);
    if (!raw) throw new AppError('NOT_FOUND', M.notFound);
    const current = parse(raw);
    const now = deps.now();
    const changes = { ...apply(current, now), updatedAt: now };
    tx.update('contactMessages', id, changes);
    const before = Object.fromEntries(Object.keys(changes).filter((k) => k !== 'updatedAt').map((k) => [k, current[k as keyof AdminContact] ?? null]));
    const after = Object.fromEntries(Object.entries(changes).filter(([k]) => k !== 'updatedAt'));
    writeAudit(tx, deps.store.newId(), {
      action,
      by: actor.user,
      targetUserId: current.userId,
      entity: { collection: 'contactMessages', id },
      before,
      after,
      notes,
      at: now,
    });
    return parse({ ...current, ...changes });
  });
}

/** Opening a new message moves it to in progress (spec 002 §4); others are returned as they are. */
export async function openContact(deps: AppDeps, actor: Actor, id: string): Promise<ContactView> {
  const current = await load(deps, id);
  if (current.status !== 'new') return contactView(current);
  // Re-checked inside the transaction: two admins opening it at once record the move once.
  const opened = await change(deps, actor, id, 'contact.open', (c) => (c.status === 'new' ? { status: 'in_progress' } : {}));
  return contactView(opened);
}

export async function updateContact(deps: AppDeps, actor: Actor, id: string, input: ContactUpdate): Promise<ContactView> {
  const updated = await change(deps, actor, id, 'contact.update', () => {
    const patch: Partial<AdminContact> = {};
    if (input.status !== undefined) patch.status = input.status;
    if (input.priority !== undefined) patch.priority = input.priority;
    if (input.adminNotes !== undefined) patch.adminNotes = input.adminNotes ? input.adminNotes : null;
    return patch;
  });
  return contactView(updated);
}

export async function deleteContact(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!isDocumentId(id)) throw new AppError('NOT_FOUND', M.notFound);
  await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('contactMessages', id);
    if (!raw) throw new AppError('NOT_FOUND', M.notFound);
    const current = parse(raw);
    tx.delete('contactMessages', id);
    writeAudit(tx, deps.store.newId(), {
      action: 'contact.delete',
      by: actor.user,
      targetUserId: current.userId,
      entity: { collection: 'contactMessages', id },
      before: { name: current.name, email: current.email, subject: current.subject, status: current.status },
      after: null,
      at: deps.now(),
    });
  });
}

/** Assigns to the given admin, or to the caller when none is named. Only active admins can hold a message. */
export async function assignContact(deps: AppDeps, actor: Actor, id: string, adminId: string | undefined): Promise<ContactView> {
  const target = adminId ?? actor.user.id;
  const admin = isDocumentId(target) ? await getUser(deps, target) : null;
  if (!admin || admin.role !== 'admin' || admin.isDeleted || admin.status !== 'active') throw new AppError('BAD_REQUEST', M.adminNotFound);
  const updated = await change(deps, actor, id, 'contact.assign', (c) => ({ assignedTo: target, ...(c.status === 'new' ? { status: 'in_progress' as const } : {}) }));
  return contactView(updated);
}

/**
 * Stores the reply and marks the message responded, then mails the reply to the sender. The mail
 * goes out only after the write committed, so a failed write never sends a reply that is not on record.
 */
export async function respondToContact(deps: AppDeps, actor: Actor, id: string, input: ContactRespondInput): Promise<{ contact: ContactView; mailed: boolean }> {
  const updated = await change(
    deps,
    actor,
    id,
    'contact.respond',
    (c, now) => {
      if (c.status === 'closed') throw new AppError('CONFLICT', M.closedNoReply);
      return { status: 'responded', responseMessage: input.responseMessage, respondedAt: now, respondedBy: actor.user.id, assignedTo: c.assignedTo ?? actor.user.id };
    },
    null,
  );
  const subject = `Re: ${updated.subject}`;
  const text = [
    `Merhaba ${updated.name},`,
    '',
    input.responseMessage,
    '',
    '---',
    `${formatTurkishDate(updated.createdAt)} tarihli mesajınız:`,
    updated.message,
    '',
    'Ganyan',
  ].join('\n');
  const html = [
    `<p>Merhaba ${escapeHtml(updated.name)},</p>`,
    ...input.responseMessage.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    '<hr>',
    `<p style="color:#666">${escapeHtml(formatTurkishDate(updated.createdAt))} tarihli mesajınız:</p>`,
    `<blockquote style="color:#666">${escapeHtml(updated.message).replace(/\n/g, '<br>')}</blockquote>`,
    '<p>Ganyan</p>',
  ].join('');
  try {
    await deps.mailer.send({ to: updated.email, message: { subject, text, html } });
    return { contact: contactView(updated), mailed: true };
  } catch (error) {
    // The reply is on record; the admin is told the mail did not queue instead of seeing a failure.
    deps.log.error('contact reply mail failed', { id, error: String(error) });
    return { contact: contactView(updated), mailed: false };
  }
}

export async function contactStats(deps: AppDeps) {
  const col = deps.store.collection('contactMessages');
  const count = (field: string, value: unknown) => col.where(field, '==', value).count();
  const now = deps.now();
  const [total, statusCounts, typeCounts, priorityCounts, recent, unassigned, responded] = await Promise.all([
    col.count(),
    Promise.all(CONTACT_STATUSES.map((s) => count('status', s))),
    Promise.all(CONTACT_TYPES.map((t) => count('type', t))),
    Promise.all(CONTACT_PRIORITIES.map((p) => count('priority', p))),
    col.where('createdAt', '>=', new Date(now.getTime() - 7 * 86_400_000)).count(),
    count('assignedTo', null),
    col.where('status', '==', 'responded').limit(SCAN_LIMIT).get(),
  ]);
  const times = responded.map(parse).flatMap((m) => (m.respondedAt ? [m.respondedAt.getTime() - m.createdAt.getTime()] : []));
  // Hours, one decimal; null until something has been answered.
  const averageResponseTime = times.length ? Math.round((times.reduce((a, b) => a + b, 0) / times.length / 3_600_000) * 10) / 10 : null;
  return {
    total,
    byStatus: Object.fromEntries(CONTACT_STATUSES.map((s, i) => [s, statusCounts[i]])),
    byType: Object.fromEntries(CONTACT_TYPES.map((t, i) => [t, typeCounts[i]])),
    byPriority: Object.fromEntries(CONTACT_PRIORITIES.map((p, i) => [p, priorityCounts[i]])),
    recent,
    averageResponseTime,
    unassigned,
  };
}
export type ContactStatsView = Awaited<ReturnType<typeof contactStats>>;

/** Messages nobody holds yet and that still need an answer, newest first. */
export async function unassignedContacts(deps: AppDeps) {
  const rows = (await deps.store.collection('contactMessages').where('assignedTo', '==', null).orderBy('createdAt', 'desc').limit(SCAN_LIMIT).get()).map(parse);
  return rows.filter((r) => r.status === 'new' || r.status === 'in_progress').map(contactView);
}

/** How many messages are in `status` (the staff badges count the new ones). */
export function countContactMessages(deps: Pick<AppDeps, 'store'>, status: ContactMessage['status']): Promise<number> {
  return deps.store.collection('contactMessages').where('status', '==', status).count();
}
