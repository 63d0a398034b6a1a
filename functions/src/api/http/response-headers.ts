import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../platform/deps.js';
import { noOperations } from '../../ports/operation-meter.js';
import { PRIVATE_NO_STORE } from './cache-policy.js';
import type { ApiEnv } from './env.js';

/** What browsers are told about every API answer (an API answer is never a page to frame or sniff). */
const SECURITY_HEADERS: readonly [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-site'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

const CORS_ALLOW_HEADERS = 'Authorization,Content-Type,X-Request-Id,Idempotency-Key';
const CORS_ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE';
const CORS_MAX_AGE_SECONDS = '600';

/**
 * Request id, security and CORS headers, the private no-store default and the request log line, in one
 * middleware that sets every header BEFORE the handler answers. A header set after the answer
 * exists makes Hono rebuild the response around a body stream, which the Node adapter must then
 * read back chunk by chunk: on a cheap read that costs more than the read itself. Handlers still
 * override any of them (Cache-Control above all) with c.header().
 */
export function responseHeaders(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  const logRequests = deps.config.env !== 'test';
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
    c.header('X-Request-Id', requestId);
    // Visitors' public reads are made cacheable by api/http/cache-policy.ts; everything else never is.
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const origin = c.req.header('origin');
    if (origin && deps.config.corsOrigins.includes(origin)) c.header('Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS') {
      c.header('Vary', 'Origin, Access-Control-Request-Headers');
      c.header('Access-Control-Max-Age', CORS_MAX_AGE_SECONDS);
      c.header('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      c.header('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      return c.body(null, 204);
    }
    c.header('Vary', 'Origin');
    const started = performance.now();
    // The store operations this request made, as Firestore bills them, for the log line.
    const operations = noOperations();
    await deps.store.meter.run(operations, next);
    if (logRequests) {
      deps.log.info('request', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...operations,
      });
    }
  };
}
