import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/** The response envelope of architecture §6. */
export function ok<T>(c: Context, data: T, extra: { message?: string; pagination?: Pagination; status?: ContentfulStatusCode } = {}) {
  const body: Record<string, unknown> = { success: true, data };
  if (extra.message) body.message = extra.message;
  if (extra.pagination) body.pagination = extra.pagination;
  return c.json(body, extra.status ?? 200);
}
