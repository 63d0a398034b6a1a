import { Hono } from 'hono';
import { createApp } from '../functions/src/api/app.js';
import type { ApiEnv } from '../functions/src/api/http/env.js';
import type { AppDeps } from '../functions/src/platform/deps.js';
import type { CdnCache } from './cdn-cache.js';
import { mountLocalFiles } from './files.js';
import { loadHostingHeaders } from './hosting-headers.js';
import { mountSite } from './site.js';
import { mountLocalUploads } from './uploads.js';

export interface LocalAppOptions {
  /** Built site folder served for every non-API path; absent in API-only tests. */
  siteDir?: string;
  /** Firebase Hosting's CDN in front of the API (server/cdn-cache.ts); absent in API tests unless asked. */
  cdn?: CdnCache;
}

/**
 * One Node process serves what Firebase Hosting, Cloud Functions and Cloud Storage serve in
 * production: the API (the very app the `api` function exports), uploaded files and the site.
 */
export function createLocalApp(deps: AppDeps, options: LocalAppOptions = {}): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const api = createApp(deps);
  if (options.cdn) app.use('/api/*', options.cdn.middleware);
  // Hosting puts firebase.json's headers over the answer of the function behind a rewrite, before
  // its CDN decides what to keep: a rule that matched /api would turn every private answer public.
  const hostingHeaders = loadHostingHeaders();
  app.use('/api/*', async (c, next) => {
    await next();
    for (const [key, value] of Object.entries(hostingHeaders(new URL(c.req.url).pathname))) c.res.headers.set(key, value);
  });
  // The API keeps its own error and not-found handling: hand it the raw request whole, with the
  // connection (the caller's address comes from the socket: api/http/client-address.ts).
  app.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  app.all('/api', (c) => api.fetch(c.req.raw, c.env));
  mountLocalUploads(app, deps);
  mountLocalFiles(app, deps);
  if (options.siteDir) mountSite(app, deps, { siteDir: options.siteDir });
  return app;
}
