import type { WriteBatch } from './document-store.js';

/** A mail in the shape of the Firebase "Trigger Email" extension's `mail` collection. */
export interface MailMessage {
  to: string;
  /** `headers` are passed to the mail as they are (List-Unsubscribe and List-Unsubscribe-Post for notices). */
  message: { subject: string; text: string; html: string; headers?: Record<string, string> };
}

export interface Mailer {
  /** Queues a mail; production's extension sends it, locally it stays readable in the outbox. */
  send(mail: MailMessage): Promise<string>;
  /**
   * Adds the mail to `batch` under a fixed id: it is queued exactly when the batch commits, and a
   * second attempt with the same id fails instead of mailing twice (notification fan-outs).
   */
  queueInBatch(batch: WriteBatch, id: string, mail: MailMessage): void;
}
