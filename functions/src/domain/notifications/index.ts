/** The notifications area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { articleFanouts, deliveriesOfArticle, fanoutRecord, fanoutRecords, fanoutStats } from './fanout-progress.js';
export { runFanout, type FanoutOutcome } from './fanout.js';
export { consentHistory, dailyHour, loadPreferences, preferencesView, savePreferences, unsubscribe } from './manage-preferences.js';
export { fitOneSegment, type NoticeArticle } from './messages.js';
export { confirmPhoneCode, phoneCodeInputSchema, sendPhoneCode, smsRecipient } from './phone-verification.js';
export { NOTIFICATION_MESSAGES, notificationPreferencesInputSchema, type UnsubscribeView } from './preferences.js';
