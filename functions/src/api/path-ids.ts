import type { MiddlewareHandler } from 'hono';
import { AppError } from '../platform/errors.js';
import type { ApiEnv } from './env.js';

/** Longest path segment (id, slug, key, date) any route accepts; real ids are far shorter. */
const MAX_SEGMENT_BYTES = 200;

/**
 * One rule for every id in a path (`:id`, `:articleId`, `:slug`, `:key`...): a value the store
 * could never hold as a document id (a `/` once decoded, `.`/`..`, Firestore's reserved `__x__`,
 * control characters, over-long) names nothing, so the answer is 404 before any route runs. The
 * store would otherwise refuse it with an error that surfaced as 500.
 */
export function isAcceptableId(value: string): boolean {
  return (
    value !== '' &&
    value !== '.' &&
    value !== '..' &&
    Buffer.byteLength(value) <= MAX_SEGMENT_BYTES &&
    !value.includes('/') &&
    !value.includes('\\') &&
    ![...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) &&
    !/^__.*__$/.test(value)
  );
}

export const checkPathIds: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const segments = new URL(c.req.url).pathname.split('/').slice(1);
  for (const raw of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      throw new AppError('NOT_FOUND', 'İstenen adres bulunamadı.');
    }
    if (!isAcceptableId(decoded)) throw new AppError('NOT_FOUND', 'İstenen adres bulunamadı.');
  }
  await next();
};
