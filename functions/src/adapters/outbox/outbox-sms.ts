import type { DocumentStore } from '../../ports/document-store.js';
import type { SmsMessage, SmsSender } from '../../ports/sms.js';
import type { Logger } from '../../platform/deps.js';
import { OutboxWriter } from './outbox-writer.js';

/**
 * Writes text messages to the `messages` collection in the format of the "Send Messages with
 * Twilio" extension (`to`, `body`); locally the outbox page lists them beside the mails.
 */
export class OutboxSmsSender extends OutboxWriter<SmsMessage> implements SmsSender {
  constructor(store: DocumentStore, now: () => Date, log?: Logger) {
    super(
      {
        collection: 'messages',
        fields: (message) => ({ to: message.to, body: message.body }),
        logged: { event: 'sms queued', fields: (id) => ({ id }) },
      },
      store,
      now,
      log,
    );
  }
}
