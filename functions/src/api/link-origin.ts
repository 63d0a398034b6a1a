import type { Context } from 'hono';
import type { ApiEnv } from './env.js';

/** The origin that links in mails sent for this request point at. */
export function linkOrigin(c: Context<ApiEnv>): string {
  return c.get('deps').config.siteUrl;
}
