import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { pagination, type Pagination } from '../platform/wire.js';

export { pagination, type Pagination };

/** The response envelope of architecture §6. */
export function ok<T>(c: Context, data: T, extra: { message?: string; pagination?: Pagination; status?: ContentfulStatusCode } = {}) {
  const body: Record<string, unknown> = { success: true, data };
  if (extra.message) body.message = extra.message;
  if (extra.pagination) body.pagination = extra.pagination;
  return c.json(body, extra.status ?? 200);
}
