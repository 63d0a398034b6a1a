/**
 * The list the type tests check (tests/types/route-list.ts) is the app's real route table, so a
 * route added without a line there (and so without a typed answer) fails here.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mountRoutes } from '../../functions/src/api/routes.js';
import type { ApiEnv } from '../../functions/src/api/http/env.js';
import { TYPED_ROUTES } from '../types/route-list.js';

describe('typed route list', () => {
  it('names every route the app serves, and no other', () => {
    const app = new Hono<ApiEnv>();
    mountRoutes(app);
    const served = app.routes.map((r) => `${r.method} ${r.path}`);
    expect([...served].sort()).toEqual([...TYPED_ROUTES].sort());
  });
});
