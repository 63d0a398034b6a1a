import { useRef } from 'react';
import type { ClientResponse } from 'hono/client';
import type { Answer, RoutePick, SentRequest } from '../../lib/api-client';
import { api } from '../session';

/**
 * One Idempotency-Key per user intent for actions the API may apply twice (VIP grant/extend/approve).
 * The same submission sent again (a double click, a retry after a failure or a lost answer) carries
 * the same key, so the server applies it once; a changed submission, or any submission after one
 * succeeded, gets a new key. The fingerprint is the request as sent (method, path with its query,
 * body): what the server compares, and what makes two submissions the same one.
 */
export class IntentKey {
  private current: { key: string; fingerprint: string } | null = null;

  constructor(private readonly newKey: () => string = randomKey) {}

  keyFor(request: SentRequest): string {
    const fingerprint = JSON.stringify([request.method, request.path, request.body]);
    if (!this.current || this.current.fingerprint !== fingerprint) this.current = { key: this.newKey(), fingerprint };
    return this.current.key;
  }

  /** The intent was carried out: the next submission is a new one. */
  succeeded(): void {
    this.current = null;
  }
}

/** 128 random bits as 32 hex characters; getRandomValues works outside secure contexts too. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The intent key of one dialog: it lives as long as the dialog is open. */
export function useIntentKey(): IntentKey {
  const ref = useRef<IntentKey | null>(null);
  ref.current ??= new IntentKey();
  return ref.current;
}

/**
 * One intent sent to the route `pick` names: the key, from the request as the client sends it, goes
 * in the Idempotency-Key header (the same on a retry after a token refresh) and is retired once it succeeded.
 */
export async function postIntent<R extends ClientResponse<unknown, number, 'json'>>(intent: IntentKey, pick: RoutePick<R>, body: unknown): Promise<Answer<R>> {
  const answer = await api.call(pick, { body, headers: (sent) => ({ 'Idempotency-Key': intent.keyFor(sent) }) });
  intent.succeeded();
  return answer;
}
