import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { ApiEnv, Viewer } from './env.js';
import { ok, pagination } from './respond.js';
import { parseBody, parseQuery } from './validation.js';

/**
 * The two handler shapes most routes share, written once so the order stays the same everywhere:
 * who may ask is checked first, then the request is validated (a bad one answers with its Turkish
 * message and changes nothing), then the domain service runs and its result goes into the envelope.
 * A route that needs anything else (a header, a second read) keeps its own handler.
 */

type Guard = (c: Context<ApiEnv>) => Viewer;

interface Call<I> {
  deps: AppDeps;
  viewer: Viewer;
  input: I;
  /** A parameter of the route's path (`:id`). */
  param: (name: string) => string;
  c: Context<ApiEnv>;
}

function call<I>(c: Context<ApiEnv>, viewer: Viewer, input: I): Call<I> {
  const param = (name: string) => {
    const value = c.req.param(name);
    // The route's pattern guarantees its parameters: a missing one is a mistake in the route table.
    if (value === undefined) throw new Error(`The route has no :${name} parameter`);
    return value;
  };
  return { deps: c.get('deps'), viewer, input, param, c };
}

/** A write with a JSON body: `message` may depend on what was sent (a toggle and a full edit say different things). */
export function bodyRoute<S extends z.ZodType, T>(
  guard: Guard,
  schema: S,
  run: (call: Call<z.output<S>>) => Promise<T>,
  answer: { message: string | ((input: z.output<S>) => string); status?: ContentfulStatusCode },
) {
  return async (c: Context<ApiEnv>) => {
    const viewer = guard(c);
    const input = await parseBody(c, schema);
    const data = await run(call(c, viewer, input));
    return ok(c, data, { message: typeof answer.message === 'string' ? answer.message : answer.message(input), status: answer.status });
  };
}

/** A route without a body (a read of the caller's own data, a remove, a restore): the service's result is the answer. */
export function serviceRoute<T>(guard: Guard, run: (call: Call<undefined>) => Promise<T>, answer: { message?: string } = {}) {
  return async (c: Context<ApiEnv>) => {
    const viewer = guard(c);
    return ok(c, await run(call(c, viewer, undefined)), { message: answer.message });
  };
}

/** A paged list: the query schema spreads `pageQuery`, the service returns one page and the total; `data` wraps the page where the spec nests it. */
export function pagedListRoute<S extends z.ZodType<{ page: number; limit: number }>, T, D = T[]>(
  guard: Guard,
  query: S,
  list: (call: Call<z.output<S>>) => Promise<{ items: T[]; total: number }>,
  data?: (items: T[]) => D,
) {
  return async (c: Context<ApiEnv>) => {
    const viewer = guard(c);
    const q = parseQuery(c, query);
    const { items, total } = await list(call(c, viewer, q));
    // D is T[] unless `data` is given (the default type argument), so either branch is a D.
    return ok(c, (data ? data(items) : items) as D, { pagination: pagination(q.page, q.limit, total) });
  };
}
