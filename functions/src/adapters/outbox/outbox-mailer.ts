import type { DocumentStore } from '../../ports/document-store.js';
import type { Mailer, MailMessage } from '../../ports/mailer.js';
import type { Logger } from '../../platform/deps.js';
import { OutboxWriter } from './outbox-writer.js';

/** Writes mails to the `mail` collection in the Trigger Email extension's format. */
export class OutboxMailer extends OutboxWriter<MailMessage> implements Mailer {
  constructor(store: DocumentStore, now: () => Date, log?: Logger) {
    super(
      {
        collection: 'mail',
        fields: (mail) => ({ to: mail.to, message: mail.message }),
        logged: { event: 'mail queued', fields: (id, mail) => ({ id, to: mail.to, subject: mail.message.subject }) },
      },
      store,
      now,
      log,
    );
  }
}
