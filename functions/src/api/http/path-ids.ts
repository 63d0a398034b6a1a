import type { MiddlewareHandler } from 'hono';
import { ARTICLE_NOT_FOUND } from '../../domain/articles/index.js';
import { AppError } from '../../platform/errors.js';
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

/** The spec's not-found texts of the resources a reader reaches by link; other paths get the generic one. */
const NOT_FOUND_BY_RESOURCE: Record<string, string> = { articles: ARTICLE_NOT_FOUND, authors: 'Yazar bulunamadı' };

export const checkPathIds: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const segments = new URL(c.req.url).pathname.split('/').slice(1);
  const notFound = () => new AppError('NOT_FOUND', NOT_FOUND_BY_RESOURCE[segments[1] ?? ''] ?? 'İstenen adres bulunamadı.');
  for (const raw of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      throw notFound();
    }
    if (!isAcceptableId(decoded)) throw notFound();
  }
  await next();
};
