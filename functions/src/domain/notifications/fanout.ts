import { FieldValue, StoreError } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { getUsersById, hasActiveVip, type UserRecord } from '../identity/index.js';
import { verifiedSmsNumber } from './phone-verification.js';
import { noticeMail, noticeSms, type NoticeArticle, type NoticeKind } from './messages.js';
import type { Channel, SubscriptionToken } from './preferences.js';

/**
 * One fan-out: a notice to every member subscribed to some tokens, in batches of at most 500
 * writes. State lives in `notificationFanouts/{id}` (status, lease, cursor per token, counts);
 * every (fan-out, member, channel) gets ONE `notificationDeliveries` record with a deterministic
 * id, created in the same batch as the mail/SMS it stands for (same id). So a repeated run, a
 * concurrent run or a run after a crash half-way can neither send twice (the create fails, the
 * batch with it) nor skip anyone (the cursor only moves with a committed batch).
 */

/** Recipients per batch: a delivery and its message each, plus the fan-out's progress = 2*240+1 <= 500. */
export const RECIPIENTS_PER_BATCH = 240;
const LEASE_MS = 2 * 60_000;

export type FanoutStatus = 'running' | 'done';
/** 'no-phone': no mobile the member verified (an unverified or changed number gets no SMS). */
export type SkipReason = 'not-vip' | 'deleted' | 'no-phone';

export interface FanoutSpec {
  id: string;
  kind: NoticeKind;
  tokens: SubscriptionToken[];
  articles: NoticeArticle[];
  /** The package's day (daily). */
  day?: Date;
  /** Only these members (results: the ones who received the estimate). */
  only?: Set<string>;
}

export interface FanoutOutcome {
  id: string;
  ran: boolean;
  queued: number;
  skipped: number;
}

export function deliveryId(fanoutId: string, userId: string, channel: Channel): string {
  return `${fanoutId}_${userId}_${channel}`;
}

function skipReason(user: UserRecord | null, channel: Channel, now: Date): SkipReason | null {
  if (!user || user.isDeleted || user.status !== 'active') return 'deleted';
  if (!hasActiveVip(user, now)) return 'not-vip';
  if (channel === 'sms' && !verifiedSmsNumber(user)) return 'no-phone';
  return null;
}

/** How many notices the fan-out will hand out or skip, for the staff's progress bar (unknown when only some members are meant). */
async function expectedCount(deps: AppDeps, spec: FanoutSpec): Promise<number | null> {
  if (spec.only) return null;
  const counts = await Promise.all(spec.tokens.map((token) => deps.store.collection('notificationPreferences').where('subscribed', 'array-contains', token).count()));
  return counts.reduce((a, b) => a + b, 0);
}

async function claim(deps: AppDeps, spec: FanoutSpec, owner: string): Promise<Record<string, string> | null> {
  const known = await deps.store.get('notificationFanouts', spec.id);
  if (known?.status === 'done') return null;
  const expected = known ? null : await expectedCount(deps, spec);
  return deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const raw = await tx.get('notificationFanouts', spec.id);
    if (raw?.status === 'done') return null;
    if (raw && raw.owner !== owner && raw.leaseUntil instanceof Date && raw.leaseUntil.getTime() > now.getTime()) return null;
    const lease = { owner, leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now };
    if (raw) {
      tx.update('notificationFanouts', spec.id, lease);
      return (raw.cursor ?? {}) as Record<string, string>;
    }
    tx.create('notificationFanouts', spec.id, {
      ...lease,
      kind: spec.kind,
      articleIds: spec.articles.map((a) => a.id),
      day: spec.day ?? null,
      status: 'running' satisfies FanoutStatus,
      cursor: {},
      expected,
      queued: 0,
      sent: 0,
      skipped: 0,
      startedAt: now,
      finishedAt: null,
    });
    return {};
  });
}

/** Runs (or resumes) the fan-out; returns without doing anything when it is done or another run holds it. */
export async function runFanout(deps: AppDeps, spec: FanoutSpec): Promise<FanoutOutcome> {
  const owner = deps.store.newId();
  const cursor = await claim(deps, spec, owner);
  const outcome: FanoutOutcome = { id: spec.id, ran: cursor !== null, queued: 0, skipped: 0 };
  if (!cursor) return outcome;
  const ctx = { siteUrl: deps.config.siteUrl, secret: deps.config.jwtSecret, kind: spec.kind, articles: spec.articles, day: spec.day };

  for (const token of spec.tokens) {
    const channel = token.split(':')[0] as Channel;
    const cursorKey = token.replace(':', '_');
    let after = cursor[cursorKey] ?? '';
    let conflicts = 0;
    for (;;) {
      let query = deps.store.collection('notificationPreferences').where('subscribed', 'array-contains', token).orderBy('userId', 'asc');
      if (after) query = query.startAfter(after);
      const page = await query.limit(RECIPIENTS_PER_BATCH).get();
      if (page.length === 0) break;
      const userIds = page.map((p) => String(p.userId));
      const wanted = spec.only ? userIds.filter((id) => spec.only!.has(id)) : userIds;
      const ids = wanted.map((u) => deliveryId(spec.id, u, channel));
      const [users, existing] = await Promise.all([getUsersById(deps, wanted), deps.store.getAll('notificationDeliveries', ids)]);
      const now = deps.now();
      const batch = deps.store.batch();
      let queued = 0;
      let skipped = 0;
      wanted.forEach((userId, i) => {
        if (existing[i]) return;
        const user = users.get(userId) ?? null;
        const reason = skipReason(user, channel, now);
        const id = ids[i]!;
        const record = { fanoutId: spec.id, kind: spec.kind, channel, userId, articleIds: spec.articles.map((a) => a.id), createdAt: now };
        if (reason || !user) {
          batch.create('notificationDeliveries', id, { ...record, status: 'skipped', reason });
          skipped += 1;
          return;
        }
        batch.create('notificationDeliveries', id, { ...record, status: 'queued', reason: null });
        if (channel === 'email') deps.mailer.queueInBatch(batch, id, noticeMail(ctx, user));
        else deps.sms.queueInBatch(batch, id, noticeSms(ctx, verifiedSmsNumber(user)!));
        queued += 1;
      });
      const last = userIds[userIds.length - 1]!;
      batch.update('notificationFanouts', spec.id, {
        [`cursor.${cursorKey}`]: last,
        queued: FieldValue.increment(queued),
        skipped: FieldValue.increment(skipped),
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        updatedAt: now,
      });
      try {
        await batch.commit();
      } catch (error) {
        // Another run created some of these deliveries first: read the page again (they are skipped now).
        if (error instanceof StoreError && error.code === 'ALREADY_EXISTS' && conflicts < 5) {
          conflicts += 1;
          continue;
        }
        throw error;
      }
      outcome.queued += queued;
      outcome.skipped += skipped;
      after = last;
      // The embedded store answers synchronously: without a turn of the event loop between batches a
      // local fan-out (run inside the server's process) would hold every API request until it ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (page.length < RECIPIENTS_PER_BATCH) break;
    }
  }
  await deps.store.update('notificationFanouts', spec.id, { status: 'done' satisfies FanoutStatus, finishedAt: deps.now(), leaseUntil: null, updatedAt: deps.now() });
  return outcome;
}
