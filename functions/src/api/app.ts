import { Hono } from 'hono';
import { ZodError } from 'zod';
import { StoreError } from '../ports/document-store.js';
import type { AppDeps } from '../platform/deps.js';
import { AppError, MESSAGES } from '../platform/errors.js';
import { resolveViewer } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { mountCachePolicies, PRIVATE_NO_STORE } from './http/cache-policy.js';
import { checkPathIds } from './http/path-ids.js';
import { responseHeaders } from './http/response-headers.js';
import { mountRoutes } from './routes.js';
import { validationError } from './http/validation.js';

/** Paths whose visitor answers depend on nothing but the URL and the published content. */
const PUBLIC_READ_PATHS = ['/api/articles', '/api/articles/*', '/api/authors', '/api/authors/*'];
/** Of those, the article lists, whose answer is the same for every caller, signed in or not. */
const SHARED_LIST_PATHS = [
  '/api/articles',
  '/api/articles/featured',
  '/api/articles/latest',
  '/api/articles/popular',
  '/api/articles/categories',
  '/api/articles/search',
  '/api/articles/category/:category',
  '/api/articles/author/:authorId',
];

/**
 * The one API app: served by the local server and exported as the `api` Cloud Function.
 * Routes only delegate; errors become responses here and nowhere else.
 */
export function createApp(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.use('*', responseHeaders(deps));
  mountCachePolicies(app);
  app.use('/api/*', checkPathIds);
  // The composition root (local-deps.ts, cloud-deps.ts) clears it on every rebuild signal.
  for (const path of PUBLIC_READ_PATHS) app.use(path, deps.publicReads.middleware);
  app.use('*', resolveViewer);
  for (const path of SHARED_LIST_PATHS) app.use(path, deps.publicReads.signedInMiddleware);

  mountRoutes(app);

  app.notFound((c) => c.json({ success: false, code: 'NOT_FOUND', message: 'İstenen adres bulunamadı.' }, 404));

  app.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      deps.log.error('unhandled error', { requestId: c.get('requestId'), error: String(error), stack: (error as Error).stack });
    }
    // A bad or missing address answers every visitor alike and may be kept; no other error may.
    if (appError.status !== 400 && appError.status !== 404) c.header('Cache-Control', PRIVATE_NO_STORE);
    for (const [name, value] of Object.entries(appError.options.headers ?? {})) c.header(name, value);
    const body: Record<string, unknown> = { success: false, message: appError.message, code: appError.code };
    if (appError.options.errors) body.errors = appError.options.errors;
    return c.json(body, appError.status as 400);
  });

  return app;
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof StoreError && error.code === 'ABORTED') return new AppError('CONFLICT', 'İşlem çakıştı, lütfen tekrar deneyin.');
  return new AppError('INTERNAL', MESSAGES.server);
}
