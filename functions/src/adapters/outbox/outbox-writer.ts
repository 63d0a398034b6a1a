import type { DocumentData, DocumentStore, WriteBatch } from '../../ports/document-store.js';
import type { Logger } from '../../platform/deps.js';

/** What differs between the outboxes: the collection the sending extension reads and its document format. */
export interface OutboxChannel<M> {
  collection: string;
  /** The extension's fields for one message (the writer adds `createdAt`). */
  fields(message: M): DocumentData;
  /** The log line of a queued message; no message text, which may be personal. */
  logged: { event: string; fields(id: string, message: M): Record<string, unknown> };
}

/**
 * Queues messages as documents a Firebase extension sends in production; locally they stay in the
 * store and the outbox page lists them. The mail and text-message senders are this writer with their channel.
 */
export class OutboxWriter<M> {
  constructor(
    private readonly channel: OutboxChannel<M>,
    private readonly store: DocumentStore,
    private readonly now: () => Date,
    private readonly log?: Logger,
  ) {}

  async send(message: M): Promise<string> {
    const id = this.store.newId();
    await this.store.create(this.channel.collection, id, this.document(message));
    this.log?.info(this.channel.logged.event, this.channel.logged.fields(id, message));
    return id;
  }

  queueInBatch(batch: WriteBatch, id: string, message: M): void {
    batch.create(this.channel.collection, id, this.document(message));
  }

  private document(message: M): DocumentData {
    return { ...this.channel.fields(message), createdAt: this.now() };
  }
}
