import { z } from 'zod';

/**
 * Notification preferences of a member (browser-safe: the /profil form imports these).
 *
 * Per channel, per topic. Everything is off until the member turns it on (explicit consent for
 * commercial messages). Adding a topic later means one more field in `channelPreferencesSchema`
 * (default off), its label in TOPIC_LABELS and its tokens in `subscriptionTokens`.
 */
export const CHANNELS = ['email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-posta', sms: 'SMS' };

/** VIP estimates: each one as it is published, or one package a day at the hour staff choose. */
export const ESTIMATE_MODES = ['off', 'each', 'daily'] as const;
export type EstimateMode = (typeof ESTIMATE_MODES)[number];

export const TOPIC_LABELS = {
  estimates: 'VIP tahminler',
  results: 'Aldığım tahminlerin sonuçları',
  horses: 'Takip ettiğim atlar',
} as const;
export type Topic = keyof typeof TOPIC_LABELS;

export const channelPreferencesSchema = z.strictObject({
  estimates: z.enum(ESTIMATE_MODES, 'Geçersiz tahmin bildirimi seçimi').default('off'),
  results: z.boolean('Geçersiz sonuç bildirimi seçimi').default(false),
  /** Notices of the horse tracker (a followed horse declared, its result in). */
  horses: z.boolean('Geçersiz at takibi bildirimi seçimi').default(false),
});
export type ChannelPreferences = z.infer<typeof channelPreferencesSchema>;

/**
 * E-mail differs in one default: following a horse has always meant a mail when it runs, so the
 * horse tracker's mail stays on until the member turns it off (here or by the mail's link).
 */
export const emailPreferencesSchema = channelPreferencesSchema.extend({ horses: z.boolean('Geçersiz at takibi bildirimi seçimi').default(true) });

/** The body of PUT /api/users/notification-preferences (both channels, whole). */
export const notificationPreferencesInputSchema = z.strictObject({
  email: emailPreferencesSchema,
  sms: channelPreferencesSchema,
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

export const OFF: ChannelPreferences = { estimates: 'off', results: false, horses: false };
/** A member who never saved preferences: nothing but the horse tracker's mail. */
export const EMAIL_DEFAULTS: ChannelPreferences = { ...OFF, horses: true };

/** The stored document (`notificationPreferences`, id = user id). */
export const notificationPreferencesSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: emailPreferencesSchema.default(EMAIL_DEFAULTS),
  sms: channelPreferencesSchema.default(OFF),
  /** `<channel>:<each|daily|results>` for every choice that is on: the fan-out's one query field. */
  subscribed: z.array(z.string()).default([]),
  updatedAt: z.date(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export type SubscriptionToken = `${Channel}:${'each' | 'daily' | 'results'}`;

export function subscriptionTokens(prefs: NotificationPreferencesInput): SubscriptionToken[] {
  const tokens: SubscriptionToken[] = [];
  for (const channel of CHANNELS) {
    const p = prefs[channel];
    if (p.estimates !== 'off') tokens.push(`${channel}:${p.estimates}`);
    if (p.results) tokens.push(`${channel}:results`);
  }
  return tokens;
}

/** The response of GET/PUT /api/users/notification-preferences. */
export interface NotificationPreferencesView {
  email: ChannelPreferences;
  sms: ChannelPreferences;
  /** The profile's number in E.164 when it is a valid Turkish mobile, else null. */
  smsPhone: string | null;
  /** Whether the member proved `smsPhone` with an SMS code (SMS go only to a verified number of a VIP). */
  smsVerified: boolean;
  /** 'HH:mm' (Europe/Istanbul) of the daily package. */
  dailyHour: string;
  isVip: boolean;
}

/** `POST /notifications/unsubscribe`: the channel that was switched off. */
export interface UnsubscribeView {
  channel: Channel;
}

export const NOTIFICATION_MESSAGES = {
  saved: 'Bildirim tercihleriniz kaydedildi.',
  smsNeedsPhone: 'SMS bildirimleri için profilinizde geçerli bir Türkiye cep telefonu numarası olmalı.',
  unsubscribed: (channel: Channel) => `${CHANNEL_LABELS[channel]} bildirimlerinin tümü kapatıldı.`,
  invalidLink: 'Abonelik iptal bağlantısı geçersiz. Tercihlerinizi profil sayfanızdan değiştirebilirsiniz.',
} as const;

export const DAILY_HOUR_SETTING = 'notification_daily_hour';
export const DEFAULT_DAILY_HOUR = '10:00';
