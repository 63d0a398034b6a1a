/** A mail in the shape of the Firebase "Trigger Email" extension's `mail` collection. */
export interface MailMessage {
  to: string;
  message: { subject: string; text: string; html: string };
}

export interface Mailer {
  /** Queues a mail; production's extension sends it, locally it stays readable in the outbox. */
  send(mail: MailMessage): Promise<string>;
}
