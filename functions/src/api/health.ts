import { Hono } from 'hono';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';

export const healthRoutes = new Hono<ApiEnv>().get('/', async (c) => {
  const { store, now } = c.get('deps');
  return ok(c, { status: 'ok', store: store.kind, time: now().toISOString() });
});
