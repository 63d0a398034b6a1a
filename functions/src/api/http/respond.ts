import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { pagination, type Pagination, type SuccessEnvelope } from '../../platform/wire.js';

export { pagination, type Pagination };

/**
 * The response envelope of architecture §6, typed: `data` keeps the view's type (the browser reads
 * it as `Wire<View>`), and `P` lets a list widen the paging block with its own counters.
 */
export function ok<T, P extends Pagination = Pagination>(c: Context, data: T, extra: { message?: string; pagination?: P; status?: ContentfulStatusCode } = {}) {
  const body: SuccessEnvelope<T, P> = { success: true, data };
  if (extra.message) body.message = extra.message;
  if (extra.pagination) body.pagination = extra.pagination;
  return c.json(body, extra.status ?? 200);
}
