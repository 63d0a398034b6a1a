import type { DocumentStore, WriteBatch } from '../../ports/document-store.js';
import type { SmsMessage, SmsSender } from '../../ports/sms.js';
import type { Logger } from '../../platform/deps.js';

/**
 * Writes text messages to the `messages` collection in the format of the "Send Messages with
 * Twilio" extension (`to`, `body`). In production the extension sends them; locally the outbox
 * page lists them beside the mails.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => Date,
    private readonly log?: Logger,
  ) {}

  async send(message: SmsMessage): Promise<string> {
    const id = this.store.newId();
    await this.store.create('messages', id, { to: message.to, body: message.body, createdAt: this.now() });
    this.log?.info('sms queued', { id });
    return id;
  }

  queueInBatch(batch: WriteBatch, id: string, message: SmsMessage): void {
    batch.create('messages', id, { to: message.to, body: message.body, createdAt: this.now() });
  }
}
