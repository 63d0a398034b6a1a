/**
 * Every route through the typed client (checked by `npm run typecheck`; nothing here runs). The
 * list in route-list.ts must name exactly the routes `ApiRoutes` declares, and each of them must
 * answer JSON whose `data` has a type: a route that sends `unknown` (or a raw body) is typed at
 * the route before the browser may call it. tests/unit/typed-routes.test.ts ties the same list
 * to the routes the app really serves.
 */
import type { ExtractSchema } from 'hono/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiRoutes } from '../../functions/src/api/routes';
import type { Answer, ApiRoutesClient } from '../../src/lib/api-client';
import type { FILE_ROUTES, TYPED_ROUTES } from './route-list';

type Schema = ExtractSchema<ApiRoutes>;
type Method<M> = M extends `$${infer Name}` ? Uppercase<Name> : never;
/** 'GET /api/races/:id' for every route the type declares. */
type DeclaredRoute = { [P in keyof Schema & string]: `${Method<keyof Schema[P]>} /api${P}` }[keyof Schema & string];
type Listed = (typeof TYPED_ROUTES)[number];

type IsUntyped<T> = 0 extends 1 & T ? true : unknown extends T ? true : false;
/** The routes whose answer the client cannot read as a typed envelope. */
type Untyped = {
  [P in keyof Schema & string]: {
    [M in keyof Schema[P] & string]: Schema[P][M] extends { outputFormat: 'json'; output: { success: true; data: infer D } } ? (IsUntyped<D> extends true ? `${Method<M>} /api${P}` : never) : `${Method<M>} /api${P}`;
  }[keyof Schema[P] & string];
}[keyof Schema & string];
type FileRoute = (typeof FILE_ROUTES)[number];

describe('the typed client covers every route', () => {
  it('lists exactly the declared routes', () => {
    expectTypeOf<Exclude<DeclaredRoute, Listed>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<Listed, DeclaredRoute>>().toEqualTypeOf<never>();
  });
  it('gives every route a typed answer', () => {
    expectTypeOf<Exclude<Untyped, FileRoute>>().toEqualTypeOf<never>();
  });
  it('reads a route through the client with its own type', () => {
    type Race = Answer<Awaited<ReturnType<ApiRoutesClient['races'][':id']['$get']>>>;
    expectTypeOf<Race['data']['id']>().toEqualTypeOf<string>();
    expectTypeOf<Parameters<ApiRoutesClient['races'][':id']['$get']>[0]>().toEqualTypeOf<{ param: { id: string } }>();
  });
});
