import type { DocumentData, Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { forEachDue } from './each-due.js';
import { getUserIn, updateUserIn } from '../identity/index.js';
import { sendVipMail, type VipMail } from './vip-mail.js';
import { DAY_MS, parseVipSubscription, remainingDays } from './vip.js';
import { formatTurkishDate } from '../text/index.js';

/**
 * The VIP expiry job (hourly, Europe/Istanbul in production; on an interval in the local server).
 * It marks ended subscriptions expired, mirrors that on the user, and mails the member 7 days and
 * 3 days before the end and on the end. Each reminder is recorded on the subscription in the same
 * transaction that decides to send it, keyed by the end date, so however often the job runs (even
 * twice at once) a mail goes out once; an extension moves the end date and re-arms the reminders.
 */
export type ReminderKind = '7d' | '3d' | 'end';

export interface VipExpiryReport {
  expired: number;
  reminders: Record<ReminderKind, number>;
}

function reminderKey(kind: ReminderKind, endDate: Date): string {
  return `${kind}@${endDate.toISOString()}`;
}

function dueReminder(endDate: Date, now: Date): ReminderKind | null {
  const left = endDate.getTime() - now.getTime();
  if (left <= 0) return 'end';
  if (left <= 3 * DAY_MS) return '3d';
  if (left <= 7 * DAY_MS) return '7d';
  return null;
}

function reminderMail(kind: ReminderKind, to: string, firstName: string, endDate: Date, now: Date): VipMail {
  if (kind === 'end') {
    return {
      to,
      firstName,
      subject: 'Ganyan: VIP üyeliğiniz sona erdi',
      lines: [
        `VIP üyeliğiniz ${formatTurkishDate(endDate)} tarihinde sona erdi.`,
        'Premium içeriklere erişmeye devam etmek için VIP Üyelik sayfasından üyeliğinizi yenileyebilirsiniz.',
      ],
    };
  }
  const days = remainingDays(endDate, now);
  return {
    to,
    firstName,
    subject: `Ganyan: VIP üyeliğinizin bitmesine ${days} gün kaldı`,
    lines: [
      `VIP üyeliğiniz ${formatTurkishDate(endDate)} tarihinde sona erecek (${days} gün kaldı).`,
      'Kesintisiz erişim için üyeliğinizi süre dolmadan yenileyebilirsiniz.',
    ],
  };
}

export async function runVipExpiry(deps: AppDeps): Promise<VipExpiryReport> {
  const report: VipExpiryReport = { expired: 0, reminders: { '7d': 0, '3d': 0, end: 0 } };
  const horizon = new Date(deps.now().getTime() + 7 * DAY_MS);
  const due = { collection: 'vipSubscriptions', status: 'active', dateField: 'endDate', upTo: horizon };
  const decide = async (tx: Transaction, raw: DocumentData, now: Date) => {
    const sub = parseVipSubscription(raw);
    if (sub.status !== 'active') return null;
    const kind = dueReminder(sub.endDate, now);
    if (!kind) return null;
    const key = reminderKey(kind, sub.endDate);
    const ended = kind === 'end';
    const alreadySent = sub.remindersSent.includes(key);
    if (!ended && alreadySent) return null;
    const user = await getUserIn(tx, sub.userId);
    const update: Record<string, unknown> = { updatedAt: now };
    if (!alreadySent) update.remindersSent = [...sub.remindersSent, key];
    if (ended) {
      update.status = 'expired';
      if (user && user.vip.subscriptionId === sub.id && user.vip.status === 'active') {
        updateUserIn(tx, user.id, { vip: { ...user.vip, status: 'expired' }, updatedAt: now });
      }
    }
    tx.update('vipSubscriptions', sub.id, update);
    const mail = !alreadySent && user && !user.isDeleted ? reminderMail(kind, user.email, user.firstName, sub.endDate, now) : null;
    return { kind, ended, mail };
  };
  await forEachDue(deps, due, 'vip expiry failed for subscription', decide, async (outcome) => {
    if (outcome.ended) report.expired += 1;
    if (outcome.mail) {
      await sendVipMail(deps, outcome.mail);
      report.reminders[outcome.kind] += 1;
    }
  });
  if (report.expired || report.reminders['7d'] || report.reminders['3d'] || report.reminders.end) deps.log.info('vip expiry run', { ...report });
  return report;
}
