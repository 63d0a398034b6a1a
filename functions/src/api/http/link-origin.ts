import type { Context } from 'hono';
import type { ApiEnv } from './env.js';

/**
 * The origin that links in mails sent for this request point at: SITE_URL when it is set;
 * otherwise (a local run) the loopback name the site was opened on, so someone working on
 * http://127.0.0.1:4321 does not get links to localhost. Only the known loopback origins are
 * taken from the request: a Host header never chooses where a reset link points.
 */
export function linkOrigin(c: Context<ApiEnv>): string {
  const { siteUrl, loopbackOrigins } = c.get('deps').config;
  const origin = c.req.header('origin') ?? new URL(c.req.url).origin;
  return loopbackOrigins.includes(origin) ? origin : siteUrl;
}
