import type { Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { turkishMobile, hasActiveVip, type UserRecord, getUserIn, requireUser } from '../identity/index.js';
import { findGeneralSetting } from '../membership/index.js';
import {
  CHANNELS,
  DAILY_HOUR_SETTING,
  DEFAULT_DAILY_HOUR,
  EMAIL_DEFAULTS,
  NOTIFICATION_MESSAGES,
  notificationPreferencesSchema,
  OFF,
  subscriptionTokens,
  type Channel,
  type ChannelPreferences,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationPreferencesView,
} from './preferences.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';
import { PHONE_MESSAGES, verifiedSmsNumber } from './phone-verification.js';

/** Where a consent or withdrawal came from (kept with each record). */
export type ConsentSource = 'profil' | 'abonelik-iptal-baglantisi' | 'hesap-silme';

export function parseNotificationPreferences(raw: unknown): NotificationPreferences {
  return notificationPreferencesSchema.parse(raw);
}

function emptyPreferences(userId: string, now: Date): NotificationPreferences {
  return { id: userId, userId, email: EMAIL_DEFAULTS, sms: OFF, subscribed: [], updatedAt: now };
}

export async function loadPreferences(deps: Pick<AppDeps, 'store' | 'now'>, userId: string): Promise<NotificationPreferences> {
  const raw = await deps.store.get('notificationPreferences', userId);
  return raw ? parseNotificationPreferences(raw) : emptyPreferences(userId, deps.now());
}

/** 'HH:mm' of the daily package from the general setting, else 10:00. */
export async function dailyHour(deps: Pick<AppDeps, 'store'>): Promise<string> {
  const setting = await findGeneralSetting(deps, DAILY_HOUR_SETTING);
  if (!setting) return DEFAULT_DAILY_HOUR;
  const match = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/.exec(setting.content.trim());
  return setting.isActive && match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : DEFAULT_DAILY_HOUR;
}

function view(prefs: NotificationPreferences, user: UserRecord, hour: string, now: Date): NotificationPreferencesView {
  return { email: prefs.email, sms: prefs.sms, smsPhone: turkishMobile(user.phone), smsVerified: verifiedSmsNumber(user) !== null, dailyHour: hour, isVip: hasActiveVip(user, now) };
}

export async function preferencesView(deps: AppDeps, user: UserRecord): Promise<NotificationPreferencesView> {
  const [prefs, hour] = await Promise.all([loadPreferences(deps, user.id), dailyHour(deps)]);
  return view(prefs, user, hour, deps.now());
}

/** One consent record per changed choice, written in the transaction that changes it. */
function recordConsents(tx: Transaction, deps: AppDeps, before: NotificationPreferences, after: NotificationPreferencesInput, source: ConsentSource, now: Date): void {
  for (const channel of CHANNELS) {
    const was = before[channel];
    const is = after[channel];
    if (was.estimates !== is.estimates) {
      tx.create('notificationConsents', deps.store.newId(), { userId: before.userId, channel, topic: 'estimates', value: is.estimates, granted: is.estimates !== 'off', source, at: now });
    }
    for (const topic of ['results', 'horses'] as const) {
      if (was[topic] === is[topic]) continue;
      tx.create('notificationConsents', deps.store.newId(), { userId: before.userId, channel, topic, value: is[topic] ? 'on' : 'off', granted: is[topic], source, at: now });
    }
  }
}

async function writePreferences(
  deps: AppDeps,
  userId: string,
  change: (before: NotificationPreferences) => NotificationPreferencesInput,
  source: ConsentSource,
  check?: (user: UserRecord, before: NotificationPreferences, after: NotificationPreferencesInput) => void,
): Promise<NotificationPreferences> {
  return deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    const user = await getUserIn(tx, userId);
    if (!user || user.isDeleted) throw new AppError('NOT_FOUND', 'Kullanıcı bulunamadı.');
    const raw = await tx.get('notificationPreferences', userId);
    const before = raw ? parseNotificationPreferences(raw) : emptyPreferences(userId, now);
    const input = change(before);
    check?.(user, before, input);
    const next: NotificationPreferences = { id: userId, userId, email: input.email, sms: input.sms, subscribed: subscriptionTokens(input), updatedAt: now };
    recordConsents(tx, deps, before, input, source, now);
    const { id: _id, ...doc } = next;
    tx.set('notificationPreferences', userId, doc);
    return next;
  });
}

const smsTopicsOn = (p: ChannelPreferences) => [p.estimates !== 'off', p.results, p.horses];

/**
 * SMS topics may be turned ON only by an active VIP with a verified number (SMS go nowhere else).
 * A choice already on stays saveable (a lapsed VIP can still change the mail part of the form);
 * the delivery checks the rule again for every message.
 */
export async function savePreferences(deps: AppDeps, user: UserRecord, input: NotificationPreferencesInput): Promise<NotificationPreferencesView> {
  const saved = await writePreferences(deps, user.id, () => input, 'profil', (current, before, after) => {
    const was = smsTopicsOn(before.sms);
    const is = smsTopicsOn(after.sms);
    if (is.some(Boolean) && !turkishMobile(current.phone)) throw new AppError('VALIDATION', NOTIFICATION_MESSAGES.smsNeedsPhone);
    if (!is.some((on, i) => on && !was[i])) return;
    if (!hasActiveVip(current, deps.now())) throw new AppError('FORBIDDEN', PHONE_MESSAGES.smsNeedsVip);
    if (!verifiedSmsNumber(current)) throw new AppError('VALIDATION', PHONE_MESSAGES.smsNeedsVerified);
  });
  const fresh = await requireUser(deps, user.id);
  return view(saved, fresh, await dailyHour(deps), deps.now());
}

/** The one-click unsubscribe: every topic of the token's channel off. Repeating it changes nothing. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<{ channel: Channel }> {
  const claim = verifyUnsubscribeToken(deps.config.jwtSecret, token);
  if (!claim) throw new AppError('VALIDATION', NOTIFICATION_MESSAGES.invalidLink);
  try {
    await writePreferences(deps, claim.userId, (before) => ({ email: before.email, sms: before.sms, [claim.channel]: OFF }), 'abonelik-iptal-baglantisi');
  } catch (error) {
    // A deleted account has nothing left to turn off; the link still answers as done.
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
  }
  return { channel: claim.channel };
}

/** Consent history for the member's data download, oldest first. */
export async function consentHistory(deps: AppDeps, userId: string) {
  const rows = await deps.store.collection('notificationConsents').where('userId', '==', userId).get();
  return rows
    .map((r) => ({ channel: r.channel, topic: r.topic, value: r.value, granted: r.granted, source: r.source, at: r.at as Date }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
