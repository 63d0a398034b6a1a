/**
 * The browser reaches the API only through a route picked on the typed client (checked by
 * `npm run typecheck`; nothing here runs): the untyped get/post/put/del/request, which named a path
 * and an answer type by hand, must not come back on any client the site builds.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { api as staffApi } from '../../src/admin/session';
import type { ApiClient } from '../../src/lib/api-client';
import type { publicApi } from '../../src/lib/public-api';
import type { Session } from '../../src/lib/session';

describe('one typed client', () => {
  it('offers `call` and nothing else', () => {
    expectTypeOf<keyof ApiClient>().toEqualTypeOf<'call'>();
    expectTypeOf<keyof typeof staffApi>().toEqualTypeOf<'call'>();
    expectTypeOf<keyof typeof publicApi>().toEqualTypeOf<'call'>();
    expectTypeOf<keyof Session['api']>().toEqualTypeOf<'call'>();
  });
});
