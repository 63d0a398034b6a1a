/**
 * The shape of what the API sends, as the browser receives it. Server views return domain values
 * (with `Date`s); JSON turns those into ISO strings, so the browser's type is `Wire<View>`, never a
 * hand-written copy. Browser-safe: types and one pure function only, no server imports.
 */

type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** A view as it arrives over JSON: every `Date` (however deep) becomes its ISO string. */
export type Wire<T> = T extends Date
  ? string
  : T extends Primitive
    ? T
    : T extends (...args: never[]) => unknown
      ? never
      : T extends readonly (infer Item)[]
        ? Wire<Item>[]
        : { [K in keyof T]: Wire<T[K]> };

/** The paging block of architecture §6, beside `data` on every paged list. */
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

/** A successful answer (architecture §6). `P` widens the paging block where a list adds counters. */
export interface SuccessEnvelope<T, P extends Pagination = Pagination> {
  success: true;
  data: T;
  message?: string;
  pagination?: P;
}

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A server value as the browser would receive it. For pages that render views at build time and
 * hand them to components written for API answers: the same JSON step, so the same shape.
 */
export function toWire<T>(value: T): Wire<T> {
  return JSON.parse(JSON.stringify(value)) as Wire<T>;
}
