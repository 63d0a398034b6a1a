import type { DocumentStore, WriteBatch } from '../../ports/document-store.js';
import type { Mailer, MailMessage } from '../../ports/mailer.js';
import type { Logger } from '../../platform/deps.js';

/**
 * Writes mails to the `mail` collection in the Trigger Email extension's format. In production
 * the extension sends them; locally they stay in the store and the outbox page lists them.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly store: DocumentStore,
    private readonly now: () => Date,
    private readonly log?: Logger,
  ) {}

  async send(mail: MailMessage): Promise<string> {
    const id = this.store.newId();
    await this.store.create('mail', id, { to: mail.to, message: mail.message, createdAt: this.now() });
    this.log?.info('mail queued', { id, to: mail.to, subject: mail.message.subject });
    return id;
  }

  queueInBatch(batch: WriteBatch, id: string, mail: MailMessage): void {
    batch.create('mail', id, { to: mail.to, message: mail.message, createdAt: this.now() });
  }
}
