import type { AppDeps } from '../../platform/deps.js';
import { FieldValue, type DocumentData, type WithId } from '../../ports/document-store.js';
import type { NoticeKind } from './messages.js';

/**
 * What staff see of the VIP notices (issue 15): each fan-out's progress and counts, on the article
 * and in the VIP statistics. `queued` = handed to the mail/SMS extensions, `skipped` = opted-in
 * members who got nothing (VIP ended, deleted, no mobile), `sent` = confirmed delivered by the
 * extension (`delivery.state == SUCCESS` on the mail/messages document, see `markMessageSent`).
 */

export interface FanoutView {
  id: string;
  kind: NoticeKind;
  status: 'running' | 'done';
  /** Opted-in members x channels when the fan-out started; null when only some of them are meant (results). */
  expected: number | null;
  queued: number;
  sent: number;
  skipped: number;
  articleIds: string[];
  day: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** False locally: nothing reports deliveries, so `sent` stays 0 and the panel says "kuyrukta". */
  deliveryReports: boolean;
}

export interface FanoutStats {
  /** Since `since` (the last 30 days). */
  since: Date;
  fanouts: number;
  running: number;
  queued: number;
  sent: number;
  skipped: number;
  recent: FanoutView[];
  deliveryReports: boolean;
}

const asDate = (value: unknown): Date | null => (value instanceof Date ? value : null);
const asCount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function fanoutView(raw: Record<string, unknown> & { id: string }, deliveryReports: boolean): FanoutView {
  return {
    id: raw.id,
    kind: raw.kind as NoticeKind,
    status: raw.status === 'done' ? 'done' : 'running',
    expected: typeof raw.expected === 'number' ? raw.expected : null,
    queued: asCount(raw.queued),
    sent: asCount(raw.sent),
    skipped: asCount(raw.skipped),
    articleIds: Array.isArray(raw.articleIds) ? raw.articleIds.map(String) : [],
    day: asDate(raw.day),
    startedAt: asDate(raw.startedAt),
    finishedAt: asDate(raw.finishedAt),
    deliveryReports,
  };
}

/** Every fan-out that carried this article: its estimate notice, daily packages, its results notice. */
export async function articleFanouts(deps: AppDeps, articleId: string): Promise<FanoutView[]> {
  const rows = await deps.store.collection('notificationFanouts').where('articleIds', 'array-contains', articleId).get();
  return rows.map((row) => fanoutView(row, deps.config.deliveryReports)).sort((a, b) => (b.startedAt?.getTime() ?? 0) - (a.startedAt?.getTime() ?? 0));
}

const STATS_DAYS = 30;
const RECENT = 10;

/** Totals of the last 30 days and the newest fan-outs (one range query on startedAt). */
export async function fanoutStats(deps: AppDeps): Promise<FanoutStats> {
  const since = new Date(deps.now().getTime() - STATS_DAYS * 86_400_000);
  const rows = (await deps.store.collection('notificationFanouts').where('startedAt', '>=', since).orderBy('startedAt', 'desc').get()).map((row) => fanoutView(row, deps.config.deliveryReports));
  const sum = (pick: (f: FanoutView) => number) => rows.reduce((total, f) => total + pick(f), 0);
  return {
    since,
    fanouts: rows.length,
    running: rows.filter((f) => f.status === 'running').length,
    queued: sum((f) => f.queued),
    sent: sum((f) => f.sent),
    skipped: sum((f) => f.skipped),
    // Fan-outs that reached nobody (a results notice no one had asked for) would only fill the list.
    recent: rows.filter((f) => f.queued + f.skipped > 0).slice(0, RECENT),
    deliveryReports: deps.config.deliveryReports,
  };
}

/**
 * The extension reported a notice mail/SMS delivered (its document id is the delivery's id):
 * the delivery becomes `sent` and its fan-out's `sent` grows by one, once, whatever the number of
 * times the trigger fires. Other mails (password resets...) have no delivery and are ignored.
 */
export async function markMessageSent(deps: AppDeps, messageId: string): Promise<boolean> {
  return deps.store.runTransaction(async (tx) => {
    const delivery = await tx.get('notificationDeliveries', messageId);
    if (!delivery || delivery.status !== 'queued' || typeof delivery.fanoutId !== 'string') return false;
    const now = deps.now();
    tx.update('notificationDeliveries', messageId, { status: 'sent', sentAt: now });
    tx.update('notificationFanouts', delivery.fanoutId, { sent: FieldValue.increment(1), updatedAt: now });
    return true;
  });
}

/** Fan-out records by id, as stored (null where none was started): the notification job's check of what is done. */
export function fanoutRecords(deps: Pick<AppDeps, 'store'>, ids: string[]): Promise<(WithId<DocumentData> | null)[]> {
  return deps.store.getAll('notificationFanouts', ids);
}

/** One fan-out record as stored, or null. */
export function fanoutRecord(deps: Pick<AppDeps, 'store'>, id: string): Promise<WithId<DocumentData> | null> {
  return deps.store.get('notificationFanouts', id);
}

/** Every delivery that carried an article, as stored: who has already received it. */
export function deliveriesOfArticle(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<WithId<DocumentData>[]> {
  return deps.store.collection('notificationDeliveries').where('articleIds', 'array-contains', articleId).get();
}
