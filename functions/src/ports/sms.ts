import type { WriteBatch } from './document-store.js';

/** A text message in the shape of the Firebase "Send Messages with Twilio" extension's `messages` collection. */
export interface SmsMessage {
  /** E.164 number (+905321234567). */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Queues one message; production's extension sends it, locally it stays readable in the outbox. */
  send(message: SmsMessage): Promise<string>;
  /** Adds the message to `batch` under a fixed id (see Mailer.queueInBatch). */
  queueInBatch(batch: WriteBatch, id: string, message: SmsMessage): void;
}
